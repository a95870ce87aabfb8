import { index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Reference lists (categories, concerns, preference options). They name no user: tables that link
 * people to them live with those people (users.ts, profiles.ts), so users.ts may import this file
 * and this file imports nothing of ours (no users ↔ catalog import cycle).
 */

export const therapyCategories = pgTable('therapy_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameDe: text('name_de').notNull(),
  position: integer('position').notNull().default(0),
});

export const concerns = pgTable(
  'concerns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    nameEn: text('name_en').notNull(),
    nameDe: text('name_de').notNull(),
    popularity: integer('popularity').notNull().default(0),
  },
  (table) => [index('concerns_popularity_idx').on(table.popularity)],
);

/** Options of the preference lists of SPEC.md §3 (modality, gender, therapy, …). */
export const preferenceOptions = pgTable(
  'preference_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    list: text('list').notNull(),
    key: text('key').notNull(),
    nameEn: text('name_en').notNull(),
    nameDe: text('name_de').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [unique('preference_options_list_key_uq').on(table.list, table.key)],
);
