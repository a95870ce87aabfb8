import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate limits (platform/rate-limits.ts), shared by every server process
 * and kept across restarts: one row per limit and key, counting the requests of the current
 * fixed window. The key (an IP address, an email, a user id) is stored only as an HMAC keyed
 * with APP_SECRET, never in clear. Rows whose window ended are purged by a job.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.name, table.keyHash], name: 'rate_limit_counters_pk' }),
    index('rate_limit_counters_window_idx').on(table.windowEndsAt),
  ],
);
