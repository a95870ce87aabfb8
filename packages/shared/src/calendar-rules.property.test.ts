import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { type BookingRules, offeredSlots, slotRefusals } from './calendar-rules.ts';
import { type DayRule, generateSlots, type Interval, startOfZonedDate } from './slots.ts';

/**
 * The slot engine's booking rules, against an oracle written from their words with luxon (not
 * with the engine's own date helpers): calendars in Europe/Berlin and America/New_York, windows
 * of three weeks around each 2027 DST change, a clock anywhere from a day before, random busy
 * sessions and time off. Every slot the engine offers keeps every rule, and every slot that
 * keeps every rule (and is free and future) is offered.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
const ZONE_CHANGES: Array<[string, string]> = [
  ['Europe/Berlin', '2027-03-28'],
  ['Europe/Berlin', '2027-10-31'],
  ['America/New_York', '2027-03-14'],
  ['America/New_York', '2027-11-07'],
];

const pad = (value: number) => String(value).padStart(2, '0');
const time = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

// Weekly hours that reach into the night, so the hours DST skips or repeats carry slots.
const weeklyArb = fc
  .array(
    fc.record({
      dayOfWeek: fc.integer({ min: 1, max: 7 }),
      start: fc.integer({ min: 0, max: 20 }),
      length: fc.integer({ min: 2, max: 10 }),
    }),
    { minLength: 3, maxLength: 7 },
  )
  .map((days) => {
    const weekly = new Map<number, DayRule>();
    for (const day of days) {
      weekly.set(day.dayOfWeek, {
        isAvailable: true,
        intervals: [{ startTime: time(day.start * 60), endTime: time(Math.min(24, day.start + day.length) * 60) }],
      });
    }
    return weekly;
  });

const rulesArb: fc.Arbitrary<BookingRules> = fc.record({
  minNoticeHours: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 72 })),
  horizonDays: fc.integer({ min: 1, max: 30 }),
  bufferBeforeMinutes: fc.constantFrom(0, 10, 15, 30, 60, 120),
  bufferAfterMinutes: fc.constantFrom(0, 10, 15, 30, 60, 120),
  dailyMax: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  weeklyMax: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
});

const scenarioArb = fc
  .record({
    change: fc.constantFrom(...ZONE_CHANGES),
    weekly: weeklyArb,
    rules: rulesArb,
    nowOffsetMinutes: fc.integer({ min: -36 * 60, max: 5 * 24 * 60 }),
    sessionMinutes: fc.constantFrom(30, 45, 60, 90),
    busyPicks: fc.array(fc.nat(), { maxLength: 12 }),
    busyShiftMinutes: fc.array(fc.constantFrom(0, 0, 0, -30, 15, 45), { maxLength: 12 }),
    timeOff: fc.array(
      fc.record({ startHours: fc.integer({ min: -48, max: 24 * 18 }), lengthHours: fc.integer({ min: 1, max: 60 }) }),
      { maxLength: 3 },
    ),
  })
  .map((input) => {
    const [zone, day] = input.change;
    const centre = startOfZonedDate(day, zone);
    const fromMs = centre - 7 * 24 * HOUR;
    const toMs = centre + 14 * 24 * HOUR;
    const slots = generateSlots({
      zone,
      sessionMinutes: input.sessionMinutes,
      fromMs,
      toMs,
      weekly: input.weekly,
      overrides: new Map(),
    });
    // Busy sessions: some on slots, some shifted off the hour (a session moved by hand).
    const busy = input.busyPicks
      .flatMap((pick, index) => {
        const slot = slots.length > 0 ? slots[pick % slots.length] : undefined;
        const shift = (input.busyShiftMinutes[index] ?? 0) * MINUTE;
        return slot ? [{ startMs: slot.startMs + shift, endMs: slot.endMs + shift }] : [];
      })
      .sort((a, b) => a.startMs - b.startMs);
    const blocked = input.timeOff
      .map((range) => ({
        startMs: centre + range.startHours * HOUR,
        endMs: centre + (range.startHours + range.lengthHours) * HOUR,
      }))
      .sort((a, b) => a.startMs - b.startMs);
    const nowMs = fromMs + input.nowOffsetMinutes * MINUTE;
    return { zone, rules: input.rules, slots, busy, blocked, nowMs };
  });

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

const localDate = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISODate() as string;
const localWeek = (ms: number, zone: string) => {
  const moment = DateTime.fromMillis(ms, { zone });
  return `${moment.weekYear}-W${moment.weekNumber}`;
};
const overlaps = (a: Interval, b: Interval) => a.startMs < b.endMs && b.startMs < a.endMs;

/** Each rule, in its own words. */
function oracle(s: Scenario, slot: Interval) {
  const { rules, zone } = s;
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  const span = { startMs: slot.startMs - before, endMs: slot.endMs + after };
  const lastDate = DateTime.fromMillis(s.nowMs, { zone }).plus({ days: rules.horizonDays }).toISODate() as string;
  const date = localDate(slot.startMs, zone);
  const week = localWeek(slot.startMs, zone);
  return {
    future: slot.startMs > s.nowMs,
    free: !s.busy.some((busy) => overlaps(slot, busy)),
    notice: slot.startMs - s.nowMs >= rules.minNoticeHours * HOUR,
    horizon: date <= lastDate,
    timeOff: !s.blocked.some((blocked) => overlaps(span, blocked)),
    buffers: !s.busy.some((busy) => overlaps(span, { startMs: busy.startMs - before, endMs: busy.endMs + after })),
    daily:
      rules.dailyMax === null ||
      s.busy.filter((busy) => localDate(busy.startMs, zone) === date).length < rules.dailyMax,
    weekly:
      rules.weeklyMax === null ||
      s.busy.filter((busy) => localWeek(busy.startMs, zone) === week).length < rules.weeklyMax,
  };
}

const RUNS = { numRuns: 150 };
// Each run weighs a few hundred slots against the oracle.
const TIMEOUT_MS = 120_000;

describe('booking rules in the slot engine (Europe/Berlin, America/New_York, across DST)', () => {
  it(
    'offers exactly the slots that are future, free and keep every rule',
    () => {
      fc.assert(
        fc.property(scenarioArb, (s) => {
          const offered = new Set(offeredSlots(s.slots, s).map((slot) => slot.startMs));
          const wrong = s.slots.flatMap((slot) => {
            const verdict = oracle(s, slot);
            const keepsAll = Object.values(verdict).every(Boolean);
            return keepsAll === offered.has(slot.startMs)
              ? []
              : [{ at: new Date(slot.startMs).toISOString(), verdict }];
          });
          expect(wrong).toEqual([]);
        }),
        RUNS,
      );
    },
    TIMEOUT_MS,
  );

  it(
    'names the rule that withholds a slot (the error a booker gets)',
    () => {
      fc.assert(
        fc.property(scenarioArb, (s) => {
          const refusals = slotRefusals(s.slots, s);
          s.slots.forEach((slot, index) => {
            const verdict = oracle(s, slot);
            const refusal = refusals[index];
            if (refusal === 'notice') expect(verdict.notice).toBe(false);
            if (refusal === 'horizon') expect(verdict.horizon).toBe(false);
            if (refusal === 'blocked') expect(verdict.timeOff).toBe(false);
            if (refusal === 'buffer') expect(verdict.buffers).toBe(false);
            if (refusal === 'dailyMax') expect(verdict.daily).toBe(false);
            if (refusal === 'weeklyMax') expect(verdict.weekly).toBe(false);
            if (refusal === 'busy') expect(verdict.free).toBe(false);
            if (refusal === 'past') expect(verdict.future).toBe(false);
          });
        }),
        RUNS,
      );
    },
    TIMEOUT_MS,
  );

  it(
    'never lets bookings of offered slots, one after another, pass a cap or a buffer',
    () => {
      fc.assert(
        fc.property(scenarioArb, fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (s, picks) => {
          const busy = [...s.busy];
          const taken: Interval[] = [];
          for (const pick of picks) {
            const offered = offeredSlots(s.slots, { ...s, busy });
            const slot = offered[pick % Math.max(1, offered.length)];
            if (!slot) break;
            expect(Object.values(oracle({ ...s, busy }, slot)).every(Boolean)).toBe(true);
            taken.push(slot);
            busy.push(slot);
            busy.sort((a, b) => a.startMs - b.startMs);
          }
          // A cap can only be passed by sessions that were there before it (booked before the rule).
          const { dailyMax, weeklyMax } = s.rules;
          const count = (list: Interval[], key: (ms: number) => string) => {
            const counts = new Map<string, number>();
            for (const slot of list) counts.set(key(slot.startMs), (counts.get(key(slot.startMs)) ?? 0) + 1);
            return counts;
          };
          const byDate = (ms: number) => localDate(ms, s.zone);
          const byWeek = (ms: number) => localWeek(ms, s.zone);
          const [datesBefore, datesAfter] = [count(s.busy, byDate), count(busy, byDate)];
          const [weeksBefore, weeksAfter] = [count(s.busy, byWeek), count(busy, byWeek)];
          if (dailyMax !== null) {
            for (const [date, total] of datesAfter) {
              expect(total).toBeLessThanOrEqual(Math.max(dailyMax, datesBefore.get(date) ?? 0));
            }
          }
          if (weeklyMax !== null) {
            for (const [week, total] of weeksAfter) {
              expect(total).toBeLessThanOrEqual(Math.max(weeklyMax, weeksBefore.get(week) ?? 0));
            }
          }
        }),
        RUNS,
      );
    },
    TIMEOUT_MS,
  );
});
