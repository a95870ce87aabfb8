import { EXTERNAL_CALENDAR_REFRESH_MINUTES } from '@app/shared/schemas/calendar-feeds';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { externalBusyTimes, externalCalendars, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { busyTimesOf } from './busy-times.ts';
import { fetchPolicy, openCalendarUrl } from './fetch-policy.ts';
import { CalendarFetchError, type FetchPolicy, fetchCalendar } from './safe-fetch.ts';

export const SYNC_JOB_NAME = 'sync-external-calendars';
/** Calendars one run fetches (a run takes at most this many fetch time limits, one after another). */
const BATCH = 10;
const REFRESH_MS = EXTERNAL_CALENDAR_REFRESH_MINUTES * 60_000;
/**
 * How far ahead busy times are stored: past any booking horizon a provider can choose (slots are
 * offered at most a few months ahead), so the engine never sees an external calendar end early.
 */
export const EXTERNAL_BUSY_HORIZON_DAYS = 400;
/**
 * A 304 keeps the stored busy times; past this age they are expanded again from a full answer so
 * recurring events keep reaching the end of the moving horizon.
 */
const FULL_FETCH_AFTER_MS = 24 * 60 * 60_000;

type SyncDeps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'log'>;

interface Claimed {
  id: string;
  providerId: string;
  urlSealed: string;
  etag: string | null;
  lastModified: string | null;
  syncedAt: Date | null;
  timezone: string;
}

/**
 * Claims the calendars due (moving their next check forward first, so another process or the
 * next run does not take them too) and fetches each; one failing calendar is recorded on its row
 * and never stops the others or the app.
 */
export async function syncDueCalendars(
  deps: SyncDeps,
  options: { policy?: FetchPolicy; calendarIds?: string[] } = {},
): Promise<{ synced: number; failed: number }> {
  const now = deps.clock.now();
  const due = options.calendarIds
    ? inArray(externalCalendars.id, options.calendarIds)
    : lte(externalCalendars.nextCheckAt, now);
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: externalCalendars.id })
      .from(externalCalendars)
      .where(due)
      .orderBy(asc(externalCalendars.nextCheckAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    return tx
      .update(externalCalendars)
      .set({ nextCheckAt: new Date(now.getTime() + REFRESH_MS) })
      .from(users)
      .where(
        and(
          inArray(
            externalCalendars.id,
            rows.map((row) => row.id),
          ),
          eq(users.id, externalCalendars.providerId),
        ),
      )
      .returning({
        id: externalCalendars.id,
        providerId: externalCalendars.providerId,
        urlSealed: externalCalendars.urlSealed,
        etag: externalCalendars.etag,
        lastModified: externalCalendars.lastModified,
        syncedAt: externalCalendars.syncedAt,
        timezone: users.timezone,
      });
  });
  let synced = 0;
  let failed = 0;
  for (const calendar of claimed) {
    const ok = await syncCalendar(deps, calendar, options.policy ?? fetchPolicy(deps.config));
    if (ok) synced += 1;
    else failed += 1;
  }
  return { synced, failed };
}

async function syncCalendar(deps: SyncDeps, calendar: Claimed, policy: FetchPolicy): Promise<boolean> {
  const now = deps.clock.now();
  const fresh = calendar.syncedAt && now.getTime() - calendar.syncedAt.getTime() < FULL_FETCH_AFTER_MS;
  try {
    const url = openCalendarUrl(deps.config, calendar.providerId, calendar.urlSealed);
    const result = await fetchCalendar(
      url,
      policy,
      fresh ? { etag: calendar.etag, lastModified: calendar.lastModified } : {},
    );
    if (result.notModified) {
      await deps.db
        .update(externalCalendars)
        .set({ checkedAt: now, lastError: null })
        .where(eq(externalCalendars.id, calendar.id));
      return true;
    }
    const window = {
      fromMs: now.getTime() - 24 * 60 * 60_000,
      toMs: now.getTime() + EXTERNAL_BUSY_HORIZON_DAYS * 24 * 60 * 60_000,
      zone: calendar.timezone,
    };
    const busy = busyTimesOf(result.body, window);
    await deps.db.transaction(async (tx) => {
      await tx.delete(externalBusyTimes).where(eq(externalBusyTimes.calendarId, calendar.id));
      if (busy.length > 0) {
        await tx.insert(externalBusyTimes).values(
          busy.map((interval) => ({
            calendarId: calendar.id,
            providerId: calendar.providerId,
            startsAt: new Date(interval.startMs),
            endsAt: new Date(interval.endMs),
          })),
        );
      }
      await tx
        .update(externalCalendars)
        .set({
          checkedAt: now,
          syncedAt: now,
          lastError: null,
          etag: result.etag,
          lastModified: result.lastModified,
        })
        .where(eq(externalCalendars.id, calendar.id));
    });
    return true;
  } catch (error) {
    const reason = error instanceof CalendarFetchError ? error.reason : 'unreachable';
    deps.log.warn({ calendarId: calendar.id, reason }, 'external calendar fetch failed');
    // The busy times of the last good fetch stay: a calendar that is briefly unreachable does not free its times.
    await deps.db
      .update(externalCalendars)
      .set({ checkedAt: now, lastError: reason })
      .where(eq(externalCalendars.id, calendar.id));
    return false;
  }
}

/** Busy times that ended: nothing reads them. */
export async function purgePastBusyTimes(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - 24 * 60 * 60_000);
  await deps.db.delete(externalBusyTimes).where(sql`${externalBusyTimes.endsAt} < ${cutoff}`);
}
