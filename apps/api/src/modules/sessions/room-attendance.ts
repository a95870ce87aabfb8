import type { Attendance } from '@app/shared/schemas/session-room';
import { PRESENCE_STALE_MS, type Visit } from '@app/shared/session-rules';
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sessionVisits } from '../../db/schema/index.ts';
import type { ParticipantBooking } from './room.ts';

/** One browser tab of one participant in one booking's room. */
export interface TabKey {
  bookingId: string;
  userId: string;
  tab: string;
}

const openStayOf = (key: TabKey) =>
  and(
    eq(sessionVisits.bookingId, key.bookingId),
    eq(sessionVisits.userId, key.userId),
    eq(sessionVisits.tab, key.tab),
    isNull(sessionVisits.leftAt),
  );

/**
 * A tab enters the room: a stay of the same tab still open (the tab reconnected after its
 * connection dropped) ends when it was last seen, as lost; a new stay starts now.
 */
export async function startStay(db: Tx, input: { participant: ParticipantBooking; tab: string; now: Date }) {
  const key = { bookingId: input.participant.row.id, userId: userIdOf(input.participant), tab: input.tab };
  await db.transaction(async (tx) => {
    await tx
      .update(sessionVisits)
      .set({ leftAt: sql`${sessionVisits.lastSeenAt}`, lost: true })
      .where(openStayOf(key));
    await tx.insert(sessionVisits).values({
      ...key,
      party: input.participant.party,
      joinedAt: input.now,
      lastSeenAt: input.now,
    });
  });
}

/** A heartbeat: the tab's open stay is renewed, unless it went stale meanwhile (false: start a new one). */
export async function renewStay(db: Tx, input: TabKey & { now: Date }): Promise<boolean> {
  const rows = await db
    .update(sessionVisits)
    .set({ lastSeenAt: input.now })
    .where(and(openStayOf(input), gte(sessionVisits.lastSeenAt, new Date(input.now.getTime() - PRESENCE_STALE_MS))))
    .returning({ id: sessionVisits.id });
  return rows.length > 0;
}

/**
 * Leave: the tab's open stay ends now, on purpose; one that had gone stale before (silent for
 * longer than PRESENCE_STALE_MS) ended when it was last seen, its connection lost.
 */
export async function endStay(db: Tx, input: TabKey & { now: Date }): Promise<boolean> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const fresh = sql`${sessionVisits.lastSeenAt} >= ${new Date(input.now.getTime() - PRESENCE_STALE_MS).toISOString()}::timestamptz`;
  const rows = await db
    .update(sessionVisits)
    .set({
      leftAt: sql`CASE WHEN ${fresh} THEN ${now} ELSE ${sessionVisits.lastSeenAt} END`,
      lastSeenAt: sql`CASE WHEN ${fresh} THEN ${now} ELSE ${sessionVisits.lastSeenAt} END`,
      lost: sql`NOT (${fresh})`,
    })
    .where(openStayOf(input))
    .returning({ id: sessionVisits.id });
  return rows.length > 0;
}

function userIdOf(participant: ParticipantBooking): string {
  return participant.party === 'client' ? participant.row.clientId : participant.row.providerId;
}

/**
 * A booking's stays as the rules see them at `now`: a stay without a leave that has not been
 * renewed for PRESENCE_STALE_MS ended when it was last seen, its connection lost; one still
 * renewed ends now (it is still there).
 */
export async function loadStays(
  db: Tx,
  bookingId: string,
  now: Date,
): Promise<{ visits: Visit[]; attendance: Attendance[] }> {
  const rows = await db
    .select()
    .from(sessionVisits)
    .where(eq(sessionVisits.bookingId, bookingId))
    .orderBy(asc(sessionVisits.joinedAt), asc(sessionVisits.party), asc(sessionVisits.id));
  const visits: Visit[] = [];
  const attendance: Attendance[] = [];
  for (const row of rows) {
    const stale = row.leftAt === null && now.getTime() - row.lastSeenAt.getTime() > PRESENCE_STALE_MS;
    const endedAt = row.leftAt ?? (stale ? row.lastSeenAt : now);
    const lost = row.leftAt ? row.lost : stale;
    visits.push({ party: row.party, joinedAt: row.joinedAt, endedAt, lost });
    attendance.push({
      party: row.party,
      joinedAt: row.joinedAt.toISOString(),
      leftAt: row.leftAt || stale ? endedAt.toISOString() : null,
      lost,
    });
  }
  return { visits, attendance };
}
