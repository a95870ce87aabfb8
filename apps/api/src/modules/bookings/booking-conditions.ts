import { COUNTS_AS_HOLD } from '@app/shared/booking-rules';
import { type Conditions, conditionBuilders } from '@app/shared/conditions';
import type { ErrorCode } from '@app/shared/errors';
import type { BookingParty } from '@app/shared/schemas/bookings';
import { type SQL, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { type ConditionScope, inlineSql, testSql } from '../../platform/conditions-sql.ts';
import { bookingClientSql, busyWhere, claimedWhere } from '../availability/calendar-data.ts';

/**
 * The booking rules' SQL side: where a rendering finds a booking's fields, the owner condition,
 * and the bodies of the SQL functions the slot-taking statements call. The rules themselves are
 * data in `@app/shared/booking-rules` (PAYABLE, SCHEDULABLE, HOLD_LIMIT, COUNTS_AS_HOLD).
 */

type BookingField = keyof typeof bookings.$inferSelect;

/**
 * The columns of the booking `alias` (`bk`, or `bookings` itself). An enum column is compared as
 * text: a condition on `status` then never lets the planner pick a partial index on status
 * (see statusOnRow in booking-data.ts), in a fast path's statement as in a function's.
 */
export function bookingColumns(alias: string): (name: BookingField) => SQL {
  return (name) => {
    const column = bookings[name];
    const ref = sql.raw(`${alias}.${column.name}`);
    return column.columnType === 'PgEnumColumn' ? sql`${ref}::text` : ref;
  };
}

/** A booking scope: `alias`'s columns and the parameters' SQL (e.g. `{ now: sql\`$now::timestamptz\` }`). */
export function bookingScope(alias: string, params: Record<string, SQL>): ConditionScope<BookingField> {
  return { column: bookingColumns(alias), params };
}

/**
 * The actor's own booking as `party`: its client (or provider) is the actor (parameter
 * `actorId`). Anyone else's is NOT_FOUND (never "forbidden": it does not exist for them).
 */
export function ownedBy(party: BookingParty): Conditions<'clientId' | 'providerId', 'actorId', ErrorCode> {
  const { field, param, eq } = conditionBuilders<'clientId' | 'providerId', 'actorId'>();
  return [['NOT_FOUND', eq(field(party === 'client' ? 'clientId' : 'providerId'), param('actorId'))]];
}

/**
 * The body of booking_slot_taken(provider, from_at, to_at, now_at, ignore_booking): whether
 * another booking holds time of the provider in [from_at, to_at), or a waitlist claim keeps it for
 * a client other than ignore_booking's. busyWhere (availability's one definition of busy, the
 * exclusion index's predicate) and claimedWhere rendered with the function's arguments.
 * PL/pgSQL and VOLATILE, so that it is never inlined into the calling statement and reads with a
 * snapshot of its own, taken after the caller's calendar lock.
 */
export function slotTakenFunctionBody(): string {
  const busy = busyWhere({
    provider: sql`${bookings.providerId} = provider`,
    from: sql.placeholder('from_at'),
    to: sql.placeholder('to_at'),
    now: sql.placeholder('now_at'),
    except: sql`${bookings.id} <> ignore_booking`,
  });
  // A waitlist claim keeps the slot for its client: taken for the booking of anyone else.
  const claimed = claimedWhere({
    provider: sql.raw('provider'),
    from: sql.placeholder('from_at'),
    to: sql.placeholder('to_at'),
    now: sql.placeholder('now_at'),
    claimant: bookingClientSql(sql.raw('ignore_booking')),
  });
  return `
BEGIN
  RETURN EXISTS (SELECT 1 FROM bookings WHERE ${inlineSql(sql`${busy}`)})
    OR EXISTS (SELECT 1 FROM waitlist_claims WHERE ${inlineSql(claimed)});
END
`;
}

/**
 * The body of booking_client_hold_counts(client, provider, now_at, ignore_booking): the client's
 * holds (COUNTS_AS_HOLD), counted under the client's advisory lock with a fresh snapshot, as
 * {holds in all, holds with this provider}: a series is held as a whole and counts once in both
 * (HOLD_LIMIT); `ignore_booking` is the booking being placed.
 */
export function clientHoldCountsFunctionBody(): string {
  const hold = testSql(COUNTS_AS_HOLD, bookingScope('bookings', { now: sql.raw('now_at') }));
  return `
DECLARE
  counts integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('bookings:client:' || client::text, 0));
  SELECT ARRAY[
    count(DISTINCT coalesce(series_id, id))::integer,
    count(DISTINCT coalesce(series_id, id)) FILTER (WHERE provider_id = provider)::integer
  ] INTO counts
  FROM bookings
  WHERE client_id = client AND ${inlineSql(hold)} AND id <> ignore_booking;
  RETURN counts;
END
`;
}

/** The SQL functions built from the rules, by name, with their signatures: what the migration creates. */
export const bookingRuleFunctions = {
  booking_slot_taken: {
    signature:
      'booking_slot_taken(provider uuid, from_at timestamptz, to_at timestamptz, now_at timestamptz, ignore_booking uuid) RETURNS boolean',
    body: slotTakenFunctionBody,
  },
  booking_client_hold_counts: {
    signature:
      'booking_client_hold_counts(client uuid, provider uuid, now_at timestamptz, ignore_booking uuid) RETURNS integer[]',
    body: clientHoldCountsFunctionBody,
  },
} as const;

/** CREATE OR REPLACE FUNCTION for each: a migration's text when a rule they render changes. */
export function bookingRuleFunctionsSql(): string {
  return Object.values(bookingRuleFunctions)
    .map((fn) => `CREATE OR REPLACE FUNCTION ${fn.signature}\nLANGUAGE plpgsql VOLATILE AS $$${fn.body()}$$;\n`)
    .join('--> statement-breakpoint\n');
}
