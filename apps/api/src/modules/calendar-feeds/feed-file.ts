import { type Language, languageOf } from '@app/shared/constants';
import { and, asc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookingEvents, bookings, calendarFeedTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { localizedSessionEntry, sessionFeedCalendar } from '../../platform/calendar-file.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { FEED_TOKEN_PATTERN, feedTokenHash } from './feed-token.ts';

/** Past sessions stay in the feed this long (calendar apps drop what a feed no longer lists). */
export const FEED_PAST_DAYS = 90;
/** How often calendar apps are asked to fetch the feed again (REFRESH-INTERVAL / X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;

const owner = alias(users, 'owner');
const other = alias(users, 'other');

/**
 * GET /calendar-feed/sessions.ics?token=…: the sessions of the person whose feed token this is,
 * confirmed and completed ones as entries and cancelled ones as STATUS CANCELLED, in the owner's
 * language. Nothing but "Therapy session" and the time unless the owner chose to show the other
 * party's first name; no therapy, no notes. An unknown token (or a deleted account) is 404.
 */
export async function calendarFeedFile(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  input: { token: string },
): Promise<string> {
  if (!FEED_TOKEN_PATTERN.test(input.token)) throw new AppError('NOT_FOUND');
  const [feed] = await deps.db
    .select({ userId: calendarFeedTokens.userId, showNames: calendarFeedTokens.showNames, language: owner.language })
    .from(calendarFeedTokens)
    .innerJoin(owner, eq(owner.id, calendarFeedTokens.userId))
    .where(and(eq(calendarFeedTokens.tokenHash, feedTokenHash(input.token)), isNull(owner.deletedAt)));
  if (!feed) throw new AppError('NOT_FOUND');
  const language: Language = languageOf(feed.language);
  const now = deps.clock.now();
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 24 * 60 * 60 * 1000);
  const rows = await deps.db
    .select({
      id: bookings.id,
      status: bookings.status,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      otherFirstName: other.firstName,
      otherDeletedAt: other.deletedAt,
      sequence: sql<number>`(SELECT COALESCE(MAX(${bookingEvents.seq}), 0) FROM ${bookingEvents} WHERE ${bookingEvents.bookingId} = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(
      other,
      sql`${other.id} = CASE WHEN ${bookings.clientId} = ${feed.userId} THEN ${bookings.providerId} ELSE ${bookings.clientId} END`,
    )
    .where(
      and(
        or(eq(bookings.clientId, feed.userId), eq(bookings.providerId, feed.userId)),
        inArray(bookings.status, ['confirmed', 'completed', 'cancelled', 'rejected']),
        isNotNull(bookings.startsAt),
        isNotNull(bookings.endsAt),
        gte(bookings.endsAt, since),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(2000);
  const entries = rows.flatMap((row) =>
    row.startsAt && row.endsAt
      ? [
          localizedSessionEntry(deps.config, {
            language,
            bookingId: row.id,
            sequence: Number(row.sequence),
            startsAt: row.startsAt,
            endsAt: row.endsAt,
            withName: feed.showNames && !row.otherDeletedAt ? (row.otherFirstName ?? '').trim() : '',
            details: [],
            cancelled: row.status === 'cancelled' || row.status === 'rejected',
            stamp: now,
          }),
        ]
      : [],
  );
  return sessionFeedCalendar({
    name: translate(language, 'notifications.calendar.feedName', {}),
    entries,
    refreshSeconds: FEED_REFRESH_SECONDS,
  });
}
