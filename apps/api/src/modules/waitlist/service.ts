import type { JoinWaitlistBody, WaitlistEntry, WaitlistEntryList } from '@app/shared/schemas/waitlist';
import { addDays, startOfZonedDate, zonedDate } from '@app/shared/slots';
import { isValidTimeZone } from '@app/shared/time-zones';
import { WAITLIST_MAX_DAYS_AHEAD } from '@app/shared/waitlist-rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users, waitlistClaims, waitlistEntries, waitlistOpenings } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { loadCalendar } from '../availability/calendar-data.ts';
import { WAITLIST_JOB } from './offers.ts';

export type WaitlistDeps = Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'jobs'>>;

function assertClient(actor: Actor): void {
  if (actor.role !== 'client') throw new AppError('FORBIDDEN');
}

type EntryRow = typeof waitlistEntries.$inferSelect;

const entryColumns = {
  entry: waitlistEntries,
  providerFirstName: users.firstName,
  providerLastName: users.lastName,
  claimId: waitlistClaims.id,
  claimStartsAt: waitlistClaims.startsAt,
  claimEndsAt: waitlistClaims.endsAt,
  claimExpiresAt: waitlistClaims.expiresAt,
};

/** The client's waiting entries with their provider's name and the claim offered now (if any). */
async function entriesOf(db: Tx, clientId: string, now: Date, entryId?: string) {
  return db
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.providerId))
    .leftJoin(
      waitlistClaims,
      and(
        eq(waitlistClaims.entryId, waitlistEntries.id),
        eq(waitlistClaims.status, 'offered'),
        sql`${waitlistClaims.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .where(
      and(
        eq(waitlistEntries.clientId, clientId),
        eq(waitlistEntries.status, 'waiting'),
        sql`${waitlistEntries.beforeAt} > ${now.toISOString()}::timestamptz`,
        entryId ? eq(waitlistEntries.id, entryId) : undefined,
      ),
    )
    .orderBy(asc(waitlistEntries.seq));
}

function toEntry(row: Awaited<ReturnType<typeof entriesOf>>[number]): WaitlistEntry {
  const { entry } = row;
  const name = [row.providerFirstName, row.providerLastName].filter(Boolean).join(' ').trim();
  return {
    identifier: entry.id,
    providerIdentifier: entry.providerId,
    providerName: name || null,
    categoryIdentifier: entry.categoryId,
    beforeDate: entry.beforeDate,
    timezone: entry.timezone,
    days: [...entry.days].sort(),
    fromTime: entry.fromTime,
    toTime: entry.toTime,
    joinedAt: entry.createdAt.toISOString(),
    claim:
      row.claimId && row.claimStartsAt && row.claimEndsAt && row.claimExpiresAt
        ? {
            identifier: row.claimId,
            startAt: row.claimStartsAt.toISOString(),
            endAt: row.claimEndsAt.toISOString(),
            expiresAt: row.claimExpiresAt.toISOString(),
          }
        : null,
  };
}

/** GET /waitlist: the client's own waiting entries, in the order they joined. */
export async function listMyWaitlist(deps: WaitlistDeps, input: { actor: Actor }): Promise<WaitlistEntryList> {
  assertClient(input.actor);
  const rows = await entriesOf(deps.db, input.actor.userId, deps.clock.now());
  return { entries: rows.map(toEntry) };
}

/**
 * POST /waitlist: the client waits for an earlier slot with a listed provider. The date is read
 * in the client's zone (the body's, else their own) and must lie after today and within
 * WAITLIST_MAX_DAYS_AHEAD; one waiting entry per client and provider (WAITLIST_ALREADY_JOINED).
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  input: { actor: Actor; body: JoinWaitlistBody },
): Promise<WaitlistEntry> {
  assertClient(input.actor);
  const { body } = input;
  const now = deps.clock.now();
  const calendar = await loadCalendar(deps.db, {
    providerId: body.providerIdentifier,
    category: body.categoryIdentifier ?? null,
    categoryField: 'categoryIdentifier',
  });
  if (!calendar.isPublic) throw new AppError('NOT_FOUND');
  const [client] = await deps.db
    .select({ timezone: users.timezone })
    .from(users)
    .where(eq(users.id, input.actor.userId));
  const zone = body.timezone ?? (client && isValidTimeZone(client.timezone) ? client.timezone : calendar.timezone);
  const today = zonedDate(now.getTime(), zone);
  if (body.beforeDate <= today) throw fieldError('beforeDate', 'waitlist.beforeDateTooSoon');
  if (body.beforeDate > addDays(today, WAITLIST_MAX_DAYS_AHEAD))
    throw fieldError('beforeDate', 'waitlist.beforeDateTooFar');
  try {
    const [row] = await deps.db
      .insert(waitlistEntries)
      .values({
        clientId: input.actor.userId,
        providerId: calendar.providerId,
        categoryId: calendar.categoryId,
        beforeDate: body.beforeDate,
        beforeAt: new Date(startOfZonedDate(body.beforeDate, zone)),
        timezone: zone,
        days: [...new Set(body.days)].sort(),
        fromTime: body.fromTime,
        toTime: body.toTime,
        createdAt: now,
      })
      .returning({ id: waitlistEntries.id });
    if (!row) throw new Error('waitlist insert failed');
    const [entry] = await entriesOf(deps.db, input.actor.userId, now, row.id);
    if (!entry) throw new Error('waitlist entry not found after insert');
    return toEntry(entry);
  } catch (error) {
    if (isUniqueViolation(error, 'waitlist_entries_waiting_uq')) throw new AppError('WAITLIST_ALREADY_JOINED');
    throw error;
  }
}

/**
 * DELETE /waitlist/{id}: the client leaves (anyone else's entry is NOT_FOUND). A slot offered to
 * them is released at once and goes to the next person waiting (the job, woken).
 */
export async function leaveWaitlist(deps: WaitlistDeps, input: { actor: Actor; entryId: string }): Promise<void> {
  assertClient(input.actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [entry] = await tx
      .update(waitlistEntries)
      .set({ status: 'left', endedAt: now })
      .where(
        and(
          eq(waitlistEntries.id, input.entryId),
          eq(waitlistEntries.clientId, input.actor.userId),
          eq(waitlistEntries.status, 'waiting'),
        ),
      )
      .returning({ id: waitlistEntries.id });
    if (!entry) throw new AppError('NOT_FOUND');
    await releaseClaimsOf(tx, { entryId: entry.id, now });
  });
  deps.jobs?.wake(WAITLIST_JOB);
}

/** Releases an entry's offered claim (if any) and queues its slot for the next person waiting. */
export async function releaseClaimsOf(tx: Tx, input: { entryId: string; now: Date }): Promise<void> {
  const released = await tx
    .update(waitlistClaims)
    .set({ status: 'released' })
    .where(and(eq(waitlistClaims.entryId, input.entryId), eq(waitlistClaims.status, 'offered')))
    .returning({
      providerId: waitlistClaims.providerId,
      startsAt: waitlistClaims.startsAt,
      endsAt: waitlistClaims.endsAt,
    });
  if (released.length === 0) return;
  await tx.insert(waitlistOpenings).values(
    released.map((claim) => ({
      providerId: claim.providerId,
      fromAt: claim.startsAt,
      toAt: claim.endsAt,
      createdAt: input.now,
    })),
  );
}

export type { EntryRow };
