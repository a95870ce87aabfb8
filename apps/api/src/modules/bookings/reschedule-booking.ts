import { otherParty } from '@app/shared/booking-rules';
import type { Language } from '@app/shared/constants';
import type { Booking, BookingParty, ScheduleBookingBody } from '@app/shared/schemas/bookings';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type BookingRow, partyId, raiseSlotFreed, recordEvent } from './booking-data.ts';
import { moveOwnBooking } from './change-booking.ts';
import { rescheduleOutcomeOf } from './policies.ts';
import { placePendingBooking } from './schedule-booking.ts';
import { takeSlotFor } from './take-slot.ts';

/** The column a party's reschedule spends. */
function spend(row: BookingRow, party: BookingParty) {
  return party === 'client'
    ? { remainingClientReschedule: row.remainingClientReschedule - 1 }
    : { remainingProviderReschedule: row.remainingProviderReschedule - 1 };
}

/** No proposed slot: the request is settled (or there never was one). */
const noProposal = { rescheduleSlotId: null, rescheduleStartsAt: null, rescheduleEndsAt: null } as const;

/** The columns of a confirmed booking moved to `slot` on `party`'s reschedule, which is spent. */
function movedColumns(row: BookingRow, party: BookingParty, slot: { startsAt: Date; endsAt: Date }) {
  return {
    ...spend(row, party),
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    rescheduleStatus: 'accepted' as const,
    ...noProposal,
  };
}

/**
 * POST /booking/{id}/reschedule (client) and /appointment/{id}/reschedule (provider; providers
 * never pay). An unpaid pending booking just moves (hold renewed, no count). A confirmed one
 * spends one of the party's reschedules (2 by default; at 0: "Rescheduling limit reached"):
 * more than 48 h ahead it moves at once; within 48 h it becomes a request the other party
 * accepts or rejects (unless allowRescheduleCompletedBooking). The new slot is checked either way.
 */
export async function rescheduleBooking(
  deps: AppDeps,
  input: { actor: Actor; party: BookingParty; language: Language; bookingId: string; body: ScheduleBookingBody },
): Promise<Booking> {
  const now = deps.clock.now();
  const { party } = input;
  const { timeslotIdentifier: slotId, note } = input.body;
  return moveOwnBooking(deps, input, now, async (tx, { row, lapsedHolds }) => {
    const outcome = rescheduleOutcomeOf(row, party, now);
    if (!outcome.allowed) throw new AppError(outcome.reason);
    if (outcome.mode === 'move') {
      if (!row.startsAt && party === 'provider') throw new AppError('BOOKING_NOT_RESCHEDULABLE');
      return placePendingBooking(tx, deps, { row, lapsedHolds, slotId, note, now, party });
    }
    const slot = await takeSlotFor(tx, row, { secret: deps.config.APP_SECRET, slotId, now, lapsedHolds });
    const other = otherParty(party);
    const common = {
      rescheduleRequestedBy: party,
      rescheduleNote: note ?? null,
      updatedAt: now,
    };
    if (outcome.mode === 'immediate') {
      await tx
        .update(bookings)
        .set({ ...common, ...movedColumns(row, party, slot) })
        .where(eq(bookings.id, row.id));
      await raiseSlotFreed(tx, deps.events, row, now);
    } else {
      await tx
        .update(bookings)
        .set({
          ...common,
          rescheduleStatus: 'pending',
          rescheduleSlotId: slotId,
          rescheduleStartsAt: slot.startsAt,
          rescheduleEndsAt: slot.endsAt,
        })
        .where(eq(bookings.id, row.id));
    }
    const eventId = await recordEvent(tx, {
      bookingId: row.id,
      type: outcome.mode === 'immediate' ? 'rescheduled' : 'reschedule_requested',
      actorRole: party,
      data: {
        template: outcome.mode === 'immediate' ? 'rescheduled' : 'rescheduleRequested',
        notifyParty: other,
        startAt: (outcome.mode === 'immediate' ? slot.startsAt : row.startsAt)?.toISOString() ?? null,
        ...(outcome.mode === 'immediate'
          ? { previousStartAt: row.startsAt?.toISOString() ?? null }
          : { proposedStartAt: slot.startsAt.toISOString() }),
        reason: note ?? null,
      },
      notifyUserId: partyId(row, other),
      at: now,
    });
    return [eventId];
  });
}

/**
 * POST /booking/reschedule/{id}/{accept|reject} (client) and /appointment/{id}/reschedule-update
 * (provider): the other party answers a pending request. Accepting re-checks the proposed slot
 * (SLOT_TAKEN / SLOT_UNAVAILABLE leave the request pending) and spends the requester's
 * reschedule; rejecting keeps the appointment where it is.
 */
export async function answerReschedule(
  deps: AppDeps,
  input: { actor: Actor; party: BookingParty; language: Language; bookingId: string; accept: boolean },
): Promise<Booking> {
  const now = deps.clock.now();
  const { party } = input;
  return moveOwnBooking(deps, input, now, async (tx, { row }) => {
    const requester = row.rescheduleRequestedBy;
    if (
      row.status !== 'confirmed' ||
      row.rescheduleStatus !== 'pending' ||
      !requester ||
      requester === party ||
      !row.rescheduleSlotId
    ) {
      throw new AppError('NO_PENDING_RESCHEDULE');
    }
    const proposedStartAt = row.rescheduleStartsAt?.toISOString() ?? null;
    if (input.accept) {
      const slot = await takeSlotFor(tx, row, { secret: deps.config.APP_SECRET, slotId: row.rescheduleSlotId, now });
      await tx
        .update(bookings)
        .set({ ...movedColumns(row, requester, slot), updatedAt: now })
        .where(eq(bookings.id, row.id));
      await raiseSlotFreed(tx, deps.events, row, now);
    } else {
      await tx
        .update(bookings)
        .set({ rescheduleStatus: 'rejected', ...noProposal, updatedAt: now })
        .where(eq(bookings.id, row.id));
    }
    const eventId = await recordEvent(tx, {
      bookingId: row.id,
      type: input.accept ? 'reschedule_accepted' : 'reschedule_rejected',
      actorRole: party,
      data: {
        template: input.accept ? 'rescheduleAccepted' : 'rescheduleRejected',
        notifyParty: requester,
        startAt: input.accept ? proposedStartAt : (row.startsAt?.toISOString() ?? null),
        ...(input.accept ? { previousStartAt: row.startsAt?.toISOString() ?? null } : {}),
      },
      notifyUserId: partyId(row, requester),
      at: now,
    });
    return [eventId];
  });
}
