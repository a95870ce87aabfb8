import { intlLocale, languageOf } from '@app/shared/constants';
import { toMajor } from '@app/shared/money';
import { dateTimeFormat } from '#app/lib/dates';
import { money } from '#app/lib/money';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A day of a chart ("1 Mar" / "1. März"); days are UTC calendar days. */
export function chartDay(date: string, language: string): string {
  return dateTimeFormat(intlLocale(language), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** A month of a chart ("Mar 2027" / "März 2027"). */
export function chartMonth(month: string, language: string): string {
  return dateTimeFormat(intlLocale(language), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/** A count in the reader's language (1,234 / 1.234). */
export function chartCount(language: string): (value: number) => string {
  const format = numberFormat(intlLocale(language), { maximumFractionDigits: 0 });
  return (value) => format.format(value);
}

/** A share as a percentage (12.5% / 12,5 %). */
export function chartPercent(value: number, language: string): string {
  return numberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** Minor units of a currency as money, in full (table, tooltip) and compact for the axis (₦1.2M / 1,2 Mio. ₦). */
export function chartMoney(currency: string, language: string) {
  const compact = numberFormat(intlLocale(language), {
    style: 'currency',
    currency,
    notation: 'compact',
    currencyDisplay: 'narrowSymbol',
  });
  return {
    // In full the way every amount of the app reads.
    format: (minor: number) => money(minor, currency, languageOf(language)),
    axisFormat: (minor: number) => compact.format(toMajor(minor)),
  };
}
