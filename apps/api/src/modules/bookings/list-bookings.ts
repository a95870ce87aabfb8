import type { Language } from '@app/shared/constants';
import type { BookingLine, BookingLinePage, BookingListQuery } from '@app/shared/schemas/booking-lists';
import type {
  Booking,
  BookingDetails,
  BookingPage,
  BookingParty,
  BookingSeries,
  BookingStatus,
} from '@app/shared/schemas/bookings';
import { SERIES_INTERVAL_WEEKS } from '@app/shared/schemas/bookings';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookingEvents, bookingSeries, bookings } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { resolveClient } from '../clients/relation.ts';
import { loadOwnBooking } from './booking-data.ts';
import { bookingListOrder, bookingView, bookingViews, type ViewContext, viewContext } from './booking-view.ts';
import { cancellationPolicyOf, reschedulePolicyOf } from './policies.ts';

async function page(
  deps: AppDeps,
  where: SQL | undefined,
  query: BookingListQuery,
  language: Language,
  viewerId: string,
): Promise<BookingPage> {
  const [counted] = await deps.db.select({ total: sql<number>`count(*)::int` }).from(bookings).where(where);
  const total = counted?.total ?? 0;
  const data = await bookingViews(
    deps.db,
    { where, orderBy: bookingListOrder, limit: query.perPage, offset: (query.page - 1) * query.perPage },
    viewContext(deps, language, viewerId),
  );
  return {
    data,
    meta: { page: query.page, perPage: query.perPage, total, totalPages: Math.ceil(total / query.perPage) },
  };
}

/**
 * Lines with every session of their series beneath (`seriesSessions`, the owner's own, in
 * order; null for a booking outside a series), in one query for all the lines' series: what a
 * grouped list shows (here, and the overview's short lists).
 */
export async function withSeriesSessions(
  db: Tx,
  lines: Booking[],
  input: { owner: SQL; context: ViewContext },
): Promise<BookingLine[]> {
  const seriesIds = [...new Set(lines.flatMap((line) => (line.series ? [line.series.identifier] : [])))];
  const sessions =
    seriesIds.length === 0
      ? []
      : await bookingViews(
          db,
          {
            where: and(inArray(bookings.seriesId, seriesIds), input.owner),
            orderBy: [asc(bookings.seriesId), asc(bookings.seriesIndex)],
          },
          input.context,
        );
  const bySeries = new Map<string, Booking[]>();
  for (const session of sessions) {
    const id = session.series?.identifier ?? '';
    bySeries.set(id, [...(bySeries.get(id) ?? []), session]);
  }
  return lines.map((line) => ({
    ...line,
    seriesSessions: line.series ? (bySeries.get(line.series.identifier) ?? [line]) : null,
  }));
}

/**
 * A list of the caller's own bookings that `owner` picks, filtered by the query's statuses (GET
 * /booking, GET /appointment, GET /appointment/client/{id}). With `groupSeries` a series is one line:
 * its first session (by place in the series) that the filter matches stands for it, counted and
 * ordered once, and one more query brings every session of the series on the page (the owner's
 * own, in order) to show beneath it. Without it, one line per booking, as before.
 */
async function linePage(
  deps: AppDeps,
  owner: SQL,
  input: { actor: Actor; query: BookingListQuery; language: Language },
): Promise<BookingLinePage> {
  const { query } = input;
  const where = and(owner, statusFilter(query.statuses));
  const context = viewContext(deps, input.language, input.actor.userId);
  if (!query.groupSeries) {
    const found = await page(deps, where, query, input.language, input.actor.userId);
    return { ...found, data: found.data.map((booking) => ({ ...booking, seriesSessions: null })) };
  }
  // The line of a series: the matching session with the lowest place in it (a single booking is its own line).
  const lineWhere = and(
    where,
    sql`${bookings.id} IN (SELECT DISTINCT ON (COALESCE(${bookings.seriesId}, ${bookings.id})) ${bookings.id}
      FROM ${bookings} WHERE ${where ?? sql`TRUE`}
      ORDER BY COALESCE(${bookings.seriesId}, ${bookings.id}), ${bookings.seriesIndex})`,
  );
  const [counted] = await deps.db
    .select({ total: sql<number>`count(DISTINCT COALESCE(${bookings.seriesId}, ${bookings.id}))::int` })
    .from(bookings)
    .where(where);
  const total = counted?.total ?? 0;
  const lines = await bookingViews(
    deps.db,
    { where: lineWhere, orderBy: bookingListOrder, limit: query.perPage, offset: (query.page - 1) * query.perPage },
    context,
  );
  return {
    data: await withSeriesSessions(deps.db, lines, { owner, context }),
    meta: { page: query.page, perPage: query.perPage, total, totalPages: Math.ceil(total / query.perPage) },
  };
}

const statusFilter = (statuses: BookingStatus[]) =>
  statuses.length > 0 ? inArray(bookings.status, statuses) : undefined;

/**
 * A booking reaches its provider once it has a time: a draft (no time chosen, then expired or
 * cancelled as such) stays the client's own (docs/decisions/bookings-drafts-stay-the-clients.md).
 */
const hasTime = isNotNull(bookings.startsAt);

/**
 * GET /booking?page&statuses[&groupSeries] (the client's own bookings) and GET /appointment (the
 * provider's own appointments, never a draft), newest appointment first.
 */
export function listOwnBookings(
  deps: AppDeps,
  input: { actor: Actor; party: BookingParty; language: Language; query: BookingListQuery },
): Promise<BookingLinePage> {
  const owner =
    input.party === 'client'
      ? eq(bookings.clientId, input.actor.userId)
      : (and(eq(bookings.providerId, input.actor.userId), hasTime) as SQL);
  return linePage(deps, owner, input);
}

/**
 * GET /appointment/client/{id}?page[&groupSeries]: the provider's sessions with one of their
 * clients (who booked them, or whom they imported: clients/relation.ts, by account or record
 * id), grouped by series as the provider's own list is. Someone who is not their client:
 * NOT_FOUND. An imported client without an account has no sessions.
 */
export async function listClientAppointments(
  deps: AppDeps,
  input: { actor: Actor; language: Language; clientId: string; query: BookingListQuery },
): Promise<BookingLinePage> {
  const client = await resolveClient(deps.db, { providerId: input.actor.userId, id: input.clientId });
  if (!client.userId) {
    return { data: [], meta: { page: input.query.page, perPage: input.query.perPage, total: 0, totalPages: 0 } };
  }
  const owner = and(eq(bookings.providerId, input.actor.userId), eq(bookings.clientId, client.userId), hasTime) as SQL;
  return linePage(deps, owner, input);
}

/** GET /booking/{id} and /appointment/{id}: one booking of the caller's, as that party. */
export async function getBooking(
  deps: AppDeps,
  input: { actor: Actor; party: BookingParty; language: Language; bookingId: string },
): Promise<Booking> {
  await loadOwnBooking(deps.db, { bookingId: input.bookingId, actor: input.actor, party: input.party });
  return bookingView(deps.db, input.bookingId, viewContext(deps, input.language, input.actor.userId));
}

/** GET /booking/{id}/details: the booking, its timeline and what the caller may do now. */
export async function getBookingDetails(
  deps: AppDeps,
  input: { actor: Actor; party: BookingParty; language: Language; bookingId: string },
): Promise<BookingDetails> {
  const row = await loadOwnBooking(deps.db, { bookingId: input.bookingId, actor: input.actor, party: input.party });
  const now = deps.clock.now();
  const [view, events] = await Promise.all([
    bookingView(deps.db, row.id, viewContext(deps, input.language, input.actor.userId)),
    deps.db
      .select({
        type: bookingEvents.type,
        actorRole: bookingEvents.actorRole,
        data: bookingEvents.data,
        createdAt: bookingEvents.createdAt,
      })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, row.id))
      .orderBy(asc(bookingEvents.seq)),
  ]);
  const visible = (data: Record<string, unknown>) => {
    const { template: _template, notifyParty: _notifyParty, actorName: _actorName, ...rest } = data;
    return rest;
  };
  // A client's booking begins with its row, which keeps when and at what price (the provider's
  // own appointments begin with their stored "appointment_created" event).
  const created =
    row.createdBy === 'client'
      ? [
          {
            type: 'created',
            actor: 'client' as const,
            at: row.createdAt.toISOString(),
            data: { priceMinor: row.priceMinor, currencyCode: row.currencyCode },
          },
        ]
      : [];
  return {
    ...view,
    events: [
      ...created,
      ...events.map((event) => ({
        type: event.type,
        actor: event.actorRole,
        at: event.createdAt.toISOString(),
        data: visible(event.data),
      })),
    ],
    cancellationPolicy: cancellationPolicyOf(row, input.party, now),
    reschedulePolicy: reschedulePolicyOf(row, input.party, now),
  };
}

/** GET /booking/{id}/series: every booking of the series this one belongs to (or just it). */
export async function getBookingSeries(
  deps: AppDeps,
  input: { actor: Actor; party: BookingParty; language: Language; bookingId: string },
): Promise<BookingSeries> {
  const row = await loadOwnBooking(deps.db, { bookingId: input.bookingId, actor: input.actor, party: input.party });
  const context = viewContext(deps, input.language, input.actor.userId);
  if (!row.seriesId) {
    return { identifier: null, occurrences: 1, cadence: null, bookings: [await bookingView(deps.db, row.id, context)] };
  }
  const [series] = await deps.db
    .select({ intervalWeeks: bookingSeries.intervalWeeks })
    .from(bookingSeries)
    .where(eq(bookingSeries.id, row.seriesId));
  const owner = input.party === 'client' ? bookings.clientId : bookings.providerId;
  const list = await bookingViews(
    deps.db,
    {
      where: and(eq(bookings.seriesId, row.seriesId), eq(owner, input.actor.userId)),
      orderBy: [asc(bookings.seriesIndex)],
    },
    context,
  );
  return {
    identifier: row.seriesId,
    occurrences: list[0]?.series?.occurrences ?? list.length,
    cadence: series?.intervalWeeks === SERIES_INTERVAL_WEEKS.fortnightly ? 'fortnightly' : 'weekly',
    bookings: list,
  };
}
