import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A message sent through the contact form (SPEC.md §5 "Contact form"): kept for the back office,
 * emailed to the operators' address (OPERATOR_EMAIL) and confirmed to the sender.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    message: text('message').notNull(),
    language: text('language').$type<'en' | 'de'>().notNull(),
    /** The sender's account when they were signed in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt.desc(), table.id.desc())],
);
