import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { providerDirectory, providerProfiles, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { backlogOf, type Job } from '../../platform/jobs.ts';
import { writeNextAvailable } from '../availability/listing-slots.ts';
import { nextFreeSlots } from '../availability/next-free-slot.ts';

const BATCH = 200;

/**
 * Recomputes provider_directory.next_available_at (the first free slot, availability's engine)
 * as the clock moves on, for every provider who is not deleted or suspended (listed or not: the
 * listing rule reads this column, so the job must not depend on it), a batch at a time (each
 * batch its own short statement, so a review's counter update never waits long behind it),
 * writing only the rows where it moved. Changes of calendars, approval and bookings rewrite the
 * column themselves (availability/listing-slots.ts). Idempotent: two processes running it at once
 * only repeat work. Answers how many providers it checked.
 */
export async function refreshNextAvailable(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  let refreshed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await deps.db
      .select({ providerId: providerDirectory.providerId, timezone: users.timezone })
      .from(providerDirectory)
      .innerJoin(users, eq(users.id, providerDirectory.providerId))
      .innerJoin(providerProfiles, eq(providerProfiles.userId, providerDirectory.providerId))
      .where(
        and(
          eq(users.role, 'provider'),
          isNull(users.deletedAt),
          isNull(providerProfiles.suspendedAt),
          gt(providerDirectory.providerId, after),
        ),
      )
      .orderBy(asc(providerDirectory.providerId))
      .limit(BATCH);
    if (batch.length === 0) break;
    await writeNextAvailable(deps.db, batch, await nextFreeSlots(deps.db, batch, now), now);
    refreshed += batch.length;
    after = batch.at(-1)?.providerId as string;
    if (batch.length < BATCH) break;
  }
  return refreshed;
}

/** Every minute: the "free within N days" filter is at most a minute behind the calendars. */
export const directoryJobs: Job[] = [
  {
    name: 'refresh-next-available',
    intervalMs: 60_000,
    run: (deps) => refreshNextAvailable(deps),
    // The directory's feed of next free times is behind when one of them has already passed.
    backlog: (deps) =>
      backlogOf(
        deps.db,
        sql`SELECT count(*)::int AS depth, min(next_available_at) AS oldest FROM provider_directory
            WHERE next_available_at < ${deps.clock.now().toISOString()}::timestamptz`,
      ),
  },
];
