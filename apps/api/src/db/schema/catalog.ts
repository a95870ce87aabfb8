import { index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

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

/** Which concerns a provider treats; drives "withTherapists" and later matching. */
export const providerConcerns = pgTable(
  'provider_concerns',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    concernId: uuid('concern_id')
      .notNull()
      .references(() => concerns.id),
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.concernId] }),
    index('provider_concerns_concern_idx').on(table.concernId),
  ],
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
