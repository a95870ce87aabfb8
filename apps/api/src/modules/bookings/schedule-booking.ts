import type { Language } from '@app/shared/constants';
import type { Booking, ScheduleBookingBody } from '@app/shared/schemas/bookings';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type BookingRow, lockOwnBookingForSlot, recordEvent, statusChange } from './booking-data.ts';
import { bookingView } from './booking-view.ts';
import { deliverBookingNotifications } from './notifications.ts';
import { viewContext } from './offer.ts';
import { holdExpiry } from './rules.ts';
import { takeSlot, withSlotRace } from './take-slot.ts';

/** The "confirmed" event that tells the provider about a client's booking. */
export function confirmedEvent(row: BookingRow, at: Date, startsAt: Date | null) {
  return {
    bookingId: row.id,
    type: 'confirmed',
    actorRole: 'client' as const,
    actorId: row.clientId,
    data: { template: 'bookingConfirmed', notifyParty: 'provider', startAt: startsAt?.toISOString() ?? null },
    notifyUserId: row.providerId,
    at,
  };
}

/**
 * Puts an unpaid pending booking on a slot: a paid one waits for payment with a 15-minute hold;
 * a free one is confirmed at once. Used by schedule and by a reschedule of a pending booking.
 */
export async function placePendingBooking(
  tx: Tx,
  deps: AppDeps,
  input: {
    row: BookingRow;
    slotId: string;
    note: string | null | undefined;
    now: Date;
    party: 'client' | 'provider';
    /** From lockOwnBookingForSlot: false skips expiring lapsed holds (there are none). */
    lapsedHolds?: boolean;
  },
): Promise<{ eventIds: string[] }> {
  const { row, now } = input;
  const slot = await takeSlot(tx, {
    secret: deps.config.APP_SECRET,
    providerId: row.providerId,
    bookingId: row.id,
    categoryId: row.therapyCategoryId,
    slotId: input.slotId,
    now,
    lapsedHolds: input.lapsedHolds,
  });
  const awaitingParticipant = row.createdBy === 'provider' && row.participantStatus === 'awaiting';
  const free = row.priceMinor === 0 && !awaitingParticipant;
  await tx
    .update(bookings)
    .set({
      ...statusChange(row, free ? 'confirmed' : 'pending'),
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      holdExpiresAt: free ? null : holdExpiry({ now, startsAt: slot.startsAt, awaitingParticipant }),
      ...(free ? { paidAt: now, paymentMethod: 'free' as const } : {}),
      note: input.note ?? row.note,
      updatedAt: now,
    })
    .where(eq(bookings.id, row.id));
  const moved = row.startsAt !== null;
  const eventIds: string[] = [];
  const notifyOther = moved && (row.createdBy === 'provider' || input.party === 'provider');
  const eventId = await recordEvent(tx, {
    bookingId: row.id,
    type: moved ? 'rescheduled' : 'scheduled',
    actorRole: input.party,
    actorId: input.party === 'client' ? row.clientId : row.providerId,
    data: {
      startAt: slot.startsAt.toISOString(),
      previousStartAt: row.startsAt?.toISOString() ?? null,
      ...(notifyOther
        ? { template: 'rescheduled', notifyParty: input.party === 'client' ? 'provider' : 'client' }
        : {}),
    },
    notifyUserId: notifyOther ? (input.party === 'client' ? row.providerId : row.clientId) : null,
    at: now,
  });
  if (notifyOther) eventIds.push(eventId);
  if (free) eventIds.push(await recordEvent(tx, confirmedEvent(row, now, slot.startsAt)));
  return { eventIds };
}

/**
 * POST /booking/{id}/schedule: the client picks the slot of a pending booking (again, to change
 * it while unpaid). Paid bookings change slot through reschedule; an expired one is over.
 */
export async function scheduleBooking(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string; body: ScheduleBookingBody },
): Promise<Booking> {
  const now = deps.clock.now();
  const { eventIds } = await withSlotRace(() =>
    deps.db.transaction(async (tx) => {
      const { row, lapsedHolds } = await lockOwnBookingForSlot(tx, {
        bookingId: input.bookingId,
        actor: input.actor,
        party: 'client',
        now,
      });
      if (row.status === 'expired') throw new AppError('BOOKING_EXPIRED');
      if (row.status !== 'pending' || row.paidAt || row.createdBy === 'provider') {
        throw new AppError('BOOKING_NOT_SCHEDULABLE');
      }
      return placePendingBooking(tx, deps, {
        row,
        lapsedHolds,
        slotId: input.body.timeslotIdentifier,
        note: input.body.note,
        now,
        party: 'client',
      });
    }),
  );
  await deliverBookingNotifications(deps, { eventIds });
  return bookingView(deps.db, input.bookingId, viewContext(deps, input.language));
}
