import {
  type AddExternalCalendarBody,
  EXTERNAL_CALENDAR_ERRORS,
  type ExternalCalendar,
  type ExternalCalendarError,
  type ExternalCalendarList,
  MAX_EXTERNAL_CALENDARS,
} from '@app/shared/schemas/calendar-feeds';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { externalCalendars } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { calendarUrlHash, calendarUrlHint, fetchPolicy, sealCalendarUrl } from './fetch-policy.ts';
import { checkScheme, isForbiddenAddress, normalizeCalendarUrl } from './safe-fetch.ts';
import { SYNC_JOB_NAME } from './sync.ts';

type CalendarDeps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'jobs'>;

function assertProvider(actor: Actor): void {
  if (actor.role !== 'provider') throw new AppError('FORBIDDEN');
}

const isKnownError = (value: string | null): value is ExternalCalendarError =>
  value !== null && (EXTERNAL_CALENDAR_ERRORS as readonly string[]).includes(value);

/** GET /availability/external-calendars: the provider's external calendars and how their last fetch went. */
export async function listExternalCalendars(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor },
): Promise<ExternalCalendarList> {
  assertProvider(input.actor);
  const rows = await deps.db
    .select({
      id: externalCalendars.id,
      name: externalCalendars.name,
      urlHint: externalCalendars.urlHint,
      lastError: externalCalendars.lastError,
      checkedAt: externalCalendars.checkedAt,
      syncedAt: externalCalendars.syncedAt,
      busyCount: sql<number>`(SELECT count(*)::int FROM external_busy_times b WHERE b.calendar_id = external_calendars.id)`,
    })
    .from(externalCalendars)
    .where(eq(externalCalendars.providerId, input.actor.userId))
    .orderBy(asc(externalCalendars.createdAt), asc(externalCalendars.name));
  return {
    calendars: rows.map(
      (row): ExternalCalendar => ({
        identifier: row.id,
        name: row.name,
        urlHint: row.urlHint,
        status: row.lastError ? 'failing' : row.checkedAt ? 'ok' : 'pending',
        error: isKnownError(row.lastError) ? row.lastError : row.lastError ? 'unreachable' : null,
        checkedAt: row.checkedAt?.toISOString() ?? null,
        syncedAt: row.syncedAt?.toISOString() ?? null,
        busyCount: Number(row.busyCount),
      }),
    ),
  };
}

/**
 * POST /availability/external-calendars: adds a calendar by its secret address. The address is
 * checked for what can be told without fetching it (scheme; a literal private address), sealed
 * at rest, and the sync job is woken to fetch it at once; the answer is the list.
 */
export async function addExternalCalendar(
  deps: CalendarDeps,
  input: { actor: Actor } & AddExternalCalendarBody,
): Promise<ExternalCalendarList> {
  assertProvider(input.actor);
  const providerId = input.actor.userId;
  const url = normalizeCalendarUrl(input.url);
  const policy = fetchPolicy(deps.config);
  try {
    checkScheme(url, policy);
  } catch {
    throw fieldError('url', 'availability.externalCalendarHttps');
  }
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (
    !policy.allowPrivate &&
    (literal === 'localhost' || (/^[\d.:a-f]+$/i.test(literal) && isForbiddenAddress(literal)))
  ) {
    throw fieldError('url', 'availability.externalCalendarAddress');
  }
  const address = url.toString();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // One provider's adds are serialised so the limit holds under concurrent requests.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`external-calendars:${providerId}`}))`);
    const [existing] = await tx
      .select({ total: count() })
      .from(externalCalendars)
      .where(eq(externalCalendars.providerId, providerId));
    if ((existing?.total ?? 0) >= MAX_EXTERNAL_CALENDARS) {
      throw new AppError('EXTERNAL_CALENDAR_LIMIT', { maximum: MAX_EXTERNAL_CALENDARS });
    }
    try {
      await tx.insert(externalCalendars).values({
        providerId,
        name: input.name,
        urlSealed: sealCalendarUrl(deps.config, providerId, address),
        urlHint: calendarUrlHint(url),
        urlHash: calendarUrlHash(address),
        nextCheckAt: now,
        createdAt: now,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'external_calendars_provider_url_uq')) {
        throw new AppError('EXTERNAL_CALENDAR_DUPLICATE');
      }
      throw error;
    }
  });
  deps.jobs?.wake(SYNC_JOB_NAME);
  return listExternalCalendars(deps, input);
}

/** DELETE /availability/external-calendars/{calendarId}: removes it and its busy times (another provider's: 404). */
export async function removeExternalCalendar(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; calendarId: string },
): Promise<ExternalCalendarList> {
  assertProvider(input.actor);
  const removed = await deps.db
    .delete(externalCalendars)
    .where(and(eq(externalCalendars.id, input.calendarId), eq(externalCalendars.providerId, input.actor.userId)))
    .returning({ id: externalCalendars.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND');
  return listExternalCalendars(deps, input);
}
