import type { CurrencyCode } from '@app/shared/currency';
import { formatMoney } from '@app/shared/money';

/** The currency's narrow symbol (₦, £, $, €), for a prefix inside an amount input. */
export function currencySymbol(currency: CurrencyCode): string {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

export { formatMoney };
