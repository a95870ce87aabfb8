import { DRAFT_TTL_MS } from '@app/shared/booking-rules';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import {
  expiredColumns,
  pendingDraftStale,
  pendingHoldLapsed,
  raiseSlotFreed,
  recordExpiries,
} from './booking-data.ts';

/**
 * Job: pending bookings whose hold lapsed become expired and free their slot (DESIGN.md §4: 15
 * minutes to pay; a provider's appointment waits 24 h for the client). A series is held as a
 * whole: when one of its sessions lapses, every unpaid session of it expires with it (a moved
 * session's renewed hold included). Bookings created but never given a slot expire after a day. Rows are claimed FOR UPDATE SKIP LOCKED, so several
 * processes can run it, and a booking being paid right now is skipped (its payment decides). A
 * lapsed hold's future slot is free again: whoever reacts to freed time (the waitlist) is told.
 */
export async function expireHolds(
  deps: Pick<AppDeps, 'db' | 'clock'> & { events?: Pick<AppDeps['events'], 'slotsOpened'> },
  options: { limit?: number } = {},
) {
  const now = deps.clock.now();
  const limit = options.limit ?? 500;
  return deps.db.transaction(async (tx) => {
    const lapsedSeries = tx.select({ id: bookings.seriesId }).from(bookings).where(pendingHoldLapsed(now));
    const lapsed = await tx
      .select({
        id: bookings.id,
        providerId: bookings.providerId,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
      })
      .from(bookings)
      .where(
        or(
          pendingHoldLapsed(now),
          and(eq(bookings.status, 'pending'), isNull(bookings.paidAt), inArray(bookings.seriesId, lapsedSeries)),
        ),
      )
      .limit(limit)
      .for('update', { skipLocked: true });
    const drafts = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(pendingDraftStale(new Date(now.getTime() - DRAFT_TTL_MS)))
      .limit(limit)
      .for('update', { skipLocked: true });
    const ids = [...lapsed, ...drafts].map((row) => row.id);
    if (ids.length === 0) return { expired: 0 };
    await tx.update(bookings).set(expiredColumns(now)).where(inArray(bookings.id, ids));
    const draftIds = new Set(drafts.map((row) => row.id));
    await recordExpiries(tx, ids, now, (id) => (draftIds.has(id) ? 'never_scheduled' : 'hold_lapsed'));
    for (const row of lapsed) await raiseSlotFreed(tx, deps.events, row, now);
    return { expired: ids.length };
  });
}
