import { isoWeekday, timeToMinutes, toZoned } from './slots';

/**
 * The waitlist's rules (docs/decisions/availability-waitlist.md): which opened slot fits a
 * client's wish, and how long an offered slot is theirs alone. The API decides with them; the
 * web shows the numbers.
 */

/** How long a slot offered from the waitlist is held for its client alone. */
export const WAITLIST_CLAIM_MINUTES = 15;

/** How far ahead a client may set the date before which they want a slot. */
export const WAITLIST_MAX_DAYS_AHEAD = 366;

/** A client's wish: a slot before `beforeDate`, on these weekdays, between these times, all in `timezone`. */
export interface WaitlistWish {
  /** The first date that is too late (YYYY-MM-DD in the client's zone). */
  beforeDate: string;
  timezone: string;
  /** ISO weekdays (1 = Monday … 7 = Sunday); empty: any day. */
  days: readonly number[];
  /** "HH:MM": the session starts at or after it. */
  fromTime: string;
  /** "HH:MM" (up to "24:00"): the session ends at or before it. */
  toTime: string;
}

/**
 * Whether a slot [startMs, endMs) fits the wish: it starts on a date before `beforeDate`, on
 * one of the days, and lies inside the time range, read in the client's zone. A session that
 * runs past midnight fits only a range ending at "24:00".
 */
export function slotFitsWish(slot: { startMs: number; endMs: number }, wish: WaitlistWish): boolean {
  const start = toZoned(slot.startMs, wish.timezone);
  if (start.date >= wish.beforeDate) return false;
  if (wish.days.length > 0 && !wish.days.includes(isoWeekday(start.date))) return false;
  const from = timeToMinutes(wish.fromTime) ?? 0;
  const to = timeToMinutes(wish.toTime) ?? 24 * 60;
  const startMinutes = timeToMinutes(start.time) ?? 0;
  const durationMinutes = Math.round((slot.endMs - slot.startMs) / 60_000);
  return startMinutes >= from && startMinutes + durationMinutes <= to;
}
