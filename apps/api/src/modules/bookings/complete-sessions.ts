import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { bookingEvents, bookings } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { creditEarning } from '../money/escrow.ts';
import { references } from '../money/references.ts';
import { isPaidRow } from './booking-data.ts';

/**
 * Job: confirmed sessions whose slot has ended become completed, and a paid one's price leaves
 * escrow: the provider's earning minus the platform commission (creditEarning, idempotent by
 * `booking:<id>:earning`). A reschedule request still waiting is dropped (expired). One batch
 * per transaction, claimed FOR UPDATE SKIP LOCKED.
 */
export async function completeSessions(deps: Pick<AppDeps, 'db' | 'clock'>, options: { limit?: number } = {}) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.status, 'confirmed'), lte(bookings.endsAt, now)))
      .orderBy(asc(bookings.endsAt))
      .limit(options.limit ?? 100)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return { completed: 0, credited: 0 };
    let credited = 0;
    for (const row of rows) {
      if (!isPaidRow(row)) continue;
      const posted = await creditEarning(tx, {
        providerId: row.providerId,
        grossMinor: row.priceMinor,
        currencyCode: row.currencyCode,
        reference: references.bookingEarning(row.id),
        bookingId: row.id,
        at: now,
      });
      if (posted.applied) credited++;
    }
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
    return { completed: rows.length, credited };
  });
}
