import type { Language } from '@app/shared/constants';
import type { BookingLine } from '@app/shared/schemas/booking-lists';
import type { Booking, BookingParty } from '@app/shared/schemas/bookings';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { preparedSql } from '../../platform/prepared.ts';
import {
  toBooking,
  type ViewRow,
  viewContext,
  viewPageSelect,
  viewRowColumns,
  viewSelect,
} from '../bookings/booking-view.ts';
import { withSeriesSessions } from '../bookings/list-bookings.ts';

/**
 * The short lists of a person's overview (modules/overview): each one statement over the
 * (client_id, starts_at) or (provider_id, starts_at) index, bounded by a start range and a limit,
 * a series one line in them; then, when a line belongs to a series, one query for the sessions of
 * every series the lists hold (`withSeriesOf`).
 */

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** No session lasts longer than this: a session under way started less than a day ago. */
const LONGEST_SESSION_MS = 24 * 60 * 60 * 1000;

const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
const uuid = (name: string) => sql`${sql.placeholder(name)}::uuid`;
const limit = sql`LIMIT ${sql.placeholder('limit')}::int`;

/**
 * A series is one line in these lists, counted once: its first session (by the list's order)
 * that `matches` holds for, the series' next one; a booking outside a series is its own line.
 * `matches` is the list's condition on a bookings row of the given name; the line's start range
 * is not part of it, so a series whose next session is today is not listed again as upcoming.
 */
function firstOfItsSeries(matches: (row: SQL) => SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM bookings earlier WHERE earlier.series_id = bookings.series_id
    AND ${matches(sql`earlier`)} AND (earlier.starts_at, earlier.id) < (bookings.starts_at, bookings.id))`;
}

/** A confirmed session of the side's person that has not ended. */
function comingOf(party: BookingParty) {
  const column = party === 'client' ? sql`client_id` : sql`provider_id`;
  return (row: SQL) =>
    sql`${row}.${column} = ${uuid('userId')} AND ${row}.status = 'confirmed' AND ${row}.ends_at > ${at('now')}`;
}

/**
 * The lists are named prepared statements (the answer's eight joins cost more to plan than to
 * run): one per side, as the side decides the index, (client_id, starts_at) or (provider_id, starts_at).
 */
function comingStatement(party: BookingParty) {
  const matches = comingOf(party);
  // A page first (viewPageSelect): the prepared statement's generic plan (unknown range and
  // limit) otherwise joined and built a busy provider's sessions before keeping a few.
  const order = sql`ORDER BY bookings.starts_at, bookings.id`;
  return preparedSql<ViewRow>(`overview_coming_${party}`, () => ({
    select: viewPageSelect(
      sql`SELECT bookings.id FROM bookings WHERE ${matches(sql`bookings`)} AND bookings.starts_at >= ${at('from')}
        AND bookings.starts_at < ${at('before')} AND ${firstOfItsSeries(matches)} ${order} ${limit}`,
      order,
    ),
    columns: viewRowColumns,
  }));
}
const coming = { client: comingStatement('client'), provider: comingStatement('provider') };

function requestsStatement(party: BookingParty) {
  const column = party === 'client' ? sql`bookings.client_id` : sql`bookings.provider_id`;
  return preparedSql<ViewRow>(`overview_reschedule_requests_${party}`, () => ({
    select: sql`${viewSelect()} WHERE ${column} = ${uuid('userId')} AND bookings.starts_at >= ${at('from')}
      AND bookings.reschedule_status = 'pending' AND bookings.reschedule_requested_by <> ${sql.raw(`'${party}'`)}
      ORDER BY bookings.starts_at, bookings.id ${limit}`,
    columns: viewRowColumns,
  }));
}
const requests = { client: requestsStatement('client'), provider: requestsStatement('provider') };

/** A client's scheduled, unpaid booking whose hold still runs (a series' sessions share one hold). */
const awaitingOf = (row: SQL) => sql`${row}.client_id = ${uuid('clientId')} AND ${row}.starts_at > ${at('now')}
  AND ${row}.status = 'pending' AND ${row}.paid_at IS NULL AND ${row}.hold_expires_at > ${at('now')}`;

const awaiting = preparedSql<ViewRow>('overview_awaiting_payment', () => ({
  select: sql`${viewSelect()} WHERE ${awaitingOf(sql`bookings`)} AND ${firstOfItsSeries(awaitingOf)}
    ORDER BY bookings.hold_expires_at, bookings.id ${limit}`,
  columns: viewRowColumns,
}));

/** The latest instant a booking can start: far enough for "from `from` on". */
const END_OF_TIME = '9999-12-31T00:00:00Z';

/**
 * Confirmed sessions of one side that have not ended, soonest first: from those under way up to
 * `before` (exclusive), or from `from` on.
 */
export async function listComingSessions(
  deps: Deps,
  input: {
    userId: string;
    party: BookingParty;
    now: Date;
    from?: Date;
    before?: Date;
    limit: number;
    language: Language;
  },
): Promise<Booking[]> {
  const from = input.from ?? new Date(input.now.getTime() - LONGEST_SESSION_MS);
  const rows = await coming[input.party](deps.db, {
    userId: input.userId,
    from: from.toISOString(),
    before: input.before?.toISOString() ?? END_OF_TIME,
    now: input.now.toISOString(),
    limit: input.limit,
  });
  const context = viewContext(deps, input.language, input.userId);
  return rows.map((row) => toBooking(row, context));
}

/** A client's scheduled bookings whose hold still runs (unpaid, pay before it ends), the soonest hold end first. */
export async function listAwaitingPayment(
  deps: Deps,
  input: { clientId: string; now: Date; limit: number; language: Language },
): Promise<Booking[]> {
  const rows = await awaiting(deps.db, {
    clientId: input.clientId,
    now: input.now.toISOString(),
    limit: input.limit,
  });
  const context = viewContext(deps, input.language, input.clientId);
  return rows.map((row) => toBooking(row, context));
}

/** Reschedules the other side asked for that wait on this side's answer, soonest session first. */
export async function listRescheduleRequests(
  deps: Deps,
  input: { userId: string; party: BookingParty; now: Date; limit: number; language: Language },
): Promise<Booking[]> {
  const rows = await requests[input.party](deps.db, {
    userId: input.userId,
    from: new Date(input.now.getTime() - LONGEST_SESSION_MS).toISOString(),
    limit: input.limit,
  });
  const context = viewContext(deps, input.language, input.userId);
  return rows.map((row) => toBooking(row, context));
}

/**
 * The lists' lines with every session of their series beneath (the person's own, in order), in
 * one query for all the lists together, none when no line belongs to a series.
 */
export async function withSeriesOf(
  deps: Deps,
  input: { userId: string; party: BookingParty; language: Language },
  lists: Booking[][],
): Promise<BookingLine[][]> {
  const owner = eq(input.party === 'client' ? bookings.clientId : bookings.providerId, input.userId);
  const lines = await withSeriesSessions(deps.db, lists.flat(), {
    owner,
    context: viewContext(deps, input.language, input.userId),
  });
  let from = 0;
  return lists.map((list) => {
    from += list.length;
    return lines.slice(from - list.length, from);
  });
}

/** Whether the client has ever booked, as one SQL value (a new client's overview welcomes them). */
export function hasAnyBookingSql(clientId: SQL): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${bookings} WHERE ${bookings.clientId} = ${clientId})`;
}

/** Confirmed sessions starting in [start, end) across the platform (the operator's "today"). */
export async function countSessionsStarting(
  deps: Pick<AppDeps, 'db'>,
  input: { start: Date; end: Date },
): Promise<number> {
  const [row] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(eq(bookings.status, 'confirmed'), gte(bookings.startsAt, input.start), lt(bookings.startsAt, input.end)),
    );
  return Number(row?.count ?? 0);
}
