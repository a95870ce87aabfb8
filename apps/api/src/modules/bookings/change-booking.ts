import type { Language } from '@app/shared/constants';
import type { Booking, BookingParty } from '@app/shared/schemas/bookings';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type BookingRow, loadOwnBooking } from './booking-data.ts';
import { bookingView, viewContext } from './booking-view.ts';

/**
 * The frame of a change to one of the actor's bookings that does not move its slot: the row is
 * locked as `party` (anyone else's booking is NOT_FOUND), `change` writes in the same transaction
 * and answers the events to email (null for none), they are delivered after commit, and the
 * answer is the booking as it now is.
 */
export async function changeOwnBooking(
  deps: AppDeps,
  input: { actor: Actor; party: BookingParty; language: Language; bookingId: string },
  change: (tx: Tx, row: BookingRow, now: Date) => Promise<Array<string | null> | undefined>,
): Promise<Booking> {
  const now = deps.clock.now();
  const eventIds = await deps.db.transaction(async (tx) => {
    const row = await loadOwnBooking(tx, {
      bookingId: input.bookingId,
      actor: input.actor,
      party: input.party,
      lock: true,
    });
    return change(tx, row, now);
  });
  await deps.events.bookingEventsCommitted({
    eventIds: (eventIds ?? []).filter((id): id is string => id !== null),
  });
  return bookingView(deps.db, input.bookingId, viewContext(deps, input.language, input.actor.userId));
}
