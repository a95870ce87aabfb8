import { intlLocale, type Language } from './constants.ts';
import type { CurrencyCode } from './currency.ts';

/** Amounts travel in minor units: a major amount is sent times 100 (SPEC.md §9). */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

export function toMajor(minor: number): number {
  return minor / 100;
}

/** "5,000" or "5000" typed by a person → 500000 minor units; null when it is not digits and commas. */
export function parseMajorInput(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[\d,]+$/.test(trimmed)) return null;
  const digits = trimmed.replaceAll(',', '');
  if (digits === '') return null;
  return toMinor(Number(digits));
}

/** Thousands separators for a digits-only input: "1234567" → "1,234,567". */
export function groupThousands(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Formats minor units for the reader: ₦5,000.00, £5.00, $5.00, €5.00 in English; 5.000,00 ₦,
 * 5,00 £, 5,00 $, 5,00 € in German. The reader's language decides separators, never the currency.
 * One Intl.NumberFormat per language and currency, made once (making one costs far more than using it).
 */
export function formatMoney(minor: number, currency: CurrencyCode, language: Language): string {
  const key = `${language}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    });
    moneyFormats.set(key, format);
  }
  return format.format(toMajor(minor));
}
