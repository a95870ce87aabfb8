import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  },
  (table) => [index('emails_to_created_idx').on(table.to, table.createdAt)],
);
