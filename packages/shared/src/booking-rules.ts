import { type Conditions, conditionBuilders, firstRefusal, type Test } from './conditions.ts';
import type { ErrorCode } from './errors.ts';
import {
  type BookingParty,
  type BookingStatus,
  HOLD_MINUTES,
  NO_REFUND_WINDOW_HOURS,
  PARTICIPANT_HOLD_HOURS,
  RESCHEDULE_APPROVAL_WINDOW_HOURS,
} from './schemas/bookings.ts';

/**
 * The booking rules as pure functions of instants (DESIGN.md §4), for the API (which decides)
 * and the web (which chooses what to offer). Time zones never enter: "48 hours before the
 * appointment" is 48 real hours, whatever the clocks on the wall do.
 */

const HOUR_MS = 60 * 60 * 1000;
export const NO_REFUND_WINDOW_MS = NO_REFUND_WINDOW_HOURS * HOUR_MS;
export const RESCHEDULE_APPROVAL_WINDOW_MS = RESCHEDULE_APPROVAL_WINDOW_HOURS * HOUR_MS;
export const HOLD_MS = HOLD_MINUTES * 60 * 1000;
export const PARTICIPANT_HOLD_MS = PARTICIPANT_HOLD_HOURS * HOUR_MS;
/** A booking created but never given a slot is dropped after this long. */
export const DRAFT_TTL_MS = 24 * HOUR_MS;

/**
 * Slot hoarding (docs/decisions/security-fair-holds-3-unpaid-bookings-per-provider-10.md): a client holds at most this many unpaid
 * bookings at once, across all providers (a series, held as a whole, is one) …
 */
export const MAX_UNPAID_HOLDS = 10;
/** … and at most this many unpaid bookings with one provider (a series counts once). */
export const MAX_UNPAID_HOLDS_PER_PROVIDER = 3;

export type HoldLimitRefusal = { code: 'PROVIDER_HOLD_LIMIT_REACHED' | 'HOLD_LIMIT_REACHED'; max: number };

const holdBuilders = conditionBuilders<'held' | 'heldWithProvider', never>();

/**
 * Whether a client may put one more hold on a provider's calendar (a single booking, or a whole
 * series: its sessions are held and expire together, so they count as one hold), given the holds
 * they have: `held` in all, `heldWithProvider` with this provider (a series counted once in both,
 * as booking_client_hold_counts counts them). Declared once as data: the transaction checks it
 * here (holdLimitRefusal), the one-statement schedule renders it into its SQL.
 */
export const HOLD_LIMIT: Conditions<'held' | 'heldWithProvider', never, HoldLimitRefusal['code']> = (() => {
  const { field, lit, lt } = holdBuilders;
  return [
    ['PROVIDER_HOLD_LIMIT_REACHED', lt(field('heldWithProvider'), lit(MAX_UNPAID_HOLDS_PER_PROVIDER))],
    ['HOLD_LIMIT_REACHED', lt(field('held'), lit(MAX_UNPAID_HOLDS))],
  ];
})();

const HOLD_LIMIT_MAX: Record<HoldLimitRefusal['code'], number> = {
  PROVIDER_HOLD_LIMIT_REACHED: MAX_UNPAID_HOLDS_PER_PROVIDER,
  HOLD_LIMIT_REACHED: MAX_UNPAID_HOLDS,
};

/** HOLD_LIMIT on plain counts. Null when allowed. */
export function holdLimitRefusal(input: { held: number; heldWithProvider: number }): HoldLimitRefusal | null {
  const code = firstRefusal(HOLD_LIMIT, input, {});
  return code ? { code, max: HOLD_LIMIT_MAX[code] } : null;
}

/** The booking fields the conditions below read (the API's booking row has them all). */
export type BookingConditionField = 'status' | 'paidAt' | 'startsAt' | 'priceMinor' | 'createdBy' | 'holdExpiresAt';

const bookingBuilders = conditionBuilders<BookingConditionField, 'now'>();

/**
 * A hold: a client's own, unpaid, pending booking with a slot whose hold has not lapsed. What the
 * fair-holds rule counts (the SQL function booking_client_hold_counts is rendered from it) and
 * what a booking that already holds its slot is (placing it again adds no hold).
 */
export const COUNTS_AS_HOLD: Test<BookingConditionField, 'now'> = (() => {
  const { field, param, lit, eq, gt, isNull, notNull, all } = bookingBuilders;
  return all(
    eq(field('status'), lit('pending')),
    eq(field('createdBy'), lit('client')),
    isNull(field('paidAt')),
    notNull(field('startsAt')),
    gt(field('holdExpiresAt'), param('now')),
  );
})();

/**
 * A booking can be paid while it is pending on a slot that has not started, unpaid and not free.
 * A lapsed hold is fine as long as the booking is still pending: the exclusion constraint kept
 * its slot (whoever takes a slot expires lapsed holds first, which would have made it expired).
 * The first failing test answers. Both payment paths apply it: the transaction on the loaded row,
 * the one-statement wallet payment in its SQL.
 */
export const PAYABLE: Conditions<BookingConditionField, 'now', ErrorCode> = (() => {
  const { field, param, lit, eq, ne, gt, isNull, notNull, all } = bookingBuilders;
  return [
    ['BOOKING_ALREADY_PAID', isNull(field('paidAt'))],
    ['BOOKING_EXPIRED', ne(field('status'), lit('expired'))],
    [
      'BOOKING_NOT_PAYABLE',
      all(eq(field('status'), lit('pending')), notNull(field('startsAt')), gt(field('priceMinor'), lit(0))),
    ],
    ['BOOKING_EXPIRED', gt(field('startsAt'), param('now'))],
  ];
})();

/**
 * Whether a client may (re)pick the slot of their booking (POST /booking/{id}/schedule): only a
 * pending, unpaid booking they made; an expired one is over. The one rule of both schedule paths
 * (the one-statement usual case renders it into its SQL and leaves every other case to the
 * transaction, which answers with scheduleRefusal).
 */
export const SCHEDULABLE: Conditions<'status' | 'paidAt' | 'createdBy', never, ErrorCode> = (() => {
  const { field, lit, eq, ne, isNull, all } = conditionBuilders<'status' | 'paidAt' | 'createdBy', never>();
  return [
    ['BOOKING_EXPIRED', ne(field('status'), lit('expired'))],
    [
      'BOOKING_NOT_SCHEDULABLE',
      all(eq(field('status'), lit('pending')), isNull(field('paidAt')), eq(field('createdBy'), lit('client'))),
    ],
  ];
})();

/**
 * Which status may follow which. `pending → pending` and `confirmed → confirmed` are slot
 * changes (schedule, reschedule). Completed, cancelled and rejected are final. Expired is final
 * for people; only a card payment that arrives after the hold lapsed may still confirm it, when
 * its slot is still free (the payment hook re-takes it under the exclusion constraint).
 */
export const TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  pending: ['pending', 'confirmed', 'cancelled', 'rejected', 'expired'],
  confirmed: ['confirmed', 'completed', 'cancelled', 'rejected'],
  completed: [],
  cancelled: [],
  rejected: [],
  expired: ['confirmed'],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** No one can change it any more (cancellation is final). */
export function isFinal(status: BookingStatus): boolean {
  return status === 'completed' || status === 'cancelled' || status === 'rejected' || status === 'expired';
}

/** Strictly more than 48 hours ahead: a client cancelling then is refunded in full. */
export function isOutsideNoRefundWindow(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() > NO_REFUND_WINDOW_MS;
}

/**
 * The last instant a client may cancel a paid session and get the full fee back (48 hours before
 * the start: a cancellation strictly before it is refunded), or null when that instant is not
 * ahead of `now` any more: the session can no longer be refunded. A screen never shows a past one.
 */
export function refundDeadline(startsAt: Date, now: Date): Date | null {
  return isOutsideNoRefundWindow(startsAt, now) ? new Date(startsAt.getTime() - NO_REFUND_WINDOW_MS) : null;
}

/**
 * From when a reschedule of a confirmed session needs the other party's approval (48 hours
 * before the start), or null when that time has come already (every reschedule now asks).
 */
export function rescheduleApprovalFrom(startsAt: Date, now: Date): Date | null {
  const from = startsAt.getTime() - RESCHEDULE_APPROVAL_WINDOW_MS;
  return from > now.getTime() ? new Date(from) : null;
}

/** Pending or confirmed and not started (or not scheduled yet): it can still be cancelled. */
export function isCancellable(input: { status: BookingStatus; startsAt: Date | null; now: Date }): boolean {
  if (input.status !== 'pending' && input.status !== 'confirmed') return false;
  return input.startsAt === null || input.startsAt.getTime() > input.now.getTime();
}

export interface CancellationInput {
  party: BookingParty;
  status: BookingStatus;
  priceMinor: number;
  /** Money was taken for it (wallet or card; a free booking is not "paid"). */
  isPaid: boolean;
  startsAt: Date | null;
  now: Date;
}

export type CancellationOutcome =
  | { allowed: false; reason: ErrorCode }
  | {
      allowed: true;
      /** refunded: the full price back to the wallet; none: kept; not_paid: nothing was paid. */
      refundStatus: 'refunded' | 'none' | 'not_paid';
      refundMinor: number;
      /** The provider is credited the earning at once (a late client cancellation). */
      providerKeepsEarning: boolean;
    };

/**
 * Client cancels more than 48 h ahead: full refund at once; within 48 h: no refund and the
 * provider keeps the earning. Provider cancels: always a full refund. Unpaid (pending or
 * free): simply cancelled. A session that has started can no longer be cancelled.
 */
export function cancellationOutcome(input: CancellationInput): CancellationOutcome {
  if (!isCancellable(input)) return { allowed: false, reason: 'BOOKING_NOT_CANCELLABLE' };
  if (!input.isPaid || input.priceMinor === 0) {
    return { allowed: true, refundStatus: 'not_paid', refundMinor: 0, providerKeepsEarning: false };
  }
  const refundable =
    input.party === 'provider' || (input.startsAt !== null && isOutsideNoRefundWindow(input.startsAt, input.now));
  return refundable
    ? { allowed: true, refundStatus: 'refunded', refundMinor: input.priceMinor, providerKeepsEarning: false }
    : { allowed: true, refundStatus: 'none', refundMinor: 0, providerKeepsEarning: true };
}

/**
 * Within 48 hours (inclusive) of a confirmed appointment a reschedule needs the other party's
 * approval. `allowRescheduleCompletedBooking` is the provider giving up their own approval: it
 * lets the client move the appointment at once; a provider's late reschedule still needs the
 * client's (one party cannot waive the other's right to answer).
 */
export function rescheduleNeedsApproval(input: {
  party: BookingParty;
  status: BookingStatus;
  startsAt: Date | null;
  now: Date;
  allowRescheduleCompletedBooking: boolean;
}): boolean {
  if (input.status !== 'confirmed' || !input.startsAt) return false;
  if (input.allowRescheduleCompletedBooking && input.party === 'client') return false;
  return input.startsAt.getTime() - input.now.getTime() <= RESCHEDULE_APPROVAL_WINDOW_MS;
}

export interface RescheduleInput {
  party: BookingParty;
  status: BookingStatus;
  isPaid: boolean;
  startsAt: Date | null;
  now: Date;
  /** The acting party's remaining reschedules. */
  remaining: number;
  allowRescheduleCompletedBooking: boolean;
  /** Who asked for the reschedule still waiting for an answer, if one is. */
  pendingRequestBy: BookingParty | null;
}

export type RescheduleOutcome =
  | { allowed: false; reason: ErrorCode }
  /** move: an unpaid pending booking just takes the new slot (no count, hold renewed). */
  | { allowed: true; mode: 'move' | 'immediate' | 'request' };

export function rescheduleOutcome(input: RescheduleInput): RescheduleOutcome {
  if (input.status === 'pending' && !input.isPaid) {
    if (input.startsAt && input.startsAt.getTime() <= input.now.getTime()) {
      return { allowed: false, reason: 'BOOKING_NOT_RESCHEDULABLE' };
    }
    return { allowed: true, mode: 'move' };
  }
  if (input.status !== 'confirmed' || !input.startsAt || input.startsAt.getTime() <= input.now.getTime()) {
    return { allowed: false, reason: 'BOOKING_NOT_RESCHEDULABLE' };
  }
  if (input.pendingRequestBy && input.pendingRequestBy !== input.party) {
    return { allowed: false, reason: 'RESCHEDULE_PENDING' };
  }
  if (input.remaining <= 0) return { allowed: false, reason: 'RESCHEDULE_LIMIT_REACHED' };
  return { allowed: true, mode: rescheduleNeedsApproval(input) ? 'request' : 'immediate' };
}

/** SCHEDULABLE on a loaded booking: the refusal's code, or null when the client may pick a slot. */
export function scheduleRefusal(row: {
  status: BookingStatus;
  paidAt: Date | null;
  createdBy: BookingParty;
}): ErrorCode | null {
  return firstRefusal(SCHEDULABLE, row, {});
}

/** When a newly taken slot's hold ends: 15 minutes for a client paying, 24 h (or the start) for a participant. */
export function holdExpiry(input: { now: Date; startsAt: Date; awaitingParticipant: boolean }): Date {
  const nowMs = input.now.getTime();
  if (!input.awaitingParticipant) return new Date(nowMs + HOLD_MS);
  return new Date(Math.min(nowMs + PARTICIPANT_HOLD_MS, input.startsAt.getTime()));
}

/** Whose booking it is from the actor's side, and which count that party spends. */
export function remainingFor(
  party: BookingParty,
  row: { remainingClientReschedule: number; remainingProviderReschedule: number },
): number {
  return party === 'client' ? row.remainingClientReschedule : row.remainingProviderReschedule;
}

export function otherParty(party: BookingParty): BookingParty {
  return party === 'client' ? 'provider' : 'client';
}
