import type { TFunction } from 'i18next';

/** "First Last", else the email, else "(no name)". */
export function personName(
  t: TFunction,
  person: { firstName?: string | null; lastName?: string | null; email?: string | null },
): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || person.email || t('admin.common.noName');
}
