import type { Language } from '@app/shared/constants';
import type { Booking, BookingParty } from '@app/shared/schemas/bookings';
import { and, asc, eq, gt, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bookingViews } from './booking-view.ts';
import { viewContext } from './offer.ts';

/**
 * The short lists of a person's overview (modules/overview): each one statement over the
 * (client_id, starts_at) or (provider_id, starts_at) index, bounded by a start range and a limit.
 */

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** No session lasts longer than this: a session under way started less than a day ago. */
const LONGEST_SESSION_MS = 24 * 60 * 60 * 1000;

const partyColumn = (party: BookingParty) => (party === 'client' ? bookings.clientId : bookings.providerId);

function views(deps: Deps, where: SQL | undefined, orderBy: SQL[], limit: number, language: Language) {
  return bookingViews(deps.db, { where, orderBy, limit }, viewContext(deps, language));
}

/**
 * Confirmed sessions of one side that have not ended, soonest first: from those under way up to
 * `before` (exclusive), or from `from` on.
 */
export function listComingSessions(
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
  return views(
    deps,
    and(
      eq(partyColumn(input.party), input.userId),
      gte(bookings.startsAt, from),
      input.before ? lt(bookings.startsAt, input.before) : undefined,
      eq(bookings.status, 'confirmed'),
      gt(bookings.endsAt, input.now),
    ),
    [asc(bookings.startsAt), asc(bookings.id)],
    input.limit,
    input.language,
  );
}

/** A client's scheduled bookings whose hold still runs (unpaid, pay before it ends), the soonest hold end first. */
export function listAwaitingPayment(
  deps: Deps,
  input: { clientId: string; now: Date; limit: number; language: Language },
): Promise<Booking[]> {
  return views(
    deps,
    and(
      eq(bookings.clientId, input.clientId),
      gt(bookings.startsAt, input.now),
      eq(bookings.status, 'pending'),
      isNull(bookings.paidAt),
      gt(bookings.holdExpiresAt, input.now),
    ),
    [asc(bookings.holdExpiresAt), asc(bookings.id)],
    input.limit,
    input.language,
  );
}

/** Reschedules the other side asked for that wait on this side's answer, soonest session first. */
export function listRescheduleRequests(
  deps: Deps,
  input: { userId: string; party: BookingParty; now: Date; limit: number; language: Language },
): Promise<Booking[]> {
  return views(
    deps,
    and(
      eq(partyColumn(input.party), input.userId),
      gte(bookings.startsAt, new Date(input.now.getTime() - LONGEST_SESSION_MS)),
      eq(bookings.rescheduleStatus, 'pending'),
      isNotNull(bookings.rescheduleRequestedBy),
      sql`${bookings.rescheduleRequestedBy} <> ${input.party}`,
    ),
    [asc(bookings.startsAt), asc(bookings.id)],
    input.limit,
    input.language,
  );
}

/** Whether the client has ever booked (a new client's overview welcomes them). */
export async function hasAnyBooking(deps: Pick<AppDeps, 'db'>, input: { clientId: string }): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.clientId, input.clientId))
    .limit(1);
  return Boolean(row);
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
