/**
 * The tax printed on a session invoice, by the issuing provider's country: the one table of rates
 * (README "Receipts and invoices"). Session prices are what the client pays, tax included, so the
 * line shows the tax contained in the price. A country not listed (NG, US) prints no tax line.
 * Rates in basis points (2000 = 20%).
 */
export const TAX_RATES: Readonly<Record<string, { labelKey: 'vat'; rateBps: number }>> = {
  GB: { labelKey: 'vat', rateBps: 2000 },
  DE: { labelKey: 'vat', rateBps: 1900 },
};

export interface TaxLine {
  labelKey: 'vat';
  rateBps: number;
  /** The tax contained in the gross amount, rounded half up to the minor unit. */
  amountMinor: number;
}

/** The tax line of an invoice of `grossMinor` issued from `countryCode`, or null where none is asked. */
export function taxLineFor(countryCode: string | null, grossMinor: number): TaxLine | null {
  const rate = countryCode ? TAX_RATES[countryCode] : undefined;
  if (!rate) return null;
  const amountMinor = Math.round((grossMinor * rate.rateBps) / (10_000 + rate.rateBps));
  return { labelKey: rate.labelKey, rateBps: rate.rateBps, amountMinor };
}
