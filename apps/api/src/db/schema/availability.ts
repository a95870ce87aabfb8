import type { TimeRange } from '@app/shared/slots';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { therapyCategories } from './catalog.ts';
import { users } from './users.ts';

export const availabilitySetupType = pgEnum('availability_setup_type', ['GENERAL', 'BY_CATEGORY']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

const sessionMinutesCheck = (name: string, column: unknown) => check(name, sql`${column} IN (30, 45, 60, 90, 120)`);

/** One row per provider; absent means the defaults (GENERAL, 60-minute sessions). */
export const availabilitySettings = pgTable(
  'availability_settings',
  {
    providerId: uuid('provider_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    setupType: availabilitySetupType('setup_type').notNull().default('GENERAL'),
    sessionMinutes: integer('session_minutes').notNull().default(60),
    /** Booking rules (@app/shared/calendar-rules: defaults and limits, stated there). */
    minNoticeHours: integer('min_notice_hours').notNull().default(0),
    horizonDays: integer('horizon_days').notNull().default(92),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    /** Null: no limit. */
    dailyMax: integer('daily_max'),
    weeklyMax: integer('weekly_max'),
    ...timestamps,
  },
  (table) => [
    sessionMinutesCheck('availability_settings_session_minutes_ck', table.sessionMinutes),
    check(
      'availability_settings_rules_ck',
      sql`${table.minNoticeHours} >= 0 AND ${table.horizonDays} >= 1 AND ${table.bufferBeforeMinutes} >= 0
        AND ${table.bufferAfterMinutes} >= 0 AND (${table.dailyMax} IS NULL OR ${table.dailyMax} >= 1)
        AND (${table.weeklyMax} IS NULL OR ${table.weeklyMax} >= 1)`,
    ),
  ],
);

/**
 * Time off: a range of instants the provider cannot be booked in (entered as wall-clock date and
 * time in the provider's zone). It blocks every calendar of the provider.
 */
export const availabilityTimeOff = pgTable(
  'availability_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    note: text('note'),
    ...timestamps,
  },
  (table) => [
    index('availability_time_off_provider_idx').on(table.providerId, table.endsAt),
    check('availability_time_off_range_ck', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** A category's own session length, used when the provider's setup type is BY_CATEGORY. */
export const availabilityCategorySettings = pgTable(
  'availability_category_settings',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => therapyCategories.id, { onDelete: 'cascade' }),
    sessionMinutes: integer('session_minutes').notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.categoryId] }),
    sessionMinutesCheck('availability_category_settings_session_minutes_ck', table.sessionMinutes),
  ],
);

/**
 * The weekly pattern: one row per provider, calendar (category, or null for the general one)
 * and ISO weekday (1 = Monday … 7 = Sunday). Intervals are wall-clock HH:MM in the provider's zone.
 */
export const availabilityWeeklyDays = pgTable(
  'availability_weekly_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => therapyCategories.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    isAvailable: boolean('is_available').notNull().default(false),
    intervals: jsonb('intervals').$type<TimeRange[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    unique('availability_weekly_days_uq').on(table.providerId, table.categoryId, table.dayOfWeek).nullsNotDistinct(),
    check('availability_weekly_days_dow_ck', sql`${table.dayOfWeek} BETWEEN 1 AND 7`),
  ],
);

/** A specific date that overrides the weekly pattern (unavailable dates keep no intervals). */
export const availabilityDateOverrides = pgTable(
  'availability_date_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => therapyCategories.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    isAvailable: boolean('is_available').notNull(),
    intervals: jsonb('intervals').$type<TimeRange[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    unique('availability_date_overrides_uq').on(table.providerId, table.categoryId, table.date).nullsNotDistinct(),
    check(
      'availability_date_overrides_unavailable_empty_ck',
      sql`${table.isAvailable} OR jsonb_array_length(${table.intervals}) = 0`,
    ),
  ],
);
