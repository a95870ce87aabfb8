import { isCancellable, remainingFor } from '@app/shared/booking-rules';
import type { Booking, BookingStatus } from '@app/shared/schemas/bookings';
import type { BookingRole } from '../api/keys';

/**
 * What the screens offer for a booking, from the booking itself (the API decides; these only
 * choose which buttons to show). `now` is epoch ms.
 */

export function isUpcoming(booking: Booking, now: number): boolean {
  return booking.startAt === null || new Date(booking.startAt).getTime() > now;
}

/** The party's remaining reschedules (SPEC.md §4: separate counts for client and provider). */
export function remainingReschedules(booking: Booking, role: BookingRole): number {
  return remainingFor(role, booking.rescheduleInfo);
}

/** A confirmed booking whose party has no reschedule left: the button is disabled ("Rescheduling limit reached"). */
export function rescheduleLimitReached(booking: Booking, role: BookingRole): boolean {
  return booking.status === 'confirmed' && remainingReschedules(booking, role) <= 0;
}

/** The other party asked to move the appointment and waits for this party's answer. */
export function awaitsMyRescheduleAnswer(booking: Booking, role: BookingRole): boolean {
  return (
    booking.status === 'confirmed' &&
    booking.rescheduleInfo.status === 'pending' &&
    booking.rescheduleInfo.requestedBy !== null &&
    booking.rescheduleInfo.requestedBy !== role
  );
}

/** This party asked to move it and the other has not answered yet. */
export function awaitsOtherRescheduleAnswer(booking: Booking, role: BookingRole): boolean {
  return (
    booking.status === 'confirmed' &&
    booking.rescheduleInfo.status === 'pending' &&
    booking.rescheduleInfo.requestedBy === role
  );
}

/** Reschedule is offered for a scheduled, upcoming booking that is pending (client) or confirmed. */
export function canOfferReschedule(booking: Booking, role: BookingRole, now: number): boolean {
  if (!booking.startAt || !isUpcoming(booking, now)) return false;
  if (awaitsMyRescheduleAnswer(booking, role)) return false;
  if (booking.status === 'pending') return role === 'client' && !booking.isPaid;
  return booking.status === 'confirmed';
}

/** Cancel is offered for a pending or confirmed booking that has not started. */
export function canOfferCancel(booking: Booking, now: number): boolean {
  return isCancellable({
    status: booking.status,
    startsAt: booking.startAt === null ? null : new Date(booking.startAt),
    now: new Date(now),
  });
}

/** A client's scheduled, unpaid, priced booking: pay next (/payment/{bookingId}/). */
export function needsPayment(booking: Booking, now: number): boolean {
  return (
    booking.status === 'pending' &&
    booking.startAt !== null &&
    !booking.isPaid &&
    booking.priceMinor > 0 &&
    isUpcoming(booking, now) &&
    (booking.createdBy === 'client' || booking.participantStatus === 'acknowledged')
  );
}

/** A client's booking without a time yet. */
export function needsSchedule(booking: Booking): boolean {
  return booking.status === 'pending' && booking.startAt === null;
}

/** The participant (who did not create the booking) has not acknowledged or rejected it yet. */
export function awaitsMyParticipantAnswer(booking: Booking, role: BookingRole, now: number): boolean {
  if (booking.createdBy === role || booking.participantStatus !== 'awaiting' || booking.startAt === null) return false;
  if (!isUpcoming(booking, now)) return false;
  // A provider answers a client's booking once it is confirmed (paid or free); a client answers
  // a session the provider booked for them while it waits.
  return role === 'provider'
    ? booking.status === 'confirmed'
    : booking.status === 'pending' || booking.status === 'confirmed';
}

/** The filter chips of /appointments/ and the statuses each asks for. */
export const STATUS_FILTERS = {
  all: [],
  upcoming: ['confirmed'],
  pending: ['pending'],
  completed: ['completed'],
  cancelled: ['cancelled', 'rejected', 'expired'],
} as const satisfies Record<string, readonly BookingStatus[]>;
export type StatusFilter = keyof typeof STATUS_FILTERS;

export function isStatusFilter(value: string | null): value is StatusFilter {
  return value !== null && Object.hasOwn(STATUS_FILTERS, value);
}

export type CancelOutcome = 'requestCancelled' | 'refunded' | 'noRefund' | 'cancelled';

/**
 * The cancel success view (SPEC.md §4): a pending booking that was never paid is a cancelled
 * request; otherwise the refund status decides.
 */
export function cancelOutcome(booking: Booking): CancelOutcome {
  const refund = booking.cancellation?.refundStatus ?? 'not_paid';
  if (refund === 'refunded') return 'refunded';
  if (refund === 'none') return 'noRefund';
  return booking.previousStatus === 'pending' ? 'requestCancelled' : 'cancelled';
}
