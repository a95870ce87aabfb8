import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const dataExportStatus = pgEnum('data_export_status', ['pending', 'running', 'ready', 'failed']);

/**
 * A person's request for a copy of their data (GDPR Art. 15/20): produced by a background job as
 * one JSON archive in private storage (`file_key`), downloaded through a short-lived signed link,
 * deleted with its file when it expires. At most one request per user is in progress.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: dataExportStatus('status').notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** When the archive and this row's link stop being available (ready ones). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    fileKey: text('file_key'),
    sizeBytes: integer('size_bytes'),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [
    index('data_exports_user_idx').on(table.userId, table.requestedAt.desc()),
    uniqueIndex('data_exports_one_open_uq').on(table.userId).where(sql`${table.status} IN ('pending', 'running')`),
    index('data_exports_open_idx').on(table.requestedAt).where(sql`${table.status} IN ('pending', 'running')`),
    index('data_exports_expiry_idx').on(table.expiresAt),
    check('data_exports_ready_has_file', sql`${table.status} <> 'ready' OR ${table.fileKey} IS NOT NULL`),
  ],
);
