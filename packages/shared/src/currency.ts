import { AppErrorLike } from './app-error-like.ts';

export const CURRENCY_BY_COUNTRY = {
  NG: 'NGN',
  GB: 'GBP',
  US: 'USD',
  DE: 'EUR',
} as const;

export type CurrencyCode = (typeof CURRENCY_BY_COUNTRY)[keyof typeof CURRENCY_BY_COUNTRY];
export const DEFAULT_CURRENCY: CurrencyCode = 'NGN';

/** Minimum top-up in major units: 500 NGN, 5 in every other currency (SPEC.md §9). */
export const MIN_TOP_UP_MAJOR: Record<CurrencyCode, number> = {
  NGN: 500,
  GBP: 5,
  USD: 5,
  EUR: 5,
};

/** The currency of an operating country; an unknown country throws CURRENCY_NOT_FOUND. */
export function currencyForCountry(countryCode: string): CurrencyCode {
  const currency = (CURRENCY_BY_COUNTRY as Record<string, CurrencyCode>)[countryCode.toUpperCase()];
  if (!currency) throw new AppErrorLike('CURRENCY_NOT_FOUND');
  return currency;
}

/** Like currencyForCountry, but falls back to NGN for display purposes. */
export function currencyForCountryOrDefault(countryCode: string | null | undefined): CurrencyCode {
  if (!countryCode) return DEFAULT_CURRENCY;
  return (CURRENCY_BY_COUNTRY as Record<string, CurrencyCode>)[countryCode.toUpperCase()] ?? DEFAULT_CURRENCY;
}

export function minTopUpMinor(currency: CurrencyCode): number {
  return MIN_TOP_UP_MAJOR[currency] * 100;
}
