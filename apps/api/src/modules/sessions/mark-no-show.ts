import type { SessionOutcomeAnswer } from '@app/shared/schemas/session-room';
import {
  canMarkClientNoShow,
  NO_SHOW_MARK_WINDOW_HOURS,
  REBOOK_WINDOW_MS,
  rebookPrice,
  togetherInSessionMs,
} from '@app/shared/session-rules';
import { eq } from 'drizzle-orm';
import { sessionOutcomes } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { loadOwnBooking } from '../bookings/booking-data.ts';
import { loadStays } from './room-attendance.ts';
import { getSessionOutcome, recordOutcomeEvents } from './session-outcome.ts';

/**
 * POST /appointment/{id}/client-no-show: the provider records that the client did not attend,
 * within 24 hours of the end, over a session the room recorded as completed or interrupted but
 * in which it never saw the two together (an in-person session, a client who came only after the
 * provider had gone), and before a replacement was booked. No money moves: the provider's
 * earning was paid when the session ended. The client's replacement offer becomes the missed
 * session's (half the fee, 48 hours from the end). Both sides are emailed.
 */
export async function markClientNoShow(
  deps: AppDeps,
  input: { actor: Actor; bookingId: string },
): Promise<SessionOutcomeAnswer> {
  const now = deps.clock.now();
  const eventIds = await deps.db.transaction(async (tx) => {
    const row = await loadOwnBooking(tx, {
      bookingId: input.bookingId,
      actor: input.actor,
      party: 'provider',
      lock: true,
    });
    const [outcome] = await tx
      .select()
      .from(sessionOutcomes)
      .where(eq(sessionOutcomes.bookingId, row.id))
      .for('update');
    const { visits } = await loadStays(tx, row.id, now);
    const allowed =
      outcome &&
      row.startsAt &&
      row.endsAt &&
      canMarkClientNoShow({
        outcome: outcome.outcome,
        endsAt: row.endsAt,
        now,
        togetherMs: togetherInSessionMs({ startsAt: row.startsAt, endsAt: row.endsAt, visits }),
        rebooked: outcome.rebookedBookingId !== null,
      });
    if (!outcome || !row.endsAt || !allowed)
      throw new AppError('NO_SHOW_NOT_ALLOWED', { hours: NO_SHOW_MARK_WINDOW_HOURS });
    const rebookPriceMinor = rebookPrice('client_no_show', row.priceMinor);
    const rebookUntil = new Date(row.endsAt.getTime() + REBOOK_WINDOW_MS);
    await tx
      .update(sessionOutcomes)
      .set({ outcome: 'client_no_show', decidedBy: 'provider', decidedAt: now, rebookPriceMinor, rebookUntil })
      .where(eq(sessionOutcomes.bookingId, row.id));
    return recordOutcomeEvents(tx, {
      row,
      outcome: 'client_no_show',
      stem: 'markedNoShow',
      actorRole: 'provider',
      refundMinor: 0,
      rebookPriceMinor,
      rebookUntil,
      at: now,
    });
  });
  await deps.events.bookingEventsCommitted({ eventIds });
  return getSessionOutcome(deps, input);
}
