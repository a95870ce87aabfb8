import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A support chat: one open conversation per visitor (the signed visitor-id cookie) or signed-in
 * user at a time (partial unique indexes), answered by operators in the back office.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitorId: text('visitor_id'),
    userId: uuid('user_id').references(() => users.id),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    startedOn: text('started_on'),
    createdAt: instant('created_at').notNull(),
    lastMessageAt: instant('last_message_at').notNull(),
    closedAt: instant('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id),
  },
  (table) => [
    index('support_conversations_status_last_idx').on(table.status, table.lastMessageAt.desc()),
    uniqueIndex('support_conversations_open_visitor_uq')
      .on(table.visitorId)
      .where(sql`${table.status} = 'open' AND ${table.visitorId} IS NOT NULL`),
    uniqueIndex('support_conversations_open_user_uq')
      .on(table.userId)
      .where(sql`${table.status} = 'open' AND ${table.userId} IS NOT NULL`),
    check('support_conversations_owner_ck', sql`${table.visitorId} IS NOT NULL OR ${table.userId} IS NOT NULL`),
    check('support_conversations_status_ck', sql`${table.status} IN ('open', 'closed')`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    author: text('author').$type<'visitor' | 'operator'>().notNull(),
    operatorId: uuid('operator_id').references(() => users.id),
    text: text('text').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    index('support_messages_conversation_idx').on(table.conversationId, table.createdAt, table.id),
    check('support_messages_author_ck', sql`${table.author} IN ('visitor', 'operator')`),
  ],
);
