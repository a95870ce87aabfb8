import type { Language } from '@app/shared/constants';
import type { CurrencyCode } from '@app/shared/currency';
import { formatMoney } from '@app/shared/money';

// Apart from lib/money.ts (its currency table) and lib/format.ts (dates and times): a provider's
// fee on the budgeted pages needs this alone (the page budget in scripts/check-js-budget.mjs).

/** A price in minor units in the reader's language: "₦15,000.00" / "15.000,00 ₦"; unknown codes fall back to the code. */
export function priceText(minor: number, currencyCode: string, language: Language): string {
  try {
    return formatMoney(minor, currencyCode as CurrencyCode, language);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currencyCode}`;
  }
}
