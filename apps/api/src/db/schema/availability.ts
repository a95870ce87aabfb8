import type { TimeRange } from '@app/shared/slots';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
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
    ...timestamps,
  },
  (table) => [sessionMinutesCheck('availability_settings_session_minutes_ck', table.sessionMinutes)],
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
