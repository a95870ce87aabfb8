import type { Config } from '../../config.ts';

/**
 * Reference rates, units of each currency per US dollar, used only to SHOW a fee in the visitor's
 * currency ("≈ £7.60") and to order the directory by price across currencies. No money moves at
 * these rates: a booking is priced and paid in the provider's currency. Operators override them
 * with EXCHANGE_RATES (docs/operations.md).
 */
export const DEFAULT_RATES_PER_USD: Readonly<Record<string, number>> = {
  USD: 1,
  NGN: 1550,
  GBP: 0.79,
  EUR: 0.92,
};

export type Rates = Readonly<Record<string, number>>;

export function exchangeRates(config: Pick<Config, 'EXCHANGE_RATES'>): Rates {
  if (!config.EXCHANGE_RATES) return DEFAULT_RATES_PER_USD;
  const given = Object.fromEntries(
    config.EXCHANGE_RATES.split(',').map((pair) => {
      const [code, rate] = pair.split('=') as [string, string];
      return [code, Number(rate)];
    }),
  );
  return { ...DEFAULT_RATES_PER_USD, ...given, USD: 1 };
}

/** An amount in minor units converted between currencies at the reference rates, rounded to whole major units; null without a rate. */
export function convertMinor(amountMinor: number, from: string, to: string, rates: Rates): number | null {
  if (from === to) return amountMinor;
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate) return null;
  const major = (amountMinor / 100 / fromRate) * toRate;
  return Math.round(major) * 100;
}
