import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { calendarFeedTokens, externalBusyTimes, externalCalendars } from '../../db/schema/index.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';

/**
 * The calendar feeds' part of a data export: whether the person has a feed (when made, last
 * renewed, names shown), and a provider's external calendars by name and host hint with their
 * stored busy times. Never the feed token or the sealed external address (secrets, not data).
 */
export const calendarFeedsPersonalData: PersonalDataContributor = {
  section: 'calendarFeeds',
  async collect(tx: Tx, { userId }) {
    const [feed] = await tx
      .select({
        showNames: calendarFeedTokens.showNames,
        createdAt: calendarFeedTokens.createdAt,
        rotatedAt: calendarFeedTokens.rotatedAt,
      })
      .from(calendarFeedTokens)
      .where(eq(calendarFeedTokens.userId, userId));
    const calendars = await tx
      .select({
        id: externalCalendars.id,
        name: externalCalendars.name,
        urlHint: externalCalendars.urlHint,
        createdAt: externalCalendars.createdAt,
        checkedAt: externalCalendars.checkedAt,
        lastError: externalCalendars.lastError,
      })
      .from(externalCalendars)
      .where(eq(externalCalendars.providerId, userId))
      .orderBy(asc(externalCalendars.createdAt));
    const busy = await tx
      .select({
        calendarId: externalBusyTimes.calendarId,
        startsAt: externalBusyTimes.startsAt,
        endsAt: externalBusyTimes.endsAt,
      })
      .from(externalBusyTimes)
      .where(eq(externalBusyTimes.providerId, userId))
      .orderBy(asc(externalBusyTimes.startsAt));
    return {
      feed: feed ?? null,
      externalCalendars: calendars.map((calendar) => ({
        ...calendar,
        busyTimes: busy
          .filter((row) => row.calendarId === calendar.id)
          .map(({ startsAt, endsAt }) => ({ startsAt, endsAt })),
      })),
    };
  },
};

/** Erasure: the feed stops working and the external calendars (their names, addresses and busy times) go. */
export const calendarFeedsErasure: AccountDeletingHandler = async (tx, { userId }) => {
  await tx.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
  await tx.delete(externalCalendars).where(eq(externalCalendars.providerId, userId));
  await tx.delete(externalBusyTimes).where(eq(externalBusyTimes.providerId, userId));
};
