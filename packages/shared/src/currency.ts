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

/**
 * The one answer to "which currency for this country": the operating country's currency. A
 * country without one (unknown, not operating, or none given) throws CURRENCY_NOT_FOUND, so
 * money that moves (fees, wallets, payouts) never runs on a guess. A caller that only shows a
 * price and may meet such a country says what to show instead: `{ fallback: DEFAULT_CURRENCY }`
 * (docs/decisions/money-one-currency-per-country-helper.md).
 */
export function currencyForCountry(
  countryCode: string | null | undefined,
  options: { fallback?: CurrencyCode } = {},
): CurrencyCode {
  const currency = countryCode
    ? (CURRENCY_BY_COUNTRY as Record<string, CurrencyCode | undefined>)[countryCode.toUpperCase()]
    : undefined;
  if (currency) return currency;
  if (options.fallback) return options.fallback;
  throw new AppErrorLike('CURRENCY_NOT_FOUND');
}

const OPERATING_CURRENCIES = new Set<string>(Object.values(CURRENCY_BY_COUNTRY));

/** A stored or answered currency code as one we can format (the default for anything else). */
export function asCurrency(code: string | null | undefined): CurrencyCode {
  return code && OPERATING_CURRENCIES.has(code) ? (code as CurrencyCode) : DEFAULT_CURRENCY;
}

export function minTopUpMinor(currency: CurrencyCode): number {
  return MIN_TOP_UP_MAJOR[currency] * 100;
}
