import type { Language } from './constants.ts';
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

const LOCALE_BY_CURRENCY: Record<CurrencyCode, string> = {
  NGN: 'en-NG',
  GBP: 'en-GB',
  USD: 'en-US',
  EUR: 'de-DE',
};

const moneyFormats = new Map<CurrencyCode, Intl.NumberFormat>();

/**
 * Formats minor units for people: ₦5,000.00, £5.00, $5.00, 5,00 €.
 * The currency's home locale decides separators, so a price reads the same in en and de.
 * One Intl.NumberFormat per currency, made once (making one costs far more than using it).
 */
export function formatMoney(minor: number, currency: CurrencyCode, _language?: Language): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_BY_CURRENCY[currency], {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    });
    moneyFormats.set(currency, format);
  }
  return format.format(toMajor(minor));
}
