import type { Interval } from '@app/shared/slots';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { availabilityTimeOff, externalBusyTimes } from '../../db/schema/index.ts';
import { prepared } from '../../platform/prepared.ts';

/**
 * The one place where the time a provider cannot be booked is gathered, for every read and check
 * of the slot engine (the provider's month, the public day and month, the next free slots, the
 * slot check of a booking): time off ranges, and any other source of blocked time (busy times of
 * external calendars) added here. Each provider's intervals come sorted by start; they may
 * overlap. The engine (slotRefusals in @app/shared/calendar-rules) keeps every session and its
 * buffers out of them.
 */
export async function loadBlockedTime(
  db: Tx,
  providerIds: readonly string[],
  window: Interval,
): Promise<Map<string, Interval[]>> {
  const blocked = new Map<string, Interval[]>(providerIds.map((id) => [id, []]));
  if (providerIds.length === 0 || window.endMs <= window.startMs) return blocked;
  // Every slot read runs it: one named prepared statement, one round trip for every source
  // (uuids in an array literal: no commas, braces or quotes in them).
  const statement = prepared(db, 'availability_blocked_time', (name) =>
    db
      .select({
        providerId: availabilityTimeOff.providerId,
        startsAt: availabilityTimeOff.startsAt,
        endsAt: availabilityTimeOff.endsAt,
      })
      .from(availabilityTimeOff)
      .where(
        and(
          sql`${availabilityTimeOff.providerId} = ANY(${sql.placeholder('ids')}::uuid[])`,
          sql`${availabilityTimeOff.startsAt} < ${sql.placeholder('to')}::timestamptz`,
          sql`${availabilityTimeOff.endsAt} > ${sql.placeholder('from')}::timestamptz`,
        ),
      )
      // Busy times of the providers' external calendars (the calendar-feeds job writes the table).
      .unionAll(
        db
          .select({
            providerId: externalBusyTimes.providerId,
            startsAt: externalBusyTimes.startsAt,
            endsAt: externalBusyTimes.endsAt,
          })
          .from(externalBusyTimes)
          .where(
            and(
              sql`${externalBusyTimes.providerId} = ANY(${sql.placeholder('ids')}::uuid[])`,
              sql`${externalBusyTimes.startsAt} < ${sql.placeholder('to')}::timestamptz`,
              sql`${externalBusyTimes.endsAt} > ${sql.placeholder('from')}::timestamptz`,
            ),
          ),
      )
      .prepare(name),
  );
  const rows = await statement.execute({
    ids: `{${providerIds.join(',')}}`,
    from: new Date(window.startMs).toISOString(),
    to: new Date(window.endMs).toISOString(),
  });
  for (const row of rows) {
    blocked.get(row.providerId)?.push({ startMs: row.startsAt.getTime(), endMs: row.endsAt.getTime() });
  }
  for (const list of blocked.values()) list.sort((a, b) => a.startMs - b.startMs);
  return blocked;
}

/** loadBlockedTime for one provider. */
export async function loadProviderBlockedTime(db: Tx, providerId: string, window: Interval): Promise<Interval[]> {
  return (await loadBlockedTime(db, [providerId], window)).get(providerId) ?? [];
}

/**
 * loadBlockedTime for the provider whose id `provider` names, as a subquery of a larger statement
 * (a provider's page reads everything in one): a JSON array of {startsAt, endsAt}, sorted by start,
 * within [from, to) given as SQL (placeholders). A source of blocked time added above is added here.
 */
export function blockedTimeJsonSql(provider: SQL, from: SQL, to: SQL): SQL<{ startsAt: string; endsAt: string }[]> {
  return sql`(SELECT coalesce(json_agg(json_build_object('startsAt', blocked.starts_at, 'endsAt', blocked.ends_at)
      ORDER BY blocked.starts_at), '[]'::json)
    FROM (
      SELECT ${availabilityTimeOff.startsAt} AS starts_at, ${availabilityTimeOff.endsAt} AS ends_at
      FROM ${availabilityTimeOff} WHERE ${availabilityTimeOff.providerId} = ${provider}
        AND ${availabilityTimeOff.startsAt} < (${to})::timestamptz AND ${availabilityTimeOff.endsAt} > (${from})::timestamptz
      UNION ALL
      SELECT ${externalBusyTimes.startsAt}, ${externalBusyTimes.endsAt}
      FROM ${externalBusyTimes} WHERE ${externalBusyTimes.providerId} = ${provider}
        AND ${externalBusyTimes.startsAt} < (${to})::timestamptz AND ${externalBusyTimes.endsAt} > (${from})::timestamptz
    ) AS blocked)`;
}

/** The blocked time of blockedTimeJsonSql's rows, as loadBlockedTime gives it. */
export function blockedTimeOf(rows: { startsAt: string; endsAt: string }[]): Interval[] {
  return rows
    .map((row) => ({ startMs: new Date(row.startsAt).getTime(), endMs: new Date(row.endsAt).getTime() }))
    .sort((a, b) => a.startMs - b.startMs);
}
