import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Feature flags' rules, edited in the back office (every edit is audited). A flag the code
 * knows (packages/shared schemas/flags.ts) without a row here is off.
 */
export const featureFlags = pgTable(
  'feature_flags',
  {
    key: text('key').primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    /** ISO alpha-2 codes; empty means every country. */
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    rolloutPercent: integer('rollout_percent').notNull().default(100),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (table) => [check('feature_flags_rollout_ck', sql`${table.rolloutPercent} BETWEEN 0 AND 100`)],
);
