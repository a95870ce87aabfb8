import type { Language } from '@app/shared/constants';
import type { Booking, BookingParty } from '@app/shared/schemas/bookings';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type BookingRow, type LockedBooking, loadOwnBooking, lockOwnBookingForSlot } from './booking-data.ts';
import { bookingView, viewContext } from './booking-view.ts';
import { withSlotRace } from './take-slot.ts';

type OwnBookingInput = { actor: Actor; party: BookingParty; language: Language; bookingId: string };

/** The events a change asks to email (null or nothing for none). */
type ChangeEvents = Array<string | null> | undefined;

/**
 * The frame of a change to one of the actor's bookings that does not move its slot: the row is
 * locked as `party` (anyone else's booking is NOT_FOUND), `change` writes in the same transaction
 * and answers the events to email, they are delivered after commit, and the answer is the
 * booking as it now is.
 */
export async function changeOwnBooking(
  deps: AppDeps,
  input: OwnBookingInput,
  change: (tx: Tx, row: BookingRow, now: Date) => Promise<ChangeEvents>,
): Promise<Booking> {
  const now = deps.clock.now();
  const eventIds = await deps.db.transaction(async (tx) =>
    change(tx, await loadOwnBooking(tx, { ...input, lock: true }), now),
  );
  return changed(deps, input, eventIds);
}

/**
 * changeOwnBooking for a change that takes or moves the booking's slot (schedule, reschedule, an
 * answer to a reschedule): the provider's calendar is locked before the row
 * (lockOwnBookingForSlot), and a lost race for the slot is SLOT_TAKEN (withSlotRace).
 */
export async function moveOwnBooking(
  deps: AppDeps,
  input: OwnBookingInput,
  now: Date,
  change: (tx: Tx, locked: LockedBooking) => Promise<ChangeEvents>,
): Promise<Booking> {
  const eventIds = await withSlotRace(() =>
    deps.db.transaction(async (tx) => change(tx, await lockOwnBookingForSlot(tx, { ...input, now }))),
  );
  return changed(deps, input, eventIds);
}

async function changed(deps: AppDeps, input: OwnBookingInput, eventIds: ChangeEvents): Promise<Booking> {
  await deps.events.bookingEventsCommitted({
    eventIds: (eventIds ?? []).filter((id): id is string => id !== null),
  });
  return bookingView(deps.db, input.bookingId, viewContext(deps, input.language, input.actor.userId));
}
