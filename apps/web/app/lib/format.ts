import { intlLocale } from '@app/shared/constants';
import { dateInZone, dateTimeFormat, formatLongDate, formatShortDate, zoneFormatters } from './dates';
import { formatClock } from './time';

const clockIn = zoneFormatters('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "HH:MM" of an instant in a zone (24-hour, for formatTime12). */
export function timeInZone(instant: string | Date, zone: string): string {
  let hour = '00';
  let minute = '00';
  for (const part of clockIn(zone).formatToParts(new Date(instant))) {
    if (part.type === 'hour') hour = part.value;
    else if (part.type === 'minute') minute = part.value;
  }
  return `${hour}:${minute}`;
}

/** "Monday, 23 November 2026" of an instant in a zone. */
export function longDateOf(instant: string, zone: string, language: string): string {
  return formatLongDate(dateInZone(instant, zone), language);
}

/** "Mon 23 Nov" of an instant in a zone. */
export function shortDateOf(instant: string, zone: string, language: string): string {
  return formatShortDate(dateInZone(instant, zone), language);
}

/** "9:00 AM – 10:00 AM" / "09:00 – 10:00" in the reader's language. */
export function timeRangeOf(startAt: string, endAt: string | null, zone: string, language: string): string {
  const start = formatClock(timeInZone(startAt, zone), language);
  return endAt ? `${start} – ${formatClock(timeInZone(endAt, zone), language)}` : start;
}

/** "28 Nov 2026, 14:30" (en) or "28.11.2026, 14:30" (de) of an instant in a zone: a deadline or a moment. */
export function dateTimeOf(instant: string, zone: string, language: string): string {
  return dateTimeFormat(intlLocale(language), {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(instant));
}

/** "9:00 AM" / "09:00" in the reader's language. */
export function timeOf(instant: string, zone: string, language: string): string {
  return formatClock(timeInZone(instant, zone), language);
}

/** Whole minutes between two instants. */
export function minutesBetween(startAt: string, endAt: string): number {
  return Math.round((new Date(endAt).getTime() - new Date(startAt).getTime()) / 60_000);
}
