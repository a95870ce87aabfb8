import { type BookingRules, DEFAULT_BOOKING_RULES } from '@app/shared/calendar-rules';
import { DEFAULT_SESSION_MINUTES } from '@app/shared/constants';
import type { SetupType } from '@app/shared/schemas/availability';
import type { DayRule, Interval, TimeRange } from '@app/shared/slots';
import { and, asc, eq, gte, isNotNull, isNull, lte, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  availabilityCategorySettings,
  availabilityDateOverrides,
  availabilitySettings,
  availabilityWeeklyDays,
  bookings,
  providerProfiles,
  therapyCategories,
  users,
  waitlistClaims,
} from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import { prepared } from '../../platform/prepared.ts';
import { inGoodStandingSql } from '../credentials/listing.ts';

/** What every calendar read needs about a provider, loaded in one query. */
export interface ProviderCalendar {
  providerId: string;
  timezone: string;
  isPublic: boolean;
  setupType: SetupType;
  /** The calendar in use: the category's (BY_CATEGORY) or null for the general one. */
  categoryId: string | null;
  sessionMinutes: number;
  /** The signed-in viewer's zone, when a viewer was named. */
  viewerTimezone: string | null;
  /** provider_profiles.calendar_revision: slot identifiers carry it. */
  revision: number;
  /** The provider's booking rules (every calendar of the provider follows them). */
  rules: BookingRules;
}

export interface LoadCalendarOptions {
  providerId: string;
  /** The category asked for (query or body); validated to exist. */
  category?: string | null;
  /** The field to name when the category is missing or unknown. */
  categoryField?: string;
  viewerId?: string | null;
  /** With BY_CATEGORY and no category: refuse (default), or read the general calendar's settings. */
  requireCategory?: boolean;
}

/** The booking rule columns of availability_settings (read wherever the calendar's settings are). */
export function bookingRuleColumns() {
  return {
    minNoticeHours: availabilitySettings.minNoticeHours,
    horizonDays: availabilitySettings.horizonDays,
    bufferBeforeMinutes: availabilitySettings.bufferBeforeMinutes,
    bufferAfterMinutes: availabilitySettings.bufferAfterMinutes,
    dailyMax: availabilitySettings.dailyMax,
    weeklyMax: availabilitySettings.weeklyMax,
  };
}

/** The rules of a settings row read with bookingRuleColumns (a provider without a row: the defaults). */
export function bookingRulesOf(row: { [K in keyof BookingRules]: BookingRules[K] | null } | undefined): BookingRules {
  if (!row || row.minNoticeHours === null) return { ...DEFAULT_BOOKING_RULES };
  return {
    minNoticeHours: row.minNoticeHours,
    horizonDays: row.horizonDays ?? DEFAULT_BOOKING_RULES.horizonDays,
    bufferBeforeMinutes: row.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: row.bufferAfterMinutes ?? 0,
    dailyMax: row.dailyMax,
    weeklyMax: row.weeklyMax,
  };
}

/**
 * Settings rows whose rules depend on the clock or on other bookings (notice, buffers, caps): a
 * slot listed earlier may have become unbookable without the calendar revision moving, so the
 * one-statement schedule leaves such providers to the checked path (resolveBookableSlot).
 */
export function rulesNeedCheckSql(settings: SQL | string): SQL {
  const t = typeof settings === 'string' ? sql.raw(settings) : settings;
  return sql`(${t}.min_notice_hours > 0 OR ${t}.buffer_before_minutes > 0 OR ${t}.buffer_after_minutes > 0
    OR ${t}.daily_max IS NOT NULL OR ${t}.weekly_max IS NOT NULL)`;
}

/** The signed-in caller of a public read (for their time zone). */
const viewer = alias(users, 'viewer');

/**
 * The calendar reads run on every slot request: they are named prepared statements (platform's
 * `prepared`: built once per database handle, parsed and planned once per connection).
 */

const p = <T extends string>(name: T) => sql.placeholder(name);

const calendarColumns = {
  id: users.id,
  role: users.role,
  deletedAt: users.deletedAt,
  timezone: users.timezone,
  verificationStatus: providerProfiles.verificationStatus,
  /**
   * In good standing (credentials/listing.ts: approved, not suspended, insurance current): the
   * public calendar offers slots; the slots themselves are the listing rule's availability.
   */
  listed: sql<boolean | null>`${inGoodStandingSql(providerProfiles, sql`now()`)}`,
  calendarRevision: providerProfiles.calendarRevision,
  setupType: availabilitySettings.setupType,
  sessionMinutes: availabilitySettings.sessionMinutes,
  ...bookingRuleColumns(),
  categorySessionMinutes: availabilityCategorySettings.sessionMinutes,
  categoryFound: therapyCategories.id,
};

/** The provider and its settings, with the asked category's, for loadCalendar and loadSlotCheck. */
function calendarBase<T extends SelectedFields>(db: Tx, withCategory: boolean, extra: T) {
  return db
    .select({ ...calendarColumns, ...extra })
    .from(users)
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .leftJoin(availabilitySettings, eq(availabilitySettings.providerId, users.id))
    .leftJoin(
      availabilityCategorySettings,
      withCategory
        ? and(
            eq(availabilityCategorySettings.providerId, users.id),
            eq(availabilityCategorySettings.categoryId, p('category')),
          )
        : sql`false`,
    )
    .leftJoin(therapyCategories, withCategory ? eq(therapyCategories.id, p('category')) : sql`false`)
    .$dynamic();
}

function calendarQuery(db: Tx, name: string, withCategory: boolean, withViewer: boolean) {
  return calendarBase(db, withCategory, { viewerTimezone: viewer.timezone })
    .leftJoin(viewer, withViewer ? eq(viewer.id, p('viewerId')) : sql`false`)
    .where(eq(users.id, p('providerId')))
    .limit(1)
    .prepare(name);
}

/**
 * The provider, its settings, the asked category and the viewer, in one query. Throws NOT_FOUND
 * for a missing, deleted or non-provider user; the category errors are field errors.
 */
export async function loadCalendar(db: Tx, options: LoadCalendarOptions): Promise<ProviderCalendar> {
  const category = options.category ?? null;
  const viewerId = options.viewerId ?? null;
  const name = `availability_calendar_${category ? 'c' : 'g'}${viewerId ? 'v' : ''}`;
  const statement = prepared(db, name, () => calendarQuery(db, name, Boolean(category), Boolean(viewerId)));
  const [row] = await statement.execute({ providerId: options.providerId, category, viewerId });
  return toCalendar(row, options, row?.viewerTimezone ?? null);
}

type CalendarRow = Awaited<ReturnType<ReturnType<typeof calendarQuery>['execute']>>[number];

/** The checks and defaults of loadCalendar over its row. */
function toCalendar(
  row: Omit<CalendarRow, 'viewerTimezone'> | undefined,
  options: LoadCalendarOptions,
  viewerTimezone: string | null = null,
): ProviderCalendar {
  const category = options.category ?? null;
  if (row?.role !== 'provider' || row.deletedAt) throw new AppError('NOT_FOUND');
  const field = options.categoryField ?? 'category';
  if (category && !row.categoryFound) throw fieldError(field, 'availability.unknownCategory');
  const setupType = row.setupType ?? 'GENERAL';
  let categoryId: string | null = null;
  if (setupType === 'BY_CATEGORY') {
    if (!category && options.requireCategory !== false) throw fieldError(field, 'availability.categoryRequired');
    categoryId = category;
  }
  const general = row.sessionMinutes ?? DEFAULT_SESSION_MINUTES;
  return {
    providerId: row.id,
    timezone: row.timezone,
    isPublic: row.listed === true,
    setupType,
    categoryId,
    sessionMinutes: categoryId ? (row.categorySessionMinutes ?? general) : general,
    viewerTimezone,
    revision: row.calendarRevision ?? 0,
    rules: bookingRulesOf(row),
  };
}

function overrideScope(withCategory: boolean): SQL | undefined {
  return and(
    eq(availabilityDateOverrides.providerId, p('providerId')),
    withCategory
      ? eq(availabilityDateOverrides.categoryId, p('category'))
      : isNull(availabilityDateOverrides.categoryId),
  );
}

export interface WeeklyRow {
  id: string;
  dayOfWeek: number;
  isAvailable: boolean;
  intervals: TimeRange[];
}

/** The weekly pattern of one calendar: one query. */
export async function loadWeekly(db: Tx, providerId: string, categoryId: string | null): Promise<WeeklyRow[]> {
  const statement = prepared(db, `availability_weekly_${categoryId ? 'c' : 'g'}`, (name) =>
    db
      .select({
        id: availabilityWeeklyDays.id,
        dayOfWeek: availabilityWeeklyDays.dayOfWeek,
        isAvailable: availabilityWeeklyDays.isAvailable,
        intervals: availabilityWeeklyDays.intervals,
      })
      .from(availabilityWeeklyDays)
      .where(
        and(
          eq(availabilityWeeklyDays.providerId, p('providerId')),
          categoryId ? eq(availabilityWeeklyDays.categoryId, p('category')) : isNull(availabilityWeeklyDays.categoryId),
        ),
      )
      .prepare(name),
  );
  return statement.execute({ providerId, category: categoryId });
}

export interface OverrideRow {
  id: string;
  date: string;
  isAvailable: boolean;
  intervals: TimeRange[];
  categoryId: string | null;
}

const overrideColumns = {
  id: availabilityDateOverrides.id,
  date: availabilityDateOverrides.date,
  isAvailable: availabilityDateOverrides.isAvailable,
  intervals: availabilityDateOverrides.intervals,
  categoryId: availabilityDateOverrides.categoryId,
};

/** The specific dates of one calendar between two dates (inclusive, either end optional): one query. */
export async function loadOverrides(
  db: Tx,
  providerId: string,
  categoryId: string | null,
  range: { from?: string; to?: string },
): Promise<OverrideRow[]> {
  const { from, to } = range;
  if (from && to) {
    const statement = prepared(db, `availability_overrides_${categoryId ? 'c' : 'g'}`, (name) =>
      db
        .select(overrideColumns)
        .from(availabilityDateOverrides)
        .where(
          and(
            overrideScope(Boolean(categoryId)),
            gte(availabilityDateOverrides.date, p('from')),
            lte(availabilityDateOverrides.date, p('to')),
          ),
        )
        .orderBy(asc(availabilityDateOverrides.date))
        .prepare(name),
    );
    return statement.execute({ providerId, category: categoryId, from, to });
  }
  return db
    .select(overrideColumns)
    .from(availabilityDateOverrides)
    .where(
      and(
        eq(availabilityDateOverrides.providerId, providerId),
        categoryId
          ? eq(availabilityDateOverrides.categoryId, categoryId)
          : isNull(availabilityDateOverrides.categoryId),
        from ? gte(availabilityDateOverrides.date, from) : undefined,
        to ? lte(availabilityDateOverrides.date, to) : undefined,
      ),
    )
    .orderBy(asc(availabilityDateOverrides.date));
}

export function weeklyRules(rows: readonly Omit<WeeklyRow, 'id'>[]): Map<number, DayRule> {
  return new Map(rows.map((row) => [row.dayOfWeek, { isAvailable: row.isAvailable, intervals: row.intervals }]));
}

export function overrideRules(
  rows: readonly Pick<OverrideRow, 'date' | 'isAvailable' | 'intervals'>[],
): Map<string, DayRule> {
  return new Map(rows.map((row) => [row.date, { isAvailable: row.isAvailable, intervals: row.intervals }]));
}

export interface BusyInterval extends Interval {
  bookingId: string;
  status: 'pending' | 'confirmed';
}

/**
 * Busy time overlapping [from, to) of the providers `provider` selects: confirmed bookings, and
 * pending ones whose hold has not run out (or that have none). The exact predicate of the
 * bookings_no_overlap exclusion index, so that index serves it. The one definition of "busy":
 * the slot reads, the slot check and the directory's next free slots all use it.
 */
export function busyWhere(input: {
  provider: SQL;
  from: Placeholder | string;
  to: Placeholder | string;
  now: Placeholder | string;
  except?: SQL;
}): SQL | undefined {
  // The statuses are literals, not parameters: a generic plan can then match the partial index.
  return and(
    input.provider,
    sql`${bookings.status} IN ('pending', 'confirmed')`,
    isNotNull(bookings.startsAt),
    sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}, '[)') && tstzrange(${input.from}::timestamptz, ${input.to}::timestamptz, '[)')`,
    or(
      sql`${bookings.status} = 'confirmed'`,
      isNull(bookings.holdExpiresAt),
      sql`${bookings.holdExpiresAt} > ${input.now}::timestamptz`,
    ),
    input.except,
  );
}

/**
 * Time a waitlist claim keeps for its client alone (modules/waitlist offers it, availability
 * honours it): an offered claim of the provider overlapping [from, to) that has not run out, of a
 * client other than `claimant` (the booker or the viewer; NULL: anyone). Read beside busyWhere
 * by the slot check, the public slot reads and booking_slot_taken; the partial unique index on
 * (provider_id, starts_at) of offered claims serves it, so without claims it reads no row.
 */
export function claimedWhere(input: {
  provider: SQL | Placeholder;
  from: Placeholder | string;
  to: Placeholder | string;
  now: Placeholder | string;
  claimant: SQL;
}): SQL {
  return sql`${waitlistClaims.providerId} = ${input.provider} AND ${waitlistClaims.status} = 'offered'
    AND ${waitlistClaims.startsAt} < ${input.to}::timestamptz AND ${waitlistClaims.endsAt} > ${input.from}::timestamptz
    AND ${waitlistClaims.expiresAt} > ${input.now}::timestamptz
    AND ${waitlistClaims.clientId} IS DISTINCT FROM ${input.claimant}`;
}

/** The client of the booking a placeholder names (NULL when there is none), as a claim's claimant. */
export function bookingClientSql(bookingId: SQL): SQL {
  return sql`(SELECT own.client_id FROM bookings own WHERE own.id = ${bookingId})`;
}

/** busyWhere for one provider, as placeholders: providerId, from, to, now[, ignoreBookingId]. */
function busyConditions(ignoring: boolean): SQL | undefined {
  return busyWhere({
    provider: eq(bookings.providerId, p('providerId')),
    from: p('from'),
    to: p('to'),
    now: p('now'),
    except: ignoring ? ne(bookings.id, p('ignoreBookingId')) : undefined,
  });
}

/**
 * The provider's busy time overlapping [fromMs, toMs): confirmed bookings, and pending ones whose
 * hold has not expired (or that have no hold). One query, sorted by start.
 */
export async function loadBusy(
  db: Tx,
  options: {
    providerId: string;
    fromMs: number;
    toMs: number;
    now: Date;
    ignoreBookingId?: string;
    /**
     * Count the waitlist's claims as busy, but for this client's own (null: everyone's): what a
     * public slot read shows its viewer. Absent: bookings only (the provider's own month).
     */
    claimant?: string | null;
  },
): Promise<BusyInterval[]> {
  const ignoring = Boolean(options.ignoreBookingId);
  const withClaims = options.claimant !== undefined;
  const params = {
    providerId: options.providerId,
    from: new Date(options.fromMs).toISOString(),
    to: new Date(options.toMs).toISOString(),
    now: options.now.toISOString(),
    ignoreBookingId: options.ignoreBookingId ?? null,
    claimant: options.claimant ?? null,
  };
  const columns = { id: bookings.id, status: bookings.status, startsAt: bookings.startsAt, endsAt: bookings.endsAt };
  const rows = withClaims
    ? await prepared(db, `availability_busy_claims${ignoring ? '_ignoring' : ''}`, (name) =>
        db
          .select(columns)
          .from(bookings)
          .where(busyConditions(ignoring))
          .unionAll(
            db
              .select({
                id: waitlistClaims.id,
                // A claim reads as a hold: the slot is kept, as by a pending booking.
                status: sql<'pending'>`'pending'::booking_status`.as('status'),
                startsAt: waitlistClaims.startsAt,
                endsAt: waitlistClaims.endsAt,
              })
              .from(waitlistClaims)
              .where(
                claimedWhere({
                  provider: p('providerId'),
                  from: p('from'),
                  to: p('to'),
                  now: p('now'),
                  claimant: sql`${p('claimant')}::uuid`,
                }),
              ),
          )
          .prepare(name),
      ).execute(params)
    : await prepared(db, `availability_busy${ignoring ? '_ignoring' : ''}`, (name) =>
        db.select(columns).from(bookings).where(busyConditions(ignoring)).orderBy(asc(bookings.startsAt)).prepare(name),
      ).execute(params);
  const busy = rows.flatMap((row) =>
    row.startsAt && row.endsAt && (row.status === 'pending' || row.status === 'confirmed')
      ? [{ bookingId: row.id, status: row.status, startMs: row.startsAt.getTime(), endMs: row.endsAt.getTime() }]
      : [],
  );
  if (withClaims) busy.sort((a, b) => a.startMs - b.startMs);
  return busy;
}

export interface SlotCheck {
  calendar: ProviderCalendar;
  weekly: WeeklyRow[];
  /** The calendar's specific dates from the day before the slot's UTC date to the day after. */
  overrides: OverrideRow[];
  /** Something other than `ignoreBookingId` holds time in [fromMs, toMs). */
  busy: boolean;
}

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Everything that decides whether one slot can be booked, in one round trip (booking
 * transactions run it): loadCalendar's row, the weekly pattern and the specific dates of the
 * calendar in use (the category's for a BY_CATEGORY provider), and whether the time is busy.
 */
export async function loadSlotCheck(
  db: Tx,
  options: LoadCalendarOptions & { fromMs: number; toMs: number; now: Date; ignoreBookingId?: string },
): Promise<SlotCheck> {
  const category = options.category ?? null;
  const ignoring = Boolean(options.ignoreBookingId);
  const variant = `${category ? 'c' : 'g'}${ignoring ? '_ignoring' : ''}`;
  const statement = prepared(db, `availability_slot_check_${variant}`, (name) => {
    const calendarCategory = category
      ? sql`CASE WHEN ${availabilitySettings.setupType} = 'BY_CATEGORY' THEN ${p('category')}::uuid END`
      : sql`NULL::uuid`;
    return calendarBase(db, Boolean(category), {
      weekly: sql<WeeklyRow[] | null>`(SELECT json_agg(json_build_object('id', w.id, 'dayOfWeek', w.day_of_week,
          'isAvailable', w.is_available, 'intervals', w.intervals))
        FROM availability_weekly_days w
        WHERE w.provider_id = ${users.id} AND w.category_id IS NOT DISTINCT FROM ${calendarCategory})`,
      overrides: sql<OverrideRow[] | null>`(SELECT json_agg(json_build_object('id', o.id, 'date', o.date,
          'isAvailable', o.is_available, 'intervals', o.intervals, 'categoryId', o.category_id) ORDER BY o.date)
        FROM availability_date_overrides o
        WHERE o.provider_id = ${users.id} AND o.category_id IS NOT DISTINCT FROM ${calendarCategory}
          AND o.date BETWEEN ${p('fromDate')}::date AND ${p('toDate')}::date)`,
      // A claim of the waitlist holds the slot for its client: busy for any other booker.
      busy: sql<boolean>`(EXISTS (${db.select({ one: sql`1` }).from(bookings).where(busyConditions(ignoring))})
        OR EXISTS (${db
          .select({ one: sql`1` })
          .from(waitlistClaims)
          .where(
            claimedWhere({
              provider: p('providerId'),
              from: p('from'),
              to: p('to'),
              now: p('now'),
              claimant: ignoring ? bookingClientSql(sql`${p('ignoreBookingId')}::uuid`) : sql`NULL::uuid`,
            }),
          )}))`,
    })
      .where(eq(users.id, p('providerId')))
      .prepare(name);
  });
  const [row] = await statement.execute({
    providerId: options.providerId,
    category,
    fromDate: utcDate(options.fromMs - 86_400_000),
    toDate: utcDate(options.fromMs + 86_400_000),
    from: new Date(options.fromMs).toISOString(),
    to: new Date(options.toMs).toISOString(),
    now: options.now.toISOString(),
    ignoreBookingId: options.ignoreBookingId ?? null,
  });
  return {
    calendar: toCalendar(row, options),
    weekly: row?.weekly ?? [],
    overrides: row?.overrides ?? [],
    busy: row?.busy ?? false,
  };
}
