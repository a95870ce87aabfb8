import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { providerDirectory, providerProfiles, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { backlogOf, type Job } from '../../platform/jobs.ts';
import { nextFreeSlots } from '../availability/next-free-slot.ts';
import { listedProvider } from './card.ts';

const BATCH = 200;

/**
 * Recomputes provider_directory.next_available_at (the first free slot, availability's engine)
 * for every listed provider, a batch at a time (each batch its own short statement, so a review's
 * counter update never waits long behind it), writing only the rows where it moved; the "free
 * within N days" filter and the "next free" order read it. Idempotent: two processes running it
 * at once only repeat work. Answers how many providers it checked.
 */
export async function refreshNextAvailable(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  let refreshed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await deps.db
      .select({ id: providerDirectory.providerId, timezone: users.timezone })
      .from(providerDirectory)
      .innerJoin(users, eq(users.id, providerDirectory.providerId))
      .innerJoin(providerProfiles, eq(providerProfiles.userId, providerDirectory.providerId))
      .where(and(listedProvider, gt(providerDirectory.providerId, after)))
      .orderBy(asc(providerDirectory.providerId))
      .limit(BATCH);
    if (batch.length === 0) break;
    const next = await nextFreeSlots(
      deps.db,
      batch.map((row) => ({ providerId: row.id, timezone: row.timezone })),
      now,
    );
    // Array literals of uuids and ISO instants: neither can contain a comma, a brace or a quote.
    const ids = `{${batch.map((row) => row.id).join(',')}}`;
    const ats = `{${batch.map((row) => next.get(row.id)?.toISOString() ?? 'NULL').join(',')}}`;
    // Only the rows whose slot moved: rewriting every row every minute would leave the searched
    // table a dead version per provider a minute for vacuum to clear.
    await deps.db.execute(sql`UPDATE provider_directory AS d
      SET next_available_at = x.at, next_checked_at = ${now.toISOString()}::timestamptz
      FROM unnest(${ids}::uuid[], ${ats}::timestamptz[]) AS x(id, at)
      WHERE d.provider_id = x.id AND d.next_available_at IS DISTINCT FROM x.at`);
    refreshed += batch.length;
    after = batch.at(-1)?.id as string;
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
