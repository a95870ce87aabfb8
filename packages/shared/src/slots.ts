import { IANAZone } from 'luxon';
import {
  addDays,
  addMonths,
  isoWeekday,
  minutesToTime,
  splitDate,
  type TimeRange,
  timeToMinutes,
  utcDateString,
} from './day-times';

// The zone-free part lives in day-times.ts (the web's dates and times load it without luxon).
export {
  addDays,
  addMonths,
  DEFAULT_TIME_RANGE,
  datesOfMonth,
  isoWeekday,
  isValidIsoDate,
  isValidMonth,
  MAX_RANGES_PER_DAY,
  minutesToTime,
  type TimeRange,
  timeToMinutes,
} from './day-times';

/**
 * Pure slot and time-zone logic shared by the API and the web (DESIGN.md §3): a provider's
 * availability is wall-clock time in the provider's IANA zone, a slot is a pair of instants
 * (milliseconds since the epoch), and everyone sees slots in their own zone.
 */

/** A day of a calendar: available or not, and its ranges. */
export interface DayRule {
  isAvailable: boolean;
  intervals: TimeRange[];
}

/** A half-open interval of instants [startMs, endMs). */
export interface Interval {
  startMs: number;
  endMs: number;
}

export const SESSION_MINUTES_OPTIONS = [30, 45, 60, 90, 120] as const;
export type SessionMinutes = (typeof SESSION_MINUTES_OPTIONS)[number];
/** SPEC.md §9: the booking calendar covers the current month plus two months. */
export const BOOKING_WINDOW_MONTHS_AHEAD = 2;
/** Slots start on the provider's wall-clock hour. */
export const SLOT_START_STEP_MINUTES = 60;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MINUTES = 24 * 60;

export function isSessionMinutes(value: number): value is SessionMinutes {
  return (SESSION_MINUTES_OPTIONS as readonly number[]).includes(value);
}

/** Sorted, with touching or overlapping ranges joined; malformed or empty ranges are dropped. */
export function mergeRanges(ranges: readonly TimeRange[]): Array<{ start: number; end: number }> {
  const parsed = ranges
    .map((range) => ({ start: timeToMinutes(range.startTime), end: timeToMinutes(range.endTime) }))
    .filter((range): range is { start: number; end: number } => {
      return range.start !== null && range.end !== null && range.end > range.start && range.start < DAY_MINUTES;
    })
    .sort((a, b) => a.start - b.start);
  const merged: Array<{ start: number; end: number }> = [];
  for (const range of parsed) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * Index of the first range that overlaps another one of the list (touching is allowed), or -1.
 * Ranges with a malformed time are ignored (their own check reports them).
 */
export function findOverlappingRange(ranges: readonly TimeRange[]): number {
  const parsed = ranges.map((range, index) => ({
    index,
    start: timeToMinutes(range.startTime),
    end: timeToMinutes(range.endTime),
  }));
  for (const a of parsed) {
    if (a.start === null || a.end === null || a.end <= a.start) continue;
    for (const b of parsed) {
      if (b.index >= a.index || b.start === null || b.end === null || b.end <= b.start) continue;
      if (a.start < b.end && b.start < a.end) return a.index;
    }
  }
  return -1;
}

const canonicalZones = new Map<string, string>();
/** The runtime's spelling of a zone ("europe/berlin" → "Europe/Berlin"). */
export function canonicalTimeZone(zone: string): string {
  let name = canonicalZones.get(zone);
  if (!name) {
    name = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    canonicalZones.set(zone, name);
  }
  return name;
}

function ianaZone(zone: string): IANAZone {
  return IANAZone.create(zone);
}

/**
 * Offsets are asked for thousands of times per month of slots, and Intl is slow (µs per call):
 * per zone, remember the offsets at the two ends of each UTC hour. Where they agree the hour has
 * no transition (zones never switch twice within an hour), so the answer is exact; where they
 * differ, the exact offset is asked for.
 */
const offsetCache = new Map<string, Map<number, number>>();
const OFFSET_CACHE_LIMIT = 200_000;
const SPLIT_HOUR = Number.NaN;

/** The zone's offset from UTC in minutes at an instant. */
export function offsetMinutes(zone: string, ms: number): number {
  let hours = offsetCache.get(zone);
  if (!hours) {
    hours = new Map();
    offsetCache.set(zone, hours);
  }
  const hour = Math.floor(ms / HOUR_MS);
  let offset = hours.get(hour);
  if (offset === undefined) {
    const z = ianaZone(zone);
    const atStart = z.offset(hour * HOUR_MS);
    offset = atStart === z.offset((hour + 1) * HOUR_MS - 1) ? atStart : SPLIT_HOUR;
    if (hours.size >= OFFSET_CACHE_LIMIT) hours.clear();
    hours.set(hour, offset);
  }
  return Number.isNaN(offset) ? ianaZone(zone).offset(ms) : offset;
}

const DAY_MS = 24 * HOUR_MS;
/** "00:00" … "23:59", so formatting a slot's time allocates nothing. */
const CLOCK_TIMES = Array.from({ length: DAY_MINUTES }, (_, minutes) => minutesToTime(minutes));
const dayNames = new Map<number, string>();

/** Wall-clock date and time of an instant in a zone. */
export function toZoned(ms: number, zone: string): { date: string; time: string } {
  const local = ms + offsetMinutes(zone, ms) * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  let date = dayNames.get(day);
  if (date === undefined) {
    date = utcDateString(day * DAY_MS);
    if (dayNames.size >= 100_000) dayNames.clear();
    dayNames.set(day, date);
  }
  return { date, time: CLOCK_TIMES[Math.floor((local - day * DAY_MS) / MINUTE_MS)] as string };
}

/** ISO 8601 UTC of an instant ("2027-03-02T08:00:00.000Z"), quick for whole minutes. */
export function isoInstant(ms: number): string {
  if (ms % MINUTE_MS !== 0) return new Date(ms).toISOString();
  const utc = toZoned(ms, 'UTC');
  return `${utc.date}T${utc.time}:00.000Z`;
}

/** The calendar date of an instant in a zone. */
export function zonedDate(ms: number, zone: string): string {
  return toZoned(ms, zone).date;
}

/**
 * The instant at which a wall-clock time of a date happens in a zone. A time that does not exist
 * (spring-forward gap) moves forward by the gap; a time that happens twice (fall-back) is its
 * earlier or later occurrence as asked. Minute 1440 is midnight of the next day.
 */
export function zonedInstant(date: string, minutes: number, zone: string, occurrence: 'earlier' | 'later'): number {
  const [year, month, day] = splitDate(date);
  const wallAsUtc = Date.UTC(year, month - 1, day) + minutes * MINUTE_MS;
  // Candidate instants: the wall time read with the offsets in force a day around it.
  const before = offsetMinutes(zone, wallAsUtc - 14 * HOUR_MS);
  const offsets = new Set([before, offsetMinutes(zone, wallAsUtc), offsetMinutes(zone, wallAsUtc + 14 * HOUR_MS)]);
  const matches: number[] = [];
  for (const offset of offsets) {
    const instant = wallAsUtc - offset * MINUTE_MS;
    if (offsetMinutes(zone, instant) === offset) matches.push(instant);
  }
  if (matches.length > 0) return occurrence === 'earlier' ? Math.min(...matches) : Math.max(...matches);
  // In a gap the wall time never happens: read it with the offset in force before the gap,
  // which moves it forward by the gap's length (02:30 in a 02:00–03:00 gap becomes 03:30).
  return wallAsUtc - before * MINUTE_MS;
}

/** Midnight at the start of a date in a zone (the earlier one, should midnight repeat). */
export function startOfZonedDate(date: string, zone: string): number {
  return zonedInstant(date, 0, zone, 'earlier');
}

function nextWallClockHour(ms: number, zone: string): number {
  const local = ms + offsetMinutes(zone, ms) * MINUTE_MS;
  const intoHour = ((local % HOUR_MS) + HOUR_MS) % HOUR_MS;
  return intoHour === 0 ? ms : ms + (HOUR_MS - intoHour);
}

/**
 * The slots of one provider-local date: sessionMinutes long, starting on each wall-clock hour
 * of the provider's zone inside a (merged) range, as long as the whole slot fits. On a
 * spring-forward day the missing hour yields no slot; on a fall-back day the repeated hour
 * yields two slots, one per real instant.
 */
export function slotsForDate(
  date: string,
  intervals: readonly TimeRange[],
  zone: string,
  sessionMinutes: number,
): Interval[] {
  const sessionMs = sessionMinutes * MINUTE_MS;
  const slots: Interval[] = [];
  for (const range of mergeRanges(intervals)) {
    const rangeStart = zonedInstant(date, range.start, zone, 'earlier');
    const rangeEnd = zonedInstant(date, range.end, zone, 'later');
    for (let start = nextWallClockHour(rangeStart, zone); start + sessionMs <= rangeEnd; ) {
      slots.push({ startMs: start, endMs: start + sessionMs });
      start = nextWallClockHour(start + SLOT_START_STEP_MINUTES * MINUTE_MS, zone);
    }
  }
  return slots;
}

/** A specific date's rule wins over the weekly pattern; no rule means unavailable. */
export function dayRuleFor(
  date: string,
  weekly: ReadonlyMap<number, DayRule>,
  overrides: ReadonlyMap<string, DayRule>,
): DayRule | undefined {
  return overrides.get(date) ?? weekly.get(isoWeekday(date));
}

export interface GenerateSlotsInput {
  /** The provider's IANA zone (where the ranges are wall-clock). */
  zone: string;
  sessionMinutes: number;
  /** Slots starting in [fromMs, toMs) are returned. */
  fromMs: number;
  toMs: number;
  weekly: ReadonlyMap<number, DayRule>;
  overrides: ReadonlyMap<string, DayRule>;
}

/** Every slot of the calendar starting inside the window, in time order (past and busy included). */
export function generateSlots(input: GenerateSlotsInput): Interval[] {
  if (input.toMs <= input.fromMs) return [];
  const first = zonedDate(input.fromMs, input.zone);
  const last = zonedDate(input.toMs - 1, input.zone);
  const slots: Interval[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const rule = dayRuleFor(date, input.weekly, input.overrides);
    if (!rule?.isAvailable) continue;
    for (const slot of slotsForDate(date, rule.intervals, input.zone, input.sessionMinutes)) {
      if (slot.startMs >= input.fromMs && slot.startMs < input.toMs) slots.push(slot);
    }
  }
  return slots;
}

/**
 * For each slot the index of the first busy interval it overlaps, or -1. Slots must be in time
 * order and busy intervals sorted by start (they may overlap each other).
 */
export function overlappingBusy(slots: readonly Interval[], busy: readonly Interval[]): number[] {
  // latestEnd[i]: the latest end among busy[0..i]; once it is at or before a slot's start, none of
  // those intervals can overlap this slot or any later one.
  const latestEnd: number[] = [];
  let latest = Number.NEGATIVE_INFINITY;
  for (const interval of busy) {
    latest = Math.max(latest, interval.endMs);
    latestEnd.push(latest);
  }
  let first = 0;
  return slots.map((slot) => {
    while (first < busy.length && (latestEnd[first] as number) <= slot.startMs) first += 1;
    for (let index = first; index < busy.length; index += 1) {
      const interval = busy[index] as Interval;
      if (interval.startMs >= slot.endMs) break;
      if (interval.endMs > slot.startMs) return index;
    }
    return -1;
  });
}

/**
 * The booking calendar's window in a zone (SPEC.md §5 and §9): from today to the last day of
 * the month two months ahead. startMs is the start of today, endMs the end of the last day.
 */
export function bookingWindow(
  nowMs: number,
  zone: string,
): { from: string; to: string; startMs: number; endMs: number } {
  const from = zonedDate(nowMs, zone);
  const lastMonth = addMonths(from.slice(0, 7), BOOKING_WINDOW_MONTHS_AHEAD);
  const to = addDays(`${addMonths(lastMonth, 1)}-01`, -1);
  return {
    from,
    to,
    startMs: startOfZonedDate(from, zone),
    endMs: startOfZonedDate(addDays(to, 1), zone),
  };
}

/** The instants a month covers in a zone: [start of its first day, start of the next month). */
export function monthInterval(month: string, zone: string): Interval {
  return {
    startMs: startOfZonedDate(`${month}-01`, zone),
    endMs: startOfZonedDate(`${addMonths(month, 1)}-01`, zone),
  };
}

/** The instants a date covers in a zone. */
export function dateInterval(date: string, zone: string): Interval {
  return { startMs: startOfZonedDate(date, zone), endMs: startOfZonedDate(addDays(date, 1), zone) };
}

/**
 * The starts of a series: the first session's wall-clock time in the provider's zone, every
 * `intervalWeeks` weeks (so a session at 10:00 stays at 10:00 across a DST change).
 */
export function weeklyStarts(firstStartMs: number, occurrences: number, zone: string, intervalWeeks = 1): number[] {
  const first = toZoned(firstStartMs, zone);
  const minutes = timeToMinutes(first.time) ?? 0;
  return Array.from({ length: occurrences }, (_, index) =>
    index === 0 ? firstStartMs : zonedInstant(addDays(first.date, 7 * intervalWeeks * index), minutes, zone, 'earlier'),
  );
}
