import { otherParty, remainingFor, rescheduleOutcome } from '@app/shared/booking-rules';
import type { Language } from '@app/shared/constants';
import type { Booking, BookingParty, ScheduleBookingBody } from '@app/shared/schemas/bookings';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type BookingRow, isPaidRow, lockOwnBookingForSlot, raiseSlotFreed, recordEvent } from './booking-data.ts';
import { bookingView, viewContext } from './booking-view.ts';
import { placePendingBooking } from './schedule-booking.ts';
import { takeSlot, withSlotRace } from './take-slot.ts';

const partyUserId = (row: BookingRow, party: BookingParty) => (party === 'client' ? row.clientId : row.providerId);

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
  const { eventIds } = await withSlotRace(() =>
    deps.db.transaction(async (tx) => {
      const { row, lapsedHolds } = await lockOwnBookingForSlot(tx, {
        bookingId: input.bookingId,
        actor: input.actor,
        party,
        now,
      });
      const outcome = rescheduleOutcome({
        party,
        status: row.status,
        isPaid: isPaidRow(row) || row.paymentMethod === 'free',
        startsAt: row.startsAt,
        now,
        remaining: remainingFor(party, row),
        allowRescheduleCompletedBooking: row.allowRescheduleCompletedBooking,
        pendingRequestBy: row.rescheduleStatus === 'pending' ? row.rescheduleRequestedBy : null,
      });
      if (!outcome.allowed) throw new AppError(outcome.reason);
      if (outcome.mode === 'move') {
        if (!row.startsAt && party === 'provider') throw new AppError('BOOKING_NOT_RESCHEDULABLE');
        return placePendingBooking(tx, deps, {
          row,
          lapsedHolds,
          slotId: input.body.timeslotIdentifier,
          note: input.body.note,
          now,
          party,
        });
      }
      const slot = await takeSlot(tx, {
        secret: deps.config.APP_SECRET,
        providerId: row.providerId,
        bookingId: row.id,
        categoryId: row.therapyCategoryId,
        slotId: input.body.timeslotIdentifier,
        now,
        lapsedHolds,
      });
      const other = otherParty(party);
      const common = {
        rescheduleRequestedBy: party,
        rescheduleNote: input.body.note ?? null,
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
            rescheduleSlotId: input.body.timeslotIdentifier,
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
          reason: input.body.note ?? null,
        },
        notifyUserId: partyUserId(row, other),
        at: now,
      });
      return { eventIds: [eventId] };
    }),
  );
  await deps.events.bookingEventsCommitted({ eventIds });
  return bookingView(deps.db, input.bookingId, viewContext(deps, input.language, input.actor.userId));
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
  const eventIds = await withSlotRace(() =>
    deps.db.transaction(async (tx) => {
      const { row } = await lockOwnBookingForSlot(tx, { bookingId: input.bookingId, actor: input.actor, party, now });
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
        const slot = await takeSlot(tx, {
          secret: deps.config.APP_SECRET,
          providerId: row.providerId,
          bookingId: row.id,
          categoryId: row.therapyCategoryId,
          slotId: row.rescheduleSlotId,
          now,
        });
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
        notifyUserId: partyUserId(row, requester),
        at: now,
      });
      return [eventId];
    }),
  );
  await deps.events.bookingEventsCommitted({ eventIds });
  return bookingView(deps.db, input.bookingId, viewContext(deps, input.language, input.actor.userId));
}
