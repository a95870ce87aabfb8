import {
  DEFAULT_TIME_RANGE,
  MAX_RANGES_PER_DAY,
  minutesToTime,
  type TimeRange,
  timeToMinutes,
} from '@app/shared/day-times';

/**
 * The time dropdown (SPEC.md §5, §9): 24 hourly options shown in 12-hour format. A start is one of
 * 00:00 … 23:00; an end one of 01:00 … 24:00 (24:00 is midnight at the end of the day).
 */
export const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

export const START_TIMES: readonly string[] = Array.from({ length: 24 }, (_, hour) => minutesToTime(hour * 60));
export const END_TIMES: readonly string[] = Array.from({ length: 24 }, (_, hour) => minutesToTime((hour + 1) * 60));

/** "HH:MM" → "9:00 AM" (12-hour display; "00:00" and "24:00" are 12:00 AM). */
export function formatTime12(value: string): string {
  const minutes = timeToMinutes(value);
  if (minutes === null) return value;
  const inDay = minutes % DAY_MINUTES;
  const hours = Math.floor(inDay / 60);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(inDay % 60).padStart(2, '0')} ${suffix}`;
}

/**
 * "HH:MM" as the reader writes a time of day: "9:00 AM" in English (the app's 12-hour display),
 * "09:00" in German, where times are written on the 24-hour clock.
 */
export function formatClock(value: string, language: string): string {
  return language === 'de' ? value : formatTime12(value);
}

/** "9:00 AM – 6:00 PM". */
export function formatRange(range: TimeRange): string {
  return `${formatTime12(range.startTime)} – ${formatTime12(range.endTime)}`;
}

export interface TimeOption {
  value: string;
  label: string;
  disabled: boolean;
}

function minutes(value: string): number {
  return timeToMinutes(value) ?? 0;
}

/** The other ranges of the day, as minutes (malformed ones are skipped). */
function others(ranges: readonly TimeRange[], index: number): Array<{ start: number; end: number }> {
  return ranges
    .filter((_, i) => i !== index)
    .map((range) => ({ start: minutes(range.startTime), end: minutes(range.endTime) }))
    .filter((range) => range.end > range.start);
}

/** The end of the range before this one (0 for the first). */
function previousEnd(ranges: readonly TimeRange[], index: number): number {
  const previous = ranges[index - 1];
  return previous ? minutes(previous.endTime) : 0;
}

/**
 * Start options of range `index`: a start before the previous range's end, or inside another
 * range of the day, is disabled (it would overlap).
 */
export function startOptions(ranges: readonly TimeRange[], index: number): TimeOption[] {
  const floor = previousEnd(ranges, index);
  const taken = others(ranges, index);
  return START_TIMES.map((value) => {
    const start = minutes(value);
    const disabled = start < floor || taken.some((range) => start >= range.start && start < range.end);
    return { value, label: formatTime12(value), disabled };
  });
}

/**
 * End options of range `index`: an end at or before its own start or at or before the previous
 * range's end is impossible; an end that would make the range overlap another one is disabled.
 */
export function endOptions(ranges: readonly TimeRange[], index: number): TimeOption[] {
  const range = ranges[index];
  const start = range ? minutes(range.startTime) : 0;
  const floor = Math.max(start, previousEnd(ranges, index));
  const taken = others(ranges, index);
  return END_TIMES.map((value) => {
    const end = minutes(value);
    const disabled = end <= floor || taken.some((other) => start < other.end && other.start < end);
    return { value, label: formatTime12(value), disabled };
  });
}

/** Sets a range's start; an end no longer after it moves to the first end still allowed. */
export function withStart(ranges: readonly TimeRange[], index: number, startTime: string): TimeRange[] {
  const next = ranges.map((range, i) => (i === index ? { ...range, startTime } : range));
  const current = next[index];
  if (current && minutes(current.endTime) <= minutes(startTime)) {
    const firstEnd = endOptions(next, index).find((option) => !option.disabled);
    next[index] = {
      startTime,
      endTime: firstEnd?.value ?? minutesToTime(Math.min(minutes(startTime) + 60, DAY_MINUTES)),
    };
  }
  return next;
}

export function withEnd(ranges: readonly TimeRange[], index: number, endTime: string): TimeRange[] {
  return ranges.map((range, i) => (i === index ? { ...range, endTime } : range));
}

/**
 * The range "Add time range" appends: one hour from the latest end of the day, or null when the
 * day is full (ends at midnight or has the most ranges allowed). An empty day gets 09:00–18:00.
 */
export function nextRange(ranges: readonly TimeRange[]): TimeRange | null {
  if (ranges.length === 0) return { ...DEFAULT_TIME_RANGE };
  if (ranges.length >= MAX_RANGES_PER_DAY) return null;
  const latestEnd = Math.max(...ranges.map((range) => minutes(range.endTime)));
  if (latestEnd >= DAY_MINUTES) return null;
  const start = Math.ceil(latestEnd / 60) * 60;
  if (start >= DAY_MINUTES) return null;
  return { startTime: minutesToTime(start), endTime: minutesToTime(start + 60) };
}
