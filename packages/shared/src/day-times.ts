/**
 * Wall-clock times of a day and calendar dates, with no zone (slots.ts adds zones and re-exports
 * these): what the web's date and time display needs without the zone library.
 */

/** A wall-clock range "HH:MM"–"HH:MM" ("24:00" allowed as an end). */
export interface TimeRange {
  startTime: string;
  endTime: string;
}

/** SPEC.md §9: default availability 09:00 to 18:00. */
export const DEFAULT_TIME_RANGE: TimeRange = { startTime: '09:00', endTime: '18:00' };
/** A day has at most this many ranges (24 hourly options in the time dropdown). */
export const MAX_RANGES_PER_DAY = 24;

const TIME_PATTERN = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;

/** "HH:MM" → minutes after midnight (0–1440), or null when malformed or outside 00:00–24:00. */
export function timeToMinutes(value: string): number | null {
  const match = TIME_PATTERN.exec(value);
  if (!match) return null;
  const hours = Number(match[1] ?? match[3]);
  const minutes = Number(match[2] ?? match[4]);
  return hours * 60 + minutes;
}

/** Minutes after midnight → "HH:MM" (1440 → "24:00"). */
export function minutesToTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "YYYY-MM-DD" → [year, month, day]; throws on anything else. */
export function splitDate(date: string): [number, number, number] {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The UTC calendar date of an instant. */
export function utcDateString(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** "YYYY-MM-DD" naming a real calendar date. */
export function isValidIsoDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return utcDateString(ms) === value && Number(match[1]) >= 1970;
}

/** "YYYY-MM" naming a real month. */
export function isValidMonth(value: string): boolean {
  const match = MONTH_PATTERN.exec(value);
  if (!match) return false;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 && Number(match[1]) >= 1970;
}

/** Calendar arithmetic on "YYYY-MM-DD", independent of any zone. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = splitDate(date);
  return utcDateString(Date.UTC(year, month - 1, day + days));
}

/** "YYYY-MM" plus n months. */
export function addMonths(month: string, months: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every date of a month, in order. */
export function datesOfMonth(month: string): string[] {
  const first = `${month}-01`;
  const next = `${addMonths(month, 1)}-01`;
  const dates: string[] = [];
  for (let date = first; date < next; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [year, month, day] = splitDate(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}
