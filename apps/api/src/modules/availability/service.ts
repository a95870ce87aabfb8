import { DEFAULT_SESSION_MINUTES } from '@app/shared/constants';
import type {
  AvailabilitySettings,
  CalendarDay,
  CategoryAvailabilitySetting,
  CustomDayInput,
  RecurringDaysInput,
  UpdateAvailabilitySettings,
  WeeklyDay,
} from '@app/shared/schemas/availability';
import {
  addDays,
  addMonths,
  DEFAULT_TIME_RANGE,
  SESSION_MINUTES_OPTIONS,
  type TimeRange,
  timeToMinutes,
  zonedDate,
} from '@app/shared/slots';
import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  availabilityCategorySettings,
  availabilityDateOverrides,
  availabilitySettings,
  availabilityWeeklyDays,
  users,
} from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import {
  bookingRuleColumns,
  bookingRulesOf,
  loadCalendar,
  loadOverrides,
  loadWeekly,
  type OverrideRow,
} from './calendar-data.ts';
import { refreshListingSlots } from './listing-slots.ts';

/** What the calendar settings services use (events: widened hours are announced to the waitlist). */
export type AvailabilityDeps = Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'events'>>;

/**
 * Tells whoever reacts to opened time (the waitlist) that the provider's calendar may offer more
 * from now on; the reaction looks for the free slots itself. Inside the change's transaction.
 */
export async function raiseCalendarOpened(tx: Tx, deps: AvailabilityDeps, providerId: string, now: Date) {
  await deps.events?.slotsOpened(tx, { providerId, from: null, to: null, at: now });
}

/** How far ahead a provider may set a specific date. */
export const CUSTOM_DAY_MAX_DAYS_AHEAD = 366;

function assertProvider(actor: Actor): void {
  if (actor.role !== 'provider') throw new AppError('FORBIDDEN');
}

/** Ranges as stored: sorted, "HH:MM"; an unavailable day keeps none, an available day without ranges gets 09:00–18:00. */
export function normalizeIntervals(isAvailable: boolean, ranges: readonly TimeRange[] | undefined): TimeRange[] {
  if (!isAvailable) return [];
  if (!ranges || ranges.length === 0) return [{ ...DEFAULT_TIME_RANGE }];
  return ranges
    .map((range) => ({ startTime: range.startTime, endTime: range.endTime }))
    .sort((a, b) => (timeToMinutes(a.startTime) ?? 0) - (timeToMinutes(b.startTime) ?? 0));
}

// Settings ------------------------------------------------------------------------------

export async function getSettings(deps: AvailabilityDeps, options: { actor: Actor }): Promise<AvailabilitySettings> {
  const { db } = deps;
  assertProvider(options.actor);
  const providerId = options.actor.userId;
  const [row] = await db
    .select({
      timezone: users.timezone,
      setupType: availabilitySettings.setupType,
      sessionMinutes: availabilitySettings.sessionMinutes,
      ...bookingRuleColumns(),
    })
    .from(users)
    .leftJoin(availabilitySettings, eq(availabilitySettings.providerId, users.id))
    .where(eq(users.id, providerId));
  if (!row) throw new AppError('NOT_FOUND');
  const categories = await db
    .select({
      categoryIdentifier: availabilityCategorySettings.categoryId,
      sessionMinutes: availabilityCategorySettings.sessionMinutes,
    })
    .from(availabilityCategorySettings)
    .where(eq(availabilityCategorySettings.providerId, providerId))
    .orderBy(asc(availabilityCategorySettings.categoryId));
  return {
    setupType: row.setupType ?? 'GENERAL',
    sessionMinutes: row.sessionMinutes ?? DEFAULT_SESSION_MINUTES,
    sessionMinutesOptions: [...SESSION_MINUTES_OPTIONS],
    timezone: row.timezone,
    categories,
    bookingRules: bookingRulesOf(row),
  };
}

async function upsertSettings(db: Tx, providerId: string, input: UpdateAvailabilitySettings, now: Date) {
  const set: Partial<typeof availabilitySettings.$inferInsert> = { updatedAt: now };
  if (input.setupType) set.setupType = input.setupType;
  if (input.sessionMinutes) set.sessionMinutes = input.sessionMinutes;
  if (input.bookingRules) Object.assign(set, input.bookingRules);
  await db
    .insert(availabilitySettings)
    .values({ providerId, ...set, createdAt: now })
    .onConflictDoUpdate({ target: availabilitySettings.providerId, set });
}

export async function updateSettings(
  deps: AvailabilityDeps,
  options: { actor: Actor; input: UpdateAvailabilitySettings },
): Promise<AvailabilitySettings> {
  const { db } = deps;
  const now = deps.clock.now();
  assertProvider(options.actor);
  await db.transaction(async (tx) => {
    await upsertSettings(tx, options.actor.userId, options.input, now);
    await refreshListingSlots(tx, [options.actor.userId], now);
  });
  return getSettings(deps, { actor: options.actor });
}

/** The settings as one calendar sees them: GENERAL ignores the category, BY_CATEGORY uses it. */
export async function getCategorySetting(
  deps: AvailabilityDeps,
  options: { actor: Actor; category?: string },
): Promise<CategoryAvailabilitySetting> {
  const { db } = deps;
  assertProvider(options.actor);
  const calendar = await loadCalendarLenient(db, options.actor.userId, options.category);
  return {
    setupType: calendar.setupType,
    sessionMinutes: calendar.sessionMinutes,
    categoryIdentifier: calendar.categoryId,
    timezone: calendar.timezone,
  };
}

/**
 * setupType is provider-wide; sessionMinutes goes to the category's calendar when a category is
 * named, else to the general one.
 */
export async function saveCategorySetting(
  deps: AvailabilityDeps,
  options: { actor: Actor; category?: string; input: UpdateAvailabilitySettings },
): Promise<CategoryAvailabilitySetting> {
  const { db } = deps;
  assertProvider(options.actor);
  const providerId = options.actor.userId;
  const { category, input } = options;
  const now = deps.clock.now();
  // Validates the category before anything is written.
  await loadCalendarLenient(db, providerId, category);
  await db.transaction(async (tx) => {
    if (input.setupType || (input.sessionMinutes && !category)) {
      await upsertSettings(
        tx,
        providerId,
        { setupType: input.setupType, sessionMinutes: category ? undefined : input.sessionMinutes },
        now,
      );
    }
    if (input.sessionMinutes && category) {
      await tx
        .insert(availabilityCategorySettings)
        .values({
          providerId,
          categoryId: category,
          sessionMinutes: input.sessionMinutes,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [availabilityCategorySettings.providerId, availabilityCategorySettings.categoryId],
          set: { sessionMinutes: input.sessionMinutes, updatedAt: now },
        });
    }
    await refreshListingSlots(tx, [providerId], now);
  });
  return getCategorySetting(deps, { actor: options.actor, category });
}

/** Like loadCalendar, but a BY_CATEGORY provider without a category reads the general calendar's settings. */
function loadCalendarLenient(db: Tx, providerId: string, category: string | undefined) {
  return loadCalendar(db, { providerId, category, requireCategory: false });
}

// Weekly pattern ------------------------------------------------------------------------

export async function getWeeklyPattern(
  deps: AvailabilityDeps,
  options: { actor: Actor; category?: string | null; categoryField?: string },
): Promise<WeeklyDay[]> {
  const { db } = deps;
  assertProvider(options.actor);
  const calendar = await loadCalendar(db, {
    providerId: options.actor.userId,
    category: options.category,
    categoryField: options.categoryField,
  });
  const rows = await loadWeekly(db, calendar.providerId, calendar.categoryId);
  const byDay = new Map(rows.map((row) => [row.dayOfWeek, row]));
  return [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => {
    const row = byDay.get(dayOfWeek);
    return {
      identifier: row?.id ?? null,
      dayOfWeek,
      isAvailable: row?.isAvailable ?? false,
      timeslotIntervals: row?.intervals ?? [],
      categoryIdentifier: calendar.categoryId,
    };
  });
}

/** Sets the listed weekdays of one calendar (others stay as they are) in one statement. */
export async function saveRecurringDays(
  deps: AvailabilityDeps,
  options: { actor: Actor; input: RecurringDaysInput },
): Promise<WeeklyDay[]> {
  const { db } = deps;
  assertProvider(options.actor);
  const { input } = options;
  const now = deps.clock.now();
  const calendar = await loadCalendar(db, {
    providerId: options.actor.userId,
    category: input.categoryIdentifier,
    categoryField: 'categoryIdentifier',
  });
  await db.transaction(async (tx) => {
    await tx
      .insert(availabilityWeeklyDays)
      .values(
        input.days.map((day) => ({
          providerId: calendar.providerId,
          categoryId: calendar.categoryId,
          dayOfWeek: day.dayOfWeek,
          isAvailable: day.isAvailable,
          intervals: normalizeIntervals(day.isAvailable, day.timeslotIntervals),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [
          availabilityWeeklyDays.providerId,
          availabilityWeeklyDays.categoryId,
          availabilityWeeklyDays.dayOfWeek,
        ],
        set: {
          isAvailable: sql`excluded.is_available`,
          intervals: sql`excluded.intervals`,
          updatedAt: now,
        },
      });
    await refreshListingSlots(tx, [calendar.providerId], now);
    await raiseCalendarOpened(tx, deps, calendar.providerId, now);
  });
  return getWeeklyPattern(deps, {
    actor: options.actor,
    category: input.categoryIdentifier,
    categoryField: 'categoryIdentifier',
  });
}

// Specific dates ------------------------------------------------------------------------

function toCalendarDay(row: OverrideRow): CalendarDay {
  return {
    identifier: row.id,
    date: row.date,
    isAvailable: row.isAvailable,
    timeslotIntervals: row.intervals,
    categoryIdentifier: row.categoryId,
  };
}

/** A month's specific dates, or every one from today (provider's zone) on. */
export async function listCustomDays(
  deps: AvailabilityDeps,
  options: { actor: Actor; category?: string; month?: string },
): Promise<CalendarDay[]> {
  const { db } = deps;
  const now = deps.clock.now();
  assertProvider(options.actor);
  const calendar = await loadCalendar(db, { providerId: options.actor.userId, category: options.category });
  const range = options.month
    ? { from: `${options.month}-01`, to: addDays(`${addMonths(options.month, 1)}-01`, -1) }
    : { from: zonedDate(now.getTime(), calendar.timezone) };
  const rows = await loadOverrides(db, calendar.providerId, calendar.categoryId, range);
  return rows.map(toCalendarDay);
}

/**
 * Saves one specific date: with an identifier, edits that entry (which must be the provider's);
 * without, sets the date of the calendar (creating or replacing its entry). Marking a date
 * unavailable clears its ranges.
 */
export async function saveCustomDay(
  deps: AvailabilityDeps,
  options: { actor: Actor; input: CustomDayInput },
): Promise<CalendarDay> {
  const { db } = deps;
  assertProvider(options.actor);
  const { input } = options;
  const now = deps.clock.now();
  const providerId = options.actor.userId;
  let existing: { id: string; categoryId: string | null } | undefined;
  if (input.identifier) {
    [existing] = await db
      .select({ id: availabilityDateOverrides.id, categoryId: availabilityDateOverrides.categoryId })
      .from(availabilityDateOverrides)
      .where(
        and(eq(availabilityDateOverrides.id, input.identifier), eq(availabilityDateOverrides.providerId, providerId)),
      );
    if (!existing) throw new AppError('NOT_FOUND');
  }
  const calendar = existing
    ? {
        ...(await loadCalendarLenient(db, providerId, existing.categoryId ?? undefined)),
        categoryId: existing.categoryId,
      }
    : await loadCalendar(db, { providerId, category: input.categoryIdentifier, categoryField: 'categoryIdentifier' });

  const today = zonedDate(now.getTime(), calendar.timezone);
  if (input.date < today) throw fieldError('date', 'availability.dateInPast');
  if (input.date > addDays(today, CUSTOM_DAY_MAX_DAYS_AHEAD)) throw fieldError('date', 'availability.dateTooFar');

  const values = {
    date: input.date,
    isAvailable: input.isAvailable,
    intervals: normalizeIntervals(input.isAvailable, input.timeSlotsInterval),
    updatedAt: now,
  };
  try {
    const row = await db.transaction(async (tx) => {
      const [row] = existing
        ? await tx
            .update(availabilityDateOverrides)
            .set(values)
            .where(eq(availabilityDateOverrides.id, existing.id))
            .returning()
        : await tx
            .insert(availabilityDateOverrides)
            .values({ ...values, providerId, categoryId: calendar.categoryId, createdAt: now })
            .onConflictDoUpdate({
              target: [
                availabilityDateOverrides.providerId,
                availabilityDateOverrides.categoryId,
                availabilityDateOverrides.date,
              ],
              set: values,
            })
            .returning();
      if (!row) throw new AppError('NOT_FOUND');
      await refreshListingSlots(tx, [providerId], now);
      await raiseCalendarOpened(tx, deps, providerId, now);
      return row;
    });
    return toCalendarDay(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('date', 'availability.dateTaken');
    throw error;
  }
}

export async function deleteCustomDay(deps: AvailabilityDeps, options: { actor: Actor; id: string }): Promise<void> {
  const { db } = deps;
  assertProvider(options.actor);
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(availabilityDateOverrides)
      .where(
        and(
          eq(availabilityDateOverrides.id, options.id),
          eq(availabilityDateOverrides.providerId, options.actor.userId),
        ),
      )
      .returning({ id: availabilityDateOverrides.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND');
    await refreshListingSlots(tx, [options.actor.userId], now);
    await raiseCalendarOpened(tx, deps, options.actor.userId, now);
  });
}

/** Whether the provider has weekly hours on any day, as SQL of their id (a column, a value or a placeholder). */
export function weeklyHoursSql(providerId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${availabilityWeeklyDays}
    WHERE ${availabilityWeeklyDays.providerId} = ${providerId} AND ${availabilityWeeklyDays.isAvailable}
      AND jsonb_array_length(${availabilityWeeklyDays.intervals}) > 0)`;
}
