import { intlLocale } from '@app/shared/constants';
import { addDays, addMonths, datesOfMonth, isoWeekday } from '@app/shared/day-times';

export { addDays, addMonths, datesOfMonth, isoWeekday };

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * One Intl.DateTimeFormat per locale and options, made once: making one costs far more than
 * formatting with it (a directory page of next free times spent a visible part of its render
 * making them, most of all on slow phones).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * Formatters of one locale and option set, one per zone, each made once and found by the zone
 * alone (no key built from the options): a page of free times asks for dozens of instants.
 */
export function zoneFormatters(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): (zone: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (zone) => {
    let format = byZone.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
      byZone.set(zone, format);
    }
    return format;
  };
}

const calendarDateIn = zoneFormatters('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date ("YYYY-MM-DD") of an instant in a zone, read with Intl (no zone library). */
export function dateInZone(instant: Date | number | string, zone: string): string {
  let year = '';
  let month = '';
  let day = '';
  for (const part of calendarDateIn(zone).formatToParts(new Date(instant))) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/** Today in a zone. */
export function todayInZone(zone: string, now: number = Date.now()): string {
  return dateInZone(now, zone);
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** Dates as calendar days: formatted at noon UTC with timeZone UTC, so no zone shifts them. */
function atNoon(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

const utcFormats = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();
/** The formatter of calendar days for a language and one of the option sets below, found by the set itself. */
function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let byLanguage = utcFormats.get(options);
  if (!byLanguage) {
    byLanguage = new Map();
    utcFormats.set(options, byLanguage);
  }
  let format = byLanguage.get(language);
  if (!format) {
    format = dateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' });
    byLanguage.set(language, format);
  }
  return format;
}

const MONTH_TITLE: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };
const LONG_DATE: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
const SHORT_DATE: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const WEEKDAY: Record<'long' | 'short', Intl.DateTimeFormatOptions> = {
  long: { weekday: 'long' },
  short: { weekday: 'short' },
};

/** "November 2026" / "November 2026". */
export function formatMonthTitle(month: string, language: string): string {
  return formatter(language, MONTH_TITLE).format(atNoon(`${month}-01`));
}

/** "Sunday, 22 November 2026" / "Sonntag, 22. November 2026". */
export function formatLongDate(date: string, language: string): string {
  return formatter(language, LONG_DATE).format(atNoon(date));
}

/** "Sun 22 Nov" / "So., 22. Nov.". */
export function formatShortDate(date: string, language: string): string {
  return formatter(language, SHORT_DATE).format(atNoon(date));
}

/** Weekday names, ISO order (1 = Monday … 7 = Sunday), long or short. */
export function weekdayName(dayOfWeek: number, language: string, width: 'long' | 'short' = 'long'): string {
  // 2024-01-01 was a Monday.
  return formatter(language, WEEKDAY[width]).format(atNoon(addDays('2024-01-01', dayOfWeek - 1)));
}

/**
 * The weeks of a month for a Monday-first grid: each week has 7 cells, a date or null for the
 * days of the neighbouring months.
 */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const dates = datesOfMonth(month);
  const cells: Array<string | null> = Array.from({ length: isoWeekday(dates[0] as string) - 1 }, () => null);
  cells.push(...dates);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** An IANA zone for people: "America/New_York" → "America/New York". */
export function zoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}
