import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancellationOutcome,
  isCancellable,
  NO_REFUND_WINDOW_MS,
  otherParty,
  remainingFor,
  rescheduleNeedsApproval,
  rescheduleOutcome,
} from './booking-rules.ts';
import { BOOKING_STATUSES } from './schemas/bookings.ts';
import { toZoned, zonedInstant } from './slots.ts';

/**
 * The 48-hour rules are about real elapsed time. Appointments are drawn as wall-clock times in
 * the zones we serve (and a few with odd offsets or DST rules), many of them in the days around
 * a DST change, and "now" is 48 h ± 1 s before. Whatever the wall clocks say (47 or 49 hours
 * across a change), a client is refunded exactly when more than 48 real hours remain.
 */

const ZONES = [
  'Africa/Lagos',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'UTC',
];
// Days around the 2027 changes of these zones, plus anywhere in the year.
const DST_DAYS = ['2027-03-14', '2027-03-28', '2027-04-04', '2027-10-03', '2027-10-31', '2027-11-07'];

const pad = (value: number) => String(value).padStart(2, '0');
const dateArb = fc.oneof(
  fc.record({ day: fc.constantFrom(...DST_DAYS), shift: fc.integer({ min: -3, max: 3 }) }).map(({ day, shift }) => {
    const date = new Date(`${day}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + shift);
    return date.toISOString().slice(0, 10);
  }),
  fc
    .record({ month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) })
    .map(({ month, day }) => `2027-${pad(month)}-${pad(day)}`),
);
const appointmentArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  date: dateArb,
  minutes: fc.integer({ min: 0, max: 23 }).map((hour) => hour * 60),
  priceMinor: fc.integer({ min: 1, max: 100_000_000 }),
});

const startOf = (a: { zone: string; date: string; minutes: number }) =>
  new Date(zonedInstant(a.date, a.minutes, a.zone, 'earlier'));

describe('48-hour rules across time zones and DST (property)', () => {
  it('refunds a client exactly when more than 48 real hours remain (48 h ± 1 s)', () => {
    fc.assert(
      fc.property(appointmentArb, fc.constantFrom(-1000, 0, 1000), (appointment, offsetMs) => {
        const startsAt = startOf(appointment);
        const now = new Date(startsAt.getTime() - NO_REFUND_WINDOW_MS + offsetMs);
        const outcome = cancellationOutcome({
          party: 'client',
          status: 'confirmed',
          priceMinor: appointment.priceMinor,
          isPaid: true,
          startsAt,
          now,
        });
        expect(outcome.allowed).toBe(true);
        if (!outcome.allowed) return;
        const moreThan48h = offsetMs < 0;
        expect(outcome.refundStatus).toBe(moreThan48h ? 'refunded' : 'none');
        expect(outcome.refundMinor).toBe(moreThan48h ? appointment.priceMinor : 0);
        // The money goes one way only: back to the client, or to the provider.
        expect(outcome.providerKeepsEarning).toBe(!moreThan48h);
      }),
      { numRuns: 500 },
    );
  });

  it('asks approval for a reschedule exactly when 48 real hours or less remain', () => {
    fc.assert(
      fc.property(appointmentArb, fc.constantFrom(-1000, 0, 1000), (appointment, offsetMs) => {
        const startsAt = startOf(appointment);
        const now = new Date(startsAt.getTime() - NO_REFUND_WINDOW_MS + offsetMs);
        expect(
          rescheduleNeedsApproval({
            party: 'client',
            status: 'confirmed',
            startsAt,
            now,
            allowRescheduleCompletedBooking: false,
          }),
        ).toBe(offsetMs >= 0);
        expect(
          rescheduleNeedsApproval({
            party: 'client',
            status: 'confirmed',
            startsAt,
            now,
            allowRescheduleCompletedBooking: true,
          }),
        ).toBe(false);
        // The provider's waiver is theirs alone: their own late reschedule still needs the client.
        expect(
          rescheduleNeedsApproval({
            party: 'provider',
            status: 'confirmed',
            startsAt,
            now,
            allowRescheduleCompletedBooking: true,
          }),
        ).toBe(offsetMs >= 0);
      }),
      { numRuns: 500 },
    );
  });

  it('uses real hours even where the wall clock says 47 or 49', () => {
    // Berlin, Monday 29 March 2027 10:00 (after the change): 48 real hours earlier the wall
    // clock read Saturday 09:00, not 10:00.
    const startsAt = startOf({ zone: 'Europe/Berlin', date: '2027-03-29', minutes: 600 });
    const wallSame = startOf({ zone: 'Europe/Berlin', date: '2027-03-27', minutes: 600 });
    expect(startsAt.getTime() - wallSame.getTime()).toBe(47 * 3600_000);
    expect(toZoned(startsAt.getTime() - NO_REFUND_WINDOW_MS, 'Europe/Berlin')).toEqual({
      date: '2027-03-27',
      time: '09:00',
    });
    const outcome = cancellationOutcome({
      party: 'client',
      status: 'confirmed',
      priceMinor: 100,
      isPaid: true,
      startsAt,
      now: wallSame,
    });
    expect(outcome).toMatchObject({ refundStatus: 'none' });
  });

  it('always refunds a provider cancellation of a paid session before it starts', () => {
    fc.assert(
      fc.property(appointmentArb, fc.integer({ min: 1, max: 90 * 24 * 3600 }), (appointment, secondsBefore) => {
        const startsAt = startOf(appointment);
        const outcome = cancellationOutcome({
          party: 'provider',
          status: 'confirmed',
          priceMinor: appointment.priceMinor,
          isPaid: true,
          startsAt,
          now: new Date(startsAt.getTime() - secondsBefore * 1000),
        });
        expect(outcome).toEqual({
          allowed: true,
          refundStatus: 'refunded',
          refundMinor: appointment.priceMinor,
          providerKeepsEarning: false,
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('the rules the web offers from (shared with the API)', () => {
  const partyArb = fc.constantFrom('client' as const, 'provider' as const);
  const statusArb = fc.constantFrom(...BOOKING_STATUSES);
  const instantArb = fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 });

  it('isCancellable is exactly when a cancellation is allowed, for either party, paid or not', () => {
    fc.assert(
      fc.property(
        partyArb,
        statusArb,
        fc.option(instantArb, { nil: null }),
        instantArb,
        fc.boolean(),
        fc.integer({ min: 0, max: 1_000_000 }),
        (party, status, startMs, nowMs, isPaid, priceMinor) => {
          const input = { status, startsAt: startMs === null ? null : new Date(startMs), now: new Date(nowMs) };
          expect(cancellationOutcome({ ...input, party, isPaid, priceMinor }).allowed).toBe(isCancellable(input));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("remainingFor reads the party's own count; otherParty swaps sides", () => {
    fc.assert(
      fc.property(partyArb, fc.nat(5), fc.nat(5), (party, clientCount, providerCount) => {
        const row = { remainingClientReschedule: clientCount, remainingProviderReschedule: providerCount };
        expect(remainingFor(party, row)).toBe(party === 'client' ? clientCount : providerCount);
        expect(otherParty(otherParty(party))).toBe(party);
        expect(otherParty(party)).not.toBe(party);
      }),
    );
  });

  it('a confirmed session is never rescheduled by a party with no reschedule left', () => {
    fc.assert(
      fc.property(
        partyArb,
        instantArb,
        fc.integer({ min: 1, max: 90 * 24 * 3600 }),
        fc.boolean(),
        (party, nowMs, ahead, allow) => {
          const outcome = rescheduleOutcome({
            party,
            status: 'confirmed',
            isPaid: true,
            startsAt: new Date(nowMs + ahead * 1000),
            now: new Date(nowMs),
            remaining: 0,
            allowRescheduleCompletedBooking: allow,
            pendingRequestBy: null,
          });
          expect(outcome).toEqual({ allowed: false, reason: 'RESCHEDULE_LIMIT_REACHED' });
        },
      ),
    );
  });
});
