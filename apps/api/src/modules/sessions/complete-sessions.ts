import { IN_PERSON_MODALITY, ROOM_GRACE_MS } from '@app/shared/session-rules';
import { and, asc, eq, inArray, lte, or } from 'drizzle-orm';
import { bookingEvents, bookings } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { settleSession } from './session-outcome.ts';

/**
 * Job: confirmed sessions that are over become completed, with what happened (settleSession): an
 * online session once its room has closed (the end plus the grace period), from the stays the
 * room recorded; an in-person session at its end. A paid one's price leaves escrow: the
 * provider's earning minus the platform commission (creditEarning, idempotent by
 * `booking:<id>:earning`), or the client's full refund when the provider never joined. A
 * reschedule request still waiting is dropped (expired). One batch per transaction, claimed
 * FOR UPDATE SKIP LOCKED.
 */
export async function completeSessions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  options: { limit?: number; bookingIds?: string[] } = {},
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          options.bookingIds ? inArray(bookings.id, options.bookingIds) : undefined,
          or(
            lte(bookings.endsAt, new Date(now.getTime() - ROOM_GRACE_MS)),
            and(eq(bookings.modalityKey, IN_PERSON_MODALITY), lte(bookings.endsAt, now)),
          ),
        ),
      )
      .orderBy(asc(bookings.endsAt))
      .limit(options.limit ?? 100)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return { completed: 0, credited: 0, refunded: 0 };
    const ids = rows.map((row) => row.id);
    await tx
      .update(bookings)
      .set({ status: 'completed', previousStatus: 'confirmed', completedAt: now, updatedAt: now })
      .where(inArray(bookings.id, ids));
    const withPendingRequest = rows.filter((row) => row.rescheduleStatus === 'pending').map((row) => row.id);
    if (withPendingRequest.length > 0) {
      await tx
        .update(bookings)
        .set({ rescheduleStatus: 'expired', rescheduleSlotId: null })
        .where(inArray(bookings.id, withPendingRequest));
    }
    await tx
      .insert(bookingEvents)
      .values(ids.map((id) => ({ bookingId: id, type: 'completed', actorRole: 'system' as const, createdAt: now })));
    let credited = 0;
    let refunded = 0;
    for (const row of rows) {
      const settled = await settleSession(tx, row, now);
      if (settled.credited) credited++;
      if (settled.refunded) refunded++;
    }
    return { completed: rows.length, credited, refunded };
  });
}
