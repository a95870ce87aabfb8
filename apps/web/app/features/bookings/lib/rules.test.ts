import { describe, expect, it } from 'vitest';
import {
  awaitsMyParticipantAnswer,
  cancelOutcome,
  canOfferCancel,
  canOfferReschedule,
  needsPayment,
  needsSchedule,
  rescheduleLimitReached,
} from './rules';
import { makeBooking } from './test-utils';

const NOW = new Date('2027-03-10T12:00:00Z').getTime();
const info = makeBooking().rescheduleInfo;

describe('booking rules of the screens', () => {
  it('the limit only counts for confirmed bookings, per party', () => {
    const none = makeBooking({ rescheduleInfo: { ...info, remainingClientReschedule: 0 } });
    expect(rescheduleLimitReached(none, 'client')).toBe(true);
    expect(rescheduleLimitReached(none, 'provider')).toBe(false);
    expect(rescheduleLimitReached({ ...none, status: 'pending', isPaid: false }, 'client')).toBe(false);
  });

  it('offers pay, schedule, reschedule and cancel by state', () => {
    const held = makeBooking({ status: 'pending', isPaid: false, paymentMethod: null });
    expect(needsPayment(held, NOW)).toBe(true);
    expect(canOfferReschedule(held, 'client', NOW)).toBe(true);
    expect(canOfferReschedule(held, 'provider', NOW)).toBe(false);
    const draft = { ...held, startAt: null, endAt: null };
    expect(needsSchedule(draft)).toBe(true);
    expect(needsPayment(draft, NOW)).toBe(false);
    const past = makeBooking({ startAt: '2027-03-01T08:00:00.000Z' });
    expect(canOfferCancel(past, NOW)).toBe(false);
    expect(canOfferReschedule(past, 'client', NOW)).toBe(false);
    expect(canOfferCancel(makeBooking({ status: 'cancelled' }), NOW)).toBe(false);
  });

  it('the participant answers only the other party’s booking, once', () => {
    const fresh = makeBooking({ participantStatus: 'awaiting' });
    expect(awaitsMyParticipantAnswer(fresh, 'provider', NOW)).toBe(true);
    expect(awaitsMyParticipantAnswer(fresh, 'client', NOW)).toBe(false);
    expect(awaitsMyParticipantAnswer({ ...fresh, status: 'pending' }, 'provider', NOW)).toBe(false);
    expect(awaitsMyParticipantAnswer({ ...fresh, createdBy: 'provider', status: 'pending' }, 'client', NOW)).toBe(true);
  });

  it('the cancel success view: a pending request, or the refund status', () => {
    const cancellation = {
      cancelledBy: 'client' as const,
      reason: 'x',
      refundMinor: 0,
      cancelledAt: '2027-03-10T12:00:00.000Z',
    };
    const of = (previousStatus: 'pending' | 'confirmed', refundStatus: 'refunded' | 'none' | 'not_paid') =>
      cancelOutcome(
        makeBooking({ status: 'cancelled', previousStatus, cancellation: { ...cancellation, refundStatus } }),
      );
    expect(of('pending', 'not_paid')).toBe('requestCancelled');
    expect(of('confirmed', 'not_paid')).toBe('cancelled');
    expect(of('confirmed', 'refunded')).toBe('refunded');
    expect(of('confirmed', 'none')).toBe('noRefund');
  });
});
