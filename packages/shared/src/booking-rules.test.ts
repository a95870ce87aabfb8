import { describe, expect, it } from 'vitest';
import {
  cancellationOutcome,
  canTransition,
  holdExpiry,
  holdLimitRefusal,
  isFinal,
  MAX_UNPAID_HOLDS,
  MAX_UNPAID_HOLDS_PER_PROVIDER,
  refundDeadline,
  rescheduleApprovalFrom,
  rescheduleNeedsApproval,
  rescheduleOutcome,
  scheduleRefusal,
} from './booking-rules.ts';
import { BOOKING_STATUSES, type BookingStatus } from './schemas/bookings.ts';
import { weeklyStarts } from './slots.ts';

const H = 3600_000;
const now = new Date('2027-03-01T09:00:00Z');
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * H);

describe('status transitions', () => {
  // Rows: from; columns: to, in BOOKING_STATUSES order (pending, confirmed, completed, cancelled, rejected, expired).
  const table: Record<BookingStatus, string> = {
    pending: 'YY.YYY',
    confirmed: '.YYYY.',
    completed: '......',
    cancelled: '......',
    rejected: '......',
    expired: '.Y....',
  };
  for (const from of BOOKING_STATUSES) {
    it(`allows from ${from} exactly ${table[from]}`, () => {
      const allowed = BOOKING_STATUSES.map((to) => (canTransition(from, to) ? 'Y' : '.')).join('');
      expect(allowed).toBe(table[from]);
    });
  }

  it('treats completed, cancelled, rejected and expired as final for people', () => {
    expect(BOOKING_STATUSES.filter(isFinal)).toEqual(['completed', 'cancelled', 'rejected', 'expired']);
  });
});

describe('cancellationOutcome', () => {
  const base = { priceMinor: 500_000, isPaid: true, now } as const;
  const cases: Array<[string, Parameters<typeof cancellationOutcome>[0], ReturnType<typeof cancellationOutcome>]> = [
    [
      'client, paid, 72 h ahead: full refund',
      { ...base, party: 'client', status: 'confirmed', startsAt: at(72) },
      { allowed: true, refundStatus: 'refunded', refundMinor: 500_000, providerKeepsEarning: false },
    ],
    [
      'client, paid, 48 h and 1 s ahead: full refund',
      { ...base, party: 'client', status: 'confirmed', startsAt: new Date(at(48).getTime() + 1000) },
      { allowed: true, refundStatus: 'refunded', refundMinor: 500_000, providerKeepsEarning: false },
    ],
    [
      'client, paid, exactly 48 h ahead: no refund, provider keeps the earning',
      { ...base, party: 'client', status: 'confirmed', startsAt: at(48) },
      { allowed: true, refundStatus: 'none', refundMinor: 0, providerKeepsEarning: true },
    ],
    [
      'client, paid, 2 h ahead: no refund',
      { ...base, party: 'client', status: 'confirmed', startsAt: at(2) },
      { allowed: true, refundStatus: 'none', refundMinor: 0, providerKeepsEarning: true },
    ],
    [
      'provider, paid, 2 h ahead: full refund',
      { ...base, party: 'provider', status: 'confirmed', startsAt: at(2) },
      { allowed: true, refundStatus: 'refunded', refundMinor: 500_000, providerKeepsEarning: false },
    ],
    [
      'client, pending unpaid: simply cancelled',
      { ...base, isPaid: false, party: 'client', status: 'pending', startsAt: at(2) },
      { allowed: true, refundStatus: 'not_paid', refundMinor: 0, providerKeepsEarning: false },
    ],
    [
      'client, pending unscheduled: simply cancelled',
      { ...base, isPaid: false, party: 'client', status: 'pending', startsAt: null },
      { allowed: true, refundStatus: 'not_paid', refundMinor: 0, providerKeepsEarning: false },
    ],
    [
      'client, free confirmed within 48 h: nothing to refund or earn',
      { ...base, priceMinor: 0, party: 'client', status: 'confirmed', startsAt: at(1) },
      { allowed: true, refundStatus: 'not_paid', refundMinor: 0, providerKeepsEarning: false },
    ],
    [
      'a session that has started',
      { ...base, party: 'provider', status: 'confirmed', startsAt: now },
      { allowed: false, reason: 'BOOKING_NOT_CANCELLABLE' },
    ],
    ...(['completed', 'cancelled', 'rejected', 'expired'] as const).map(
      (status): [string, Parameters<typeof cancellationOutcome>[0], ReturnType<typeof cancellationOutcome>] => [
        `a ${status} booking`,
        { ...base, party: 'client', status, startsAt: at(100) },
        { allowed: false, reason: 'BOOKING_NOT_CANCELLABLE' },
      ],
    ),
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => expect(cancellationOutcome(input)).toEqual(expected));
  }
});

describe('rescheduleOutcome', () => {
  const base = {
    party: 'client' as const,
    status: 'confirmed' as const,
    isPaid: true,
    now,
    remaining: 2,
    allowRescheduleCompletedBooking: false,
    pendingRequestBy: null,
  };
  const cases: Array<[string, Parameters<typeof rescheduleOutcome>[0], ReturnType<typeof rescheduleOutcome>]> = [
    ['confirmed, 72 h ahead: moves at once', { ...base, startsAt: at(72) }, { allowed: true, mode: 'immediate' }],
    [
      'confirmed, exactly 48 h ahead: needs approval',
      { ...base, startsAt: at(48) },
      { allowed: true, mode: 'request' },
    ],
    ['confirmed, 3 h ahead: needs approval', { ...base, startsAt: at(3) }, { allowed: true, mode: 'request' }],
    [
      'confirmed, 3 h ahead with allowRescheduleCompletedBooking: moves at once',
      { ...base, startsAt: at(3), allowRescheduleCompletedBooking: true },
      { allowed: true, mode: 'immediate' },
    ],
    [
      'provider, 3 h ahead with allowRescheduleCompletedBooking: the client must still approve',
      { ...base, party: 'provider', startsAt: at(3), allowRescheduleCompletedBooking: true },
      { allowed: true, mode: 'request' },
    ],
    [
      'no reschedules left: limit reached',
      { ...base, startsAt: at(72), remaining: 0 },
      { allowed: false, reason: 'RESCHEDULE_LIMIT_REACHED' },
    ],
    [
      'the other party asked already',
      { ...base, startsAt: at(10), pendingRequestBy: 'provider' },
      { allowed: false, reason: 'RESCHEDULE_PENDING' },
    ],
    [
      'own request pending: a new one replaces it',
      { ...base, startsAt: at(10), pendingRequestBy: 'client' },
      { allowed: true, mode: 'request' },
    ],
    [
      'pending unpaid: just moves (no count)',
      { ...base, status: 'pending', isPaid: false, remaining: 0, startsAt: at(3) },
      { allowed: true, mode: 'move' },
    ],
    ['started', { ...base, startsAt: at(0) }, { allowed: false, reason: 'BOOKING_NOT_RESCHEDULABLE' }],
    [
      'cancelled',
      { ...base, status: 'cancelled', startsAt: at(72) },
      { allowed: false, reason: 'BOOKING_NOT_RESCHEDULABLE' },
    ],
    [
      'completed',
      { ...base, status: 'completed', startsAt: at(-72) },
      { allowed: false, reason: 'BOOKING_NOT_RESCHEDULABLE' },
    ],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => expect(rescheduleOutcome(input)).toEqual(expected));
  }

  it('never asks approval for a pending booking', () => {
    expect(
      rescheduleNeedsApproval({
        party: 'client',
        status: 'pending',
        startsAt: at(1),
        now,
        allowRescheduleCompletedBooking: false,
      }),
    ).toBe(false);
  });
});

describe('refundDeadline and rescheduleApprovalFrom (what a screen promises)', () => {
  it('names the instant 48 hours before the start while it is still ahead', () => {
    expect(refundDeadline(at(72), now)).toEqual(at(24));
    expect(refundDeadline(at(48.001), now)?.getTime()).toBe(at(0.001).getTime());
    expect(rescheduleApprovalFrom(at(72), now)).toEqual(at(24));
  });

  it('has no deadline once it is 48 hours or less away: never a deadline in the past', () => {
    expect(refundDeadline(at(48), now)).toBeNull();
    expect(refundDeadline(at(47), now)).toBeNull();
    expect(refundDeadline(at(-1), now)).toBeNull();
    expect(rescheduleApprovalFrom(at(48), now)).toBeNull();
    expect(rescheduleApprovalFrom(at(3), now)).toBeNull();
  });

  it('agrees with the refund the cancellation then gives and the approval a reschedule then needs', () => {
    for (const hours of [72, 48.5, 48, 47.9, 1]) {
      const startsAt = at(hours);
      const deadline = refundDeadline(startsAt, now);
      const outcome = cancellationOutcome({
        party: 'client',
        status: 'confirmed',
        priceMinor: 1_500_000,
        isPaid: true,
        startsAt,
        now,
      });
      expect(outcome.allowed && outcome.refundStatus).toBe(deadline ? 'refunded' : 'none');
      const asks = rescheduleNeedsApproval({
        party: 'client',
        status: 'confirmed',
        startsAt,
        now,
        allowRescheduleCompletedBooking: false,
      });
      expect(asks).toBe(rescheduleApprovalFrom(startsAt, now) === null);
    }
  });
});

describe('holds and series', () => {
  it('holds a paying client 15 minutes and a participant 24 h, never past the start', () => {
    expect(holdExpiry({ now, startsAt: at(72), awaitingParticipant: false })).toEqual(
      new Date(now.getTime() + 15 * 60_000),
    );
    expect(holdExpiry({ now, startsAt: at(72), awaitingParticipant: true })).toEqual(at(24));
    expect(holdExpiry({ now, startsAt: at(5), awaitingParticipant: true })).toEqual(at(5));
  });

  it('keeps a weekly session at the same wall-clock time across a DST change', () => {
    // Berlin moves to summer time on 28 March 2027: 10:00 is 09:00Z before and 08:00Z after.
    expect(
      weeklyStarts(Date.parse('2027-03-22T09:00:00Z'), 3, 'Europe/Berlin').map((ms) => new Date(ms).toISOString()),
    ).toEqual(['2027-03-22T09:00:00.000Z', '2027-03-29T08:00:00.000Z', '2027-04-05T08:00:00.000Z']);
    expect(weeklyStarts(Date.parse('2027-03-22T09:00:00Z'), 2, 'Africa/Lagos')[1]).toBe(
      Date.parse('2027-03-29T09:00:00Z'),
    );
  });
});

describe('scheduleRefusal', () => {
  it('lets a client re-pick only a pending, unpaid booking they made', () => {
    const paidAt = new Date('2027-03-01T09:00:00Z');
    expect(scheduleRefusal({ status: 'pending', paidAt: null, createdBy: 'client' })).toBeNull();
    expect(scheduleRefusal({ status: 'expired', paidAt: null, createdBy: 'client' })).toBe('BOOKING_EXPIRED');
    expect(scheduleRefusal({ status: 'pending', paidAt, createdBy: 'client' })).toBe('BOOKING_NOT_SCHEDULABLE');
    expect(scheduleRefusal({ status: 'pending', paidAt: null, createdBy: 'provider' })).toBe('BOOKING_NOT_SCHEDULABLE');
    for (const status of ['confirmed', 'completed', 'cancelled', 'rejected'] as const) {
      expect(scheduleRefusal({ status, paidAt: null, createdBy: 'client' })).toBe('BOOKING_NOT_SCHEDULABLE');
    }
  });
});

describe('holdLimitRefusal (fair holds)', () => {
  it('allows up to 3 holds with one provider and 10 in all', () => {
    expect(holdLimitRefusal({ held: 0, heldWithProvider: 0 })).toBeNull();
    expect(holdLimitRefusal({ held: 2, heldWithProvider: 2 })).toBeNull();
    expect(holdLimitRefusal({ held: 3, heldWithProvider: 3 })).toEqual({
      code: 'PROVIDER_HOLD_LIMIT_REACHED',
      max: MAX_UNPAID_HOLDS_PER_PROVIDER,
    });
    expect(holdLimitRefusal({ held: 9, heldWithProvider: 0 })).toBeNull();
    expect(holdLimitRefusal({ held: 10, heldWithProvider: 0 })).toEqual({
      code: 'HOLD_LIMIT_REACHED',
      max: MAX_UNPAID_HOLDS,
    });
  });

  it('counts a series as one hold: a client one below a cap may still hold a whole series', () => {
    // The counts come from booking_client_hold_counts, which counts a series once.
    expect(holdLimitRefusal({ held: 9, heldWithProvider: 2 })).toBeNull();
    expect(holdLimitRefusal({ held: 10, heldWithProvider: 2 })?.code).toBe('HOLD_LIMIT_REACHED');
  });
});
