import { holdExpiry, otherParty } from '@app/shared/booking-rules';
import type { Language } from '@app/shared/constants';
import type { Booking } from '@app/shared/schemas/bookings';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type BookingRow, confirmedFree, partyId, recordEvent } from './booking-data.ts';
import { closeBooking } from './cancel-booking.ts';
import { changeOwnBooking } from './change-booking.ts';

/**
 * The participant is the party who did not create the booking: the provider for a client's
 * booking, the client for a session the provider booked (POST /appointment). The participant
 * acknowledges or rejects it once; rejecting ends it (a paid booking is refunded in full).
 */
function assertAwaiting(row: BookingRow, participant: 'client' | 'provider', now: Date): void {
  if (row.createdBy === participant) throw new AppError('CONFLICT');
  if (row.participantStatus !== 'awaiting') throw new AppError('PARTICIPANT_ALREADY_RESPONDED');
  if (row.status !== 'pending' && row.status !== 'confirmed') throw new AppError('PARTICIPANT_ALREADY_RESPONDED');
  if (row.startsAt && row.startsAt.getTime() <= now.getTime()) throw new AppError('BOOKING_EXPIRED');
}

function acknowledgedEvent(row: BookingRow, participant: 'client' | 'provider', now: Date) {
  const creator = otherParty(participant);
  return {
    bookingId: row.id,
    type: 'acknowledged',
    actorRole: participant,
    data: { template: 'participantAcknowledged', notifyParty: creator, startAt: row.startsAt?.toISOString() ?? null },
    notifyUserId: partyId(row, creator),
    at: now,
  };
}

/** POST /appointment/participant/{id}/acknowledge: the provider confirms a client's booking. */
export async function acknowledgeAsProvider(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string },
): Promise<Booking> {
  return changeOwnBooking(deps, { ...input, party: 'provider' }, async (tx, row, now) => {
    assertAwaiting(row, 'provider', now);
    await tx
      .update(bookings)
      .set({ participantStatus: 'acknowledged', participantRespondedAt: now, updatedAt: now })
      .where(eq(bookings.id, row.id));
    return [await recordEvent(tx, acknowledgedEvent(row, 'provider', now))];
  });
}

/**
 * POST /appointment/participant/{id}/reject-booking: the provider declines a client's booking
 * (full refund), with a reason the client reads in the email and on the booking.
 */
export async function rejectAsProvider(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string; note: string },
): Promise<Booking> {
  const booking = await changeOwnBooking(deps, { ...input, party: 'provider' }, async (tx, row, now) => {
    assertAwaiting(row, 'provider', now);
    return [
      await closeBooking(tx, {
        row,
        events: deps.events,
        by: 'provider',
        ruleParty: 'provider',
        to: 'rejected',
        reason: input.note,
        now,
        eventType: 'rejected',
        template: 'bookingRejected',
        notify: 'client',
        participantRejected: true,
      }),
    ];
  });
  deps.events.outcome({ kind: 'booking', outcome: 'rejected' });
  return booking;
}

/**
 * POST /booking/participant/{id}/status: the client answers a session the provider booked.
 * Acknowledged: a free one is confirmed; a priced one waits for payment with a fresh 15-minute
 * hold. Rejected: it ends and the slot is free again.
 */
export async function answerAsClient(
  deps: AppDeps,
  input: {
    actor: Actor;
    language: Language;
    bookingId: string;
    status: 'acknowledged' | 'rejected';
    note: string | null;
  },
): Promise<Booking> {
  return changeOwnBooking(deps, { ...input, party: 'client' }, async (tx, row, now) => {
    assertAwaiting(row, 'client', now);
    if (input.status === 'rejected') {
      const eventId = await closeBooking(tx, {
        row,
        events: deps.events,
        by: 'client',
        ruleParty: 'provider',
        to: 'rejected',
        reason: input.note,
        now,
        eventType: 'participant_rejected',
        template: 'participantRejected',
        notify: 'provider',
        participantRejected: true,
      });
      return [eventId];
    }
    const free = row.priceMinor === 0;
    await tx
      .update(bookings)
      .set({
        participantStatus: 'acknowledged',
        participantRespondedAt: now,
        ...(row.status === 'pending' && free ? confirmedFree(row, now) : {}),
        ...(row.status === 'pending' && !free && row.startsAt
          ? { holdExpiresAt: holdExpiry({ now, startsAt: row.startsAt, awaitingParticipant: false }) }
          : {}),
        updatedAt: now,
      })
      .where(eq(bookings.id, row.id));
    return [await recordEvent(tx, acknowledgedEvent(row, 'client', now))];
  });
}
