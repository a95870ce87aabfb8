import { addDays, isoWeekday } from './day-times';
import { type Interval, offsetMinutes, overlappingBusy, startOfZonedDate, zonedDate } from './slots';

/**
 * A provider's booking rules (docs/decisions/availability-booking-rules.md): how soon and how far
 * ahead a session can be booked, the rest kept around each session, and how many sessions a day
 * and a week take. The defaults change nothing about a calendar without rules: no notice, a
 * horizon past the booking window, no buffers, no caps.
 */
export interface BookingRules {
  /** No slot starting less than this many hours from now. */
  minNoticeHours: number;
  /** Slots are offered on the provider's dates up to this many days after today. */
  horizonDays: number;
  /** Minutes kept free before and after each session. */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** Most sessions on one of the provider's dates / in one ISO week (Monday–Sunday); null: no limit. */
  dailyMax: number | null;
  weeklyMax: number | null;
}

export const BOOKING_RULE_LIMITS = {
  minNoticeHours: { min: 0, max: 24 * 14 },
  horizonDays: { min: 1, max: 92 },
  bufferMinutes: { min: 0, max: 120 },
  dailyMax: { min: 1, max: 24 },
  weeklyMax: { min: 1, max: 100 },
} as const;

export const DEFAULT_BOOKING_RULES: BookingRules = {
  minNoticeHours: 0,
  // The booking window never reaches further than 92 days, so the default horizon limits nothing.
  horizonDays: BOOKING_RULE_LIMITS.horizonDays.max,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  dailyMax: null,
  weeklyMax: null,
};

/** Time off: how long one range may last and how far ahead it may end. */
export const TIME_OFF_MAX_DAYS = 366;
export const TIME_OFF_NOTE_MAX = 200;

/** Why the engine does not offer a slot; null: offered. */
export type SlotRefusal = 'past' | 'notice' | 'horizon' | 'blocked' | 'busy' | 'buffer' | 'dailyMax' | 'weeklyMax';

/** The refusals a rule makes (as opposed to the slot being past or booked). */
export const RULE_REFUSALS: ReadonlySet<SlotRefusal> = new Set([
  'notice',
  'horizon',
  'blocked',
  'buffer',
  'dailyMax',
  'weeklyMax',
]);

/** The refusal each rule answers a booker with (packages/shared/src/errors.ts). */
export const REFUSAL_ERROR = {
  notice: 'SLOT_TOO_SOON',
  horizon: 'SLOT_TOO_FAR',
  blocked: 'SLOT_TIME_OFF',
  buffer: 'SLOT_BUFFER',
  dailyMax: 'SLOT_DAY_FULL',
  weeklyMax: 'SLOT_WEEK_FULL',
} as const;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The Monday of a date's ISO week. */
export function isoWeekStart(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** The instant after which no slot starts: the end of the provider's date `horizonDays` after today. */
export function horizonEndMs(nowMs: number, zone: string, horizonDays: number): number {
  return startOfZonedDate(addDays(zonedDate(nowMs, zone), horizonDays + 1), zone);
}

/**
 * The busy time the caps and buffers of slots in [fromMs, toMs) depend on: the whole ISO weeks
 * (provider's zone) around the window, and the buffers past its ends.
 */
export function rulesReach(fromMs: number, toMs: number, zone: string, rules: BookingRules): Interval {
  const pad = (rules.bufferBeforeMinutes + rules.bufferAfterMinutes) * MINUTE_MS;
  const firstWeek = startOfZonedDate(isoWeekStart(zonedDate(fromMs, zone)), zone);
  const lastWeek = startOfZonedDate(addDays(isoWeekStart(zonedDate(toMs - 1, zone)), 7), zone);
  return { startMs: Math.min(firstWeek, fromMs - pad), endMs: Math.max(lastWeek, toMs + pad) + 24 * HOUR_MS };
}

const DAY_MS = 24 * HOUR_MS;

/** The provider's wall-clock date of an instant, as days since 1970-01-01. */
function localDay(ms: number, zone: string): number {
  return Math.floor((ms + offsetMinutes(zone, ms) * MINUTE_MS) / DAY_MS);
}

/** The ISO week (Monday to Sunday) of a day number: 1970-01-01 was a Thursday. */
function isoWeekOf(day: number): number {
  return Math.floor((day + 3) / 7);
}

export interface RuleInput {
  /** The provider's zone: dates, weeks and the horizon are the provider's. */
  zone: string;
  rules: BookingRules;
  nowMs: number;
  /** Sessions that hold time (confirmed, pending with a live hold), sorted by start. */
  busy: readonly Interval[];
  /** Time the provider cannot be booked (time off, external busy calendars), sorted by start. */
  blocked: readonly Interval[];
}

/**
 * The slot engine's verdict for each slot (in time order): why it is not offered, or null.
 * A session occupies its slot plus the buffers around it; two sessions' buffered spans never
 * overlap, and a buffered span never overlaps blocked time. The caps count the busy sessions
 * starting on the slot's date and in its ISO week, both in the provider's zone.
 */
export function slotRefusals(slots: readonly Interval[], input: RuleInput): Array<SlotRefusal | null> {
  const { rules, zone, nowMs } = input;
  const before = rules.bufferBeforeMinutes * MINUTE_MS;
  const after = rules.bufferAfterMinutes * MINUTE_MS;
  const noticeMs = nowMs + rules.minNoticeHours * HOUR_MS;
  const horizonMs = horizonEndMs(nowMs, zone, rules.horizonDays);
  const blockedAt = overlappingBusy(
    slots,
    input.blocked
      .map((interval) => ({ startMs: interval.startMs - after, endMs: interval.endMs + before }))
      .sort((a, b) => a.startMs - b.startMs),
  );
  const busyAt = overlappingBusy(slots, input.busy);
  const pad = before + after;
  const bufferAt =
    pad > 0
      ? overlappingBusy(
          slots,
          input.busy.map((interval) => ({ startMs: interval.startMs - pad, endMs: interval.endMs + pad })),
        )
      : busyAt;
  const capped = rules.dailyMax !== null || rules.weeklyMax !== null;
  // Dates and weeks as day numbers of the provider's wall clock (no strings: this runs for every
  // session and slot of a month).
  const perDate = new Map<number, number>();
  const perWeek = new Map<number, number>();
  if (capped) {
    for (const session of input.busy) {
      const day = localDay(session.startMs, zone);
      perDate.set(day, (perDate.get(day) ?? 0) + 1);
      perWeek.set(isoWeekOf(day), (perWeek.get(isoWeekOf(day)) ?? 0) + 1);
    }
  }
  return slots.map((slot, index) => {
    if (slot.startMs <= nowMs) return 'past';
    if (busyAt[index] !== -1) return 'busy';
    if (slot.startMs < noticeMs) return 'notice';
    if (slot.startMs >= horizonMs) return 'horizon';
    if (blockedAt[index] !== -1) return 'blocked';
    if (bufferAt[index] !== -1) return 'buffer';
    if (capped) {
      const day = localDay(slot.startMs, zone);
      if (rules.dailyMax !== null && (perDate.get(day) ?? 0) >= rules.dailyMax) return 'dailyMax';
      if (rules.weeklyMax !== null && (perWeek.get(isoWeekOf(day)) ?? 0) >= rules.weeklyMax) return 'weeklyMax';
    }
    return null;
  });
}

/** The slots the engine offers. */
export function offeredSlots(slots: readonly Interval[], input: RuleInput): Interval[] {
  const refusals = slotRefusals(slots, input);
  return slots.filter((_slot, index) => refusals[index] === null);
}
