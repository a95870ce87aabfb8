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

/** A wallet's balances: its home currency's, and the others it holds money in. */
interface Balances {
  balance: number;
  currency: string;
  others: readonly { balance: number; currency: string }[];
}

/** What a wallet holds in one currency (0 when it holds none). */
export function balanceIn(wallet: Balances, currency: string): number {
  if (wallet.currency === currency) return wallet.balance;
  return wallet.others.find((other) => other.currency === currency)?.balance ?? 0;
}
