import type { Language } from '@app/shared/constants';

/** Absolute URLs of one page (an entry of `paths`) in both languages (canonical = the page's own language). */
export function alternates(publicUrl: string, lang: Language, page: (lang: Language) => string) {
  const en = `${publicUrl}${page('en')}`;
  const de = `${publicUrl}${page('de')}`;
  return { canonical: lang === 'de' ? de : en, en, de };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the script. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
