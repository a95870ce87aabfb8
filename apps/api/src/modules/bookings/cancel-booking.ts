import { otherParty } from '@app/shared/booking-rules';
import type { Language } from '@app/shared/constants';
import type { Booking, BookingParty } from '@app/shared/schemas/bookings';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { creditEarning, refundToWallet } from '../money/escrow.ts';
import { references } from '../money/references.ts';
import { type BookingRow, partyId, raiseSlotFreed, recordEvent, statusChange } from './booking-data.ts';
import { changeOwnBooking } from './change-booking.ts';
import type { BookingEmailTemplate } from './outbox.ts';
import { cancellationOutcomeOf } from './policies.ts';

/** What a cancellation (by a party, or by the system) closes a booking as. */
export const CANCELLATION = { to: 'cancelled', eventType: 'cancelled', template: 'cancelled' } as const;

export interface CloseInput {
  row: BookingRow;
  /** Who ends it: a party, or the system (account deletion). */
  by: BookingParty | 'system';
  /** The party whose rule applies (a system cancellation refunds like a provider's). */
  ruleParty: BookingParty;
  to: 'cancelled' | 'rejected';
  reason: string | null;
  now: Date;
  eventType: string;
  template: BookingEmailTemplate;
  notify: BookingParty | null;
  /** The participant's answer that ends it (reject-booking, participant rejection). */
  participantRejected?: boolean;
  /** Where the freed slot is announced (the waitlist offers it); absent: nobody is told. */
  events?: Pick<DomainEvents, 'slotsOpened'>;
  /** The later sessions of a series cancelled with it, named in the one email the other party gets. */
  alsoCancelled?: Date[];
}

/**
 * Ends a pending or confirmed booking with the money rule of DESIGN.md §4: a refund to the
 * wallet, or (late client cancellation) the provider's earning at once, or nothing for an
 * unpaid booking. One transaction, the booking row locked by the caller: of ten concurrent
 * cancellations one refunds, the others find it cancelled. Returns the event to email.
 */
export async function closeBooking(tx: Tx, input: CloseInput): Promise<string | null> {
  const { row, now } = input;
  const outcome = cancellationOutcomeOf(row, input.ruleParty, now);
  if (!outcome.allowed) throw new AppError(outcome.reason);
  if (outcome.refundStatus === 'refunded') {
    await refundToWallet(tx, {
      userId: row.clientId,
      amountMinor: outcome.refundMinor,
      currencyCode: row.currencyCode,
      reference: references.bookingRefund(row.id),
      bookingId: row.id,
      at: now,
    });
  }
  if (outcome.providerKeepsEarning) {
    await creditEarning(tx, {
      providerId: row.providerId,
      grossMinor: row.priceMinor,
      currencyCode: row.currencyCode,
      reference: references.bookingEarning(row.id),
      bookingId: row.id,
      at: now,
    });
  }
  await tx
    .update(bookings)
    .set({
      ...statusChange(row, input.to),
      holdExpiresAt: null,
      cancelledAt: now,
      cancelledBy: input.by,
      cancellationReason: input.reason,
      refundStatus: outcome.refundStatus,
      refundMinor: outcome.refundMinor,
      ...(row.rescheduleStatus === 'pending' ? { rescheduleStatus: 'expired' as const, rescheduleSlotId: null } : {}),
      ...(input.participantRejected ? { participantStatus: 'rejected' as const, participantRespondedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(bookings.id, row.id));
  await raiseSlotFreed(tx, input.events, row, now);
  const notifyUserId = input.notify ? partyId(row, input.notify) : null;
  const eventId = await recordEvent(tx, {
    bookingId: row.id,
    type: input.eventType,
    actorRole: input.by,
    data: {
      template: input.template,
      notifyParty: input.notify,
      reason: input.reason,
      refundStatus: outcome.refundStatus,
      refundMinor: outcome.refundMinor,
      startAt: row.startsAt?.toISOString() ?? null,
      ...(input.alsoCancelled?.length ? { alsoCancelled: input.alsoCancelled.map((at) => at.toISOString()) } : {}),
    },
    notifyUserId,
    at: now,
  });
  return notifyUserId ? eventId : null;
}

/** POST /booking/{id}/cancel (client) and POST /appointment/{id}/cancel (provider): final. */
export async function cancelBooking(
  deps: AppDeps,
  input: { actor: Actor; party: BookingParty; language: Language; bookingId: string; reason: string },
): Promise<Booking> {
  const booking = await changeOwnBooking(deps, input, async (tx, row, now) => [
    await closeBooking(tx, {
      row,
      ...CANCELLATION,
      by: input.party,
      ruleParty: input.party,
      reason: input.reason,
      now,
      notify: otherParty(input.party),
      events: deps.events,
    }),
  ]);
  deps.events.outcome({ kind: 'booking', outcome: 'cancelled' });
  return booking;
}

/**
 * The bookings part of deleting an account (an auth deletion hook, inside its transaction):
 * every future or unscheduled pending-or-confirmed booking of the user is cancelled, paid ones
 * refunded in full to the client. The other party is emailed by the notification job.
 */
export function bookingsDeletionHook() {
  return async (tx: Tx, input: { userId: string; now: Date }): Promise<void> => {
    const rows = await tx
      .select()
      .from(bookings)
      .where(
        and(
          or(eq(bookings.clientId, input.userId), eq(bookings.providerId, input.userId)),
          inArray(bookings.status, ['pending', 'confirmed']),
          or(isNull(bookings.startsAt), gt(bookings.startsAt, input.now)),
        ),
      )
      .orderBy(bookings.id)
      .for('update');
    if (rows.length === 0) return;
    for (const row of rows) {
      const deletedIsClient = row.clientId === input.userId;
      await closeBooking(tx, {
        row,
        ...CANCELLATION,
        by: 'system',
        ruleParty: 'provider',
        reason: null,
        now: input.now,
        notify: deletedIsClient ? 'provider' : 'client',
      });
    }
  };
}
