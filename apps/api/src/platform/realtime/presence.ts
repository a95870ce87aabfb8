import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { socketPresence } from '../../db/schema/index.ts';

/**
 * Notes that these users have an open live socket at `now` (one statement for all of them). The
 * hub calls it when a socket authenticates, on every heartbeat while sockets stay open and when
 * one closes, so `last_seen_at` is never older than a heartbeat while someone is connected.
 */
export async function notePresence(db: Tx, userIds: readonly string[], now: Date): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await db
    .insert(socketPresence)
    .values(unique.map((userId) => ({ userId, lastSeenAt: now })))
    .onConflictDoUpdate({
      target: socketPresence.userId,
      set: { lastSeenAt: sql`greatest(${socketPresence.lastSeenAt}, excluded.last_seen_at)` },
    });
}

/** Whether the person has had no open socket since `since` (never connected counts as away). */
export async function awaySince(db: Tx, userId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ lastSeenAt: socketPresence.lastSeenAt })
    .from(socketPresence)
    .where(eq(socketPresence.userId, userId));
  return !row || row.lastSeenAt.getTime() < since.getTime();
}
