import { intlLocale, type Language } from '@app/shared/constants';
import { asCurrency, type CurrencyCode } from '@app/shared/currency';
import { formatMoney } from '@app/shared/money';
import { dateTimeFormat } from './dates';

/** The API's currency string as one we can format: the shared helper, here beside the formatters. */
export { asCurrency };

/** The currency's narrow symbol (₦, £, $, €), the prefix inside an amount input. */
export function currencySymbol(currency: CurrencyCode): string {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** Minor units of an API currency string, in the reader's language (₦5,000.00 / 5.000,00 ₦). */
export function money(minor: number, currency: string, language: Language): string {
  return formatMoney(minor, asCurrency(currency), language);
}

/** Several amounts as one phrase in the reader's language (₦5,000.00 and $20.00). */
export function moneyList(amounts: readonly { balance: number; currency: string }[], language: Language): string {
  const list = new Intl.ListFormat(intlLocale(language), { type: 'conjunction' });
  return list.format(amounts.map((amount) => money(amount.balance, amount.currency, language)));
}

/** A signed amount for a statement line: +₦5,000.00 in, −₦2,000.00 out. */
export function signedMoney(minor: number, direction: 'credit' | 'debit', currency: string, language: Language) {
  return `${direction === 'credit' ? '+' : '−'}${money(Math.abs(minor), currency, language)}`;
}

/** Date and time in the reader's language and zone (components: useReaderDates). */
export function formatDateTime(iso: string, language: Language, zone: string): string {
  return dateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(
    new Date(iso),
  );
}

/** A day in the reader's language and zone (components: useReaderDates). */
export function formatDate(iso: string, language: Language, zone: string): string {
  return dateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: zone }).format(new Date(iso));
}
