import type { Language } from '@app/shared/constants';

/** Reference rows carry their name in each language; pick the caller's. */
export function localizedName(row: { nameEn: string; nameDe: string }, language: Language): string {
  return language === 'de' ? row.nameDe : row.nameEn;
}
