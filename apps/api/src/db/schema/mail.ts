import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file sent with an email (an .ics invitation): its bytes as base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Every email the app sends; the development outbox reads it, SMTP delivery marks sentAt. */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    language: text('language').notNull(),
    template: text('template').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** Recorded inside another transaction (mailer.record) and delivered after its commit. */
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
  },
  (table) => [
    index('emails_to_created_idx').on(table.to, table.createdAt),
    index('emails_queued_unsent_idx')
      .on(table.queuedAt)
      .where(sql`${table.queuedAt} IS NOT NULL AND ${table.sentAt} IS NULL`),
  ],
);
