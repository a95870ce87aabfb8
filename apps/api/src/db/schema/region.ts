import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameDe: text('name_de').notNull(),
  currencyCode: text('currency_code'),
  timezones: text('timezones').array().notNull().default([]),
  operating: boolean('operating').notNull().default(false),
});

export const states = pgTable(
  'states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countryId: uuid('country_id')
      .notNull()
      .references(() => countries.id),
    code: text('code').notNull().unique(),
    nameEn: text('name_en').notNull(),
    nameDe: text('name_de').notNull(),
  },
  (table) => [index('states_country_id_idx').on(table.countryId)],
);

export const languages = pgTable('languages', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameDe: text('name_de').notNull(),
  isPrimary: boolean('is_primary').notNull().default(false),
  position: integer('position').notNull().default(0),
});
