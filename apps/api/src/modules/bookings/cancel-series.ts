import { isCancellable, otherParty } from '@app/shared/booking-rules';
import type { Language } from '@app/shared/constants';
import type { BookingParty, BookingSeries } from '@app/shared/schemas/bookings';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { loadOwnBooking } from './booking-data.ts';
import { CANCELLATION, closeBooking } from './cancel-booking.ts';
import { getBookingSeries } from './list-bookings.ts';

/**
 * POST /booking/{id}/cancel-series (client) and /appointment/{id}/cancel-series (provider): this
 * session and every later one of its series that can still be cancelled, each by its own
 * 48-hour rule (closeBooking: a paid session more than 48 hours ahead is refunded, a later one is
 * not). One transaction, the sessions locked in id order (as paying a series locks them); the
 * other party is told once, with the first session's email naming the later ones; each freed
 * slot is offered to the waitlist. A booking outside a series is cancelled alone.
 */
export async function cancelRestOfSeries(
  deps: AppDeps,
  input: { actor: Actor; party: BookingParty; language: Language; bookingId: string; reason: string },
): Promise<BookingSeries> {
  const now = deps.clock.now();
  const other = otherParty(input.party);
  const eventIds = await deps.db.transaction(async (tx) => {
    const chosen = await loadOwnBooking(tx, { ...input, lock: true });
    if (!isCancellable({ ...chosen, now })) throw new AppError('BOOKING_NOT_CANCELLABLE');
    const owner = input.party === 'client' ? bookings.clientId : bookings.providerId;
    const later = and(eq(owner, input.actor.userId), gte(bookings.seriesIndex, chosen.seriesIndex ?? 0));
    const rows = chosen.seriesId
      ? await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.seriesId, chosen.seriesId), later, inArray(bookings.status, ['pending', 'confirmed'])))
          .orderBy(asc(bookings.id))
          .for('update')
      : [chosen];
    const closing = rows
      .sort((a, b) => (a.seriesIndex ?? 0) - (b.seriesIndex ?? 0))
      .filter((row) => isCancellable({ ...row, now }));
    const by = input.party;
    const ids: Array<string | null> = [];
    for (const [index, row] of closing.entries()) {
      // One email for the whole cancellation: the first session's, naming every later one.
      const first = index === 0;
      const alsoCancelled = first ? closing.slice(1).flatMap((later) => (later.startsAt ? [later.startsAt] : [])) : [];
      ids.push(
        await closeBooking(tx, {
          ...CANCELLATION,
          row,
          by,
          ruleParty: by,
          reason: input.reason,
          now,
          notify: first ? other : null,
          alsoCancelled,
          events: deps.events,
        }),
      );
    }
    return ids;
  });
  await deps.events.bookingEventsCommitted({ eventIds: eventIds.filter((id): id is string => id !== null) });
  deps.events.outcome({ kind: 'booking', outcome: 'cancelled' });
  return getBookingSeries(deps, input);
}
