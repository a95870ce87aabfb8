import {
  type CancellationOutcome,
  cancellationOutcome,
  NO_REFUND_WINDOW_MS,
  type RescheduleOutcome,
  remainingFor,
  rescheduleOutcome,
} from '@app/shared/booking-rules';
import {
  type BookingParty,
  type CancellationPolicy,
  NO_REFUND_WINDOW_HOURS,
  RESCHEDULE_APPROVAL_WINDOW_HOURS,
  type ReschedulePolicy,
} from '@app/shared/schemas/bookings';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type BookingRow, isPaidRow, loadOwnBooking, partyOf } from './booking-data.ts';

/** The cancellation rule applied to a booking row, `party`'s rule: what the policy shows and closeBooking does. */
export function cancellationOutcomeOf(row: BookingRow, party: BookingParty, now: Date): CancellationOutcome {
  return cancellationOutcome({
    party,
    status: row.status,
    priceMinor: row.priceMinor,
    isPaid: isPaidRow(row),
    startsAt: row.startsAt,
    now,
  });
}

/** The reschedule rule applied to a booking row for `party`: what the policy shows and rescheduleBooking does. */
export function rescheduleOutcomeOf(row: BookingRow, party: BookingParty, now: Date): RescheduleOutcome {
  return rescheduleOutcome({
    party,
    status: row.status,
    isPaid: isPaidRow(row) || row.paymentMethod === 'free',
    startsAt: row.startsAt,
    now,
    remaining: remainingFor(party, row),
    allowRescheduleCompletedBooking: row.allowRescheduleCompletedBooking,
    pendingRequestBy: row.rescheduleStatus === 'pending' ? row.rescheduleRequestedBy : null,
  });
}

/** What the rules allow the caller now: cancel, and what the client would get back. */
export function cancellationPolicyOf(row: BookingRow, party: BookingParty, now: Date): CancellationPolicy {
  const outcome = cancellationOutcomeOf(row, party, now);
  return {
    bookingIdentifier: row.id,
    canCancel: outcome.allowed,
    reason: outcome.allowed ? null : outcome.reason,
    isRefundable: outcome.allowed && outcome.refundStatus === 'refunded',
    refundAmount: outcome.allowed ? outcome.refundMinor : 0,
    currencyCode: row.currencyCode,
    noRefundWindowHours: NO_REFUND_WINDOW_HOURS,
    refundableUntil: row.startsAt ? new Date(row.startsAt.getTime() - NO_REFUND_WINDOW_MS).toISOString() : null,
  };
}

/** What the rules allow the caller now: reschedule, with or without the other party's approval. */
export function reschedulePolicyOf(row: BookingRow, party: BookingParty, now: Date): ReschedulePolicy {
  const outcome = rescheduleOutcomeOf(row, party, now);
  return {
    bookingIdentifier: row.id,
    canReschedule: outcome.allowed,
    reason: outcome.allowed ? null : outcome.reason,
    needsApproval: outcome.allowed && outcome.mode === 'request',
    remainingReschedule: remainingFor(party, row),
    remainingClientReschedule: row.remainingClientReschedule,
    remainingProviderReschedule: row.remainingProviderReschedule,
    approvalWindowHours: RESCHEDULE_APPROVAL_WINDOW_HOURS,
  };
}

/**
 * GET /appointment/policy/{id}/{cancellation|reschedule} and their older summaries: `policyOf`
 * (cancellationPolicyOf, reschedulePolicyOf) for one of the caller's bookings, on the caller's side.
 */
export async function getPolicy<Policy>(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; bookingId: string },
  policyOf: (row: BookingRow, party: BookingParty, now: Date) => Policy,
): Promise<Policy> {
  const row = await loadOwnBooking(deps.db, { bookingId: input.bookingId, actor: input.actor });
  return policyOf(row, partyOf(input.actor), deps.clock.now());
}
