import { intlLocale, type Language } from '@app/shared/constants';

/**
 * Money, dates and times on documents, in the reader's language and time zone (Intl). One small
 * helper for every document so the PDFs and the CSV agree.
 */
export interface Formatter {
  money(minor: number, currencyCode: string): string;
  date(at: Date | string): string;
  dateTime(at: Date | string): string;
  time(at: Date | string): string;
  month(month: string): string;
  percent(basisPoints: number): string;
}

export function documentFormatter(language: Language, timeZone: string): Formatter {
  const locale = intlLocale(language);
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  return {
    money(minor, currencyCode) {
      let format = moneyFormats.get(currencyCode);
      if (!format) {
        format = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: currencyCode,
          currencyDisplay: 'narrowSymbol',
        });
        moneyFormats.set(currencyCode, format);
      }
      return format.format(minor / 100);
    },
    date: (at) => date.format(new Date(at)),
    dateTime: (at) => `${dateTime.format(new Date(at))} (${timeZone})`,
    time: (at) => time.format(new Date(at)),
    month: (value) => month.format(new Date(`${value}-01T00:00:00Z`)),
    percent: (basisPoints) => percent.format(basisPoints / 10_000),
  };
}
