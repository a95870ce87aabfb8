import type { Language } from '@app/shared/constants';
import { translate } from '../../../platform/i18n.ts';
import type { BothLanguages, PlatformDetails } from '../document-data.ts';

/** The words of a document in the reader's language (`documents.pdf.*` in en.json and de.json). */
export function pdfWords(language: Language) {
  return (key: string, params: Record<string, unknown> = {}) => translate(language, `documents.pdf.${key}`, params);
}
export type PdfWords = ReturnType<typeof pdfWords>;

export const inLanguage = (words: BothLanguages | null, language: Language): string | null =>
  words ? words[language] : null;

/** The platform's legal line printed at the foot of every page. */
export function platformFooter(platform: PlatformDetails, t: PdfWords): string {
  return [
    platform.legalName,
    platform.addressLines.join(', '),
    platform.registrationNumber ? t('registration', { value: platform.registrationNumber }) : null,
    platform.vatNumber ? t('vatNumber', { value: platform.vatNumber }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
