import { CURRENCY_BY_COUNTRY, type CurrencyCode, DEFAULT_CURRENCY } from '@app/shared/currency';

const KNOWN = new Set<string>(Object.values(CURRENCY_BY_COUNTRY));

/** The API's currency string as one we can format (NGN, the default, for anything unknown). */
export function asCurrency(code: string | null | undefined): CurrencyCode {
  return code && KNOWN.has(code) ? (code as CurrencyCode) : DEFAULT_CURRENCY;
}
