import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One conversation per pair of people: user_low_id < user_high_id, unique, so opening it twice
 * (even concurrently) gives the same row.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userLowId: uuid('user_low_id')
      .notNull()
      .references(() => users.id),
    userHighId: uuid('user_high_id')
      .notNull()
      .references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_pair_uq').on(table.userLowId, table.userHighId),
    check('conversations_pair_ck', sql`${table.userLowId} < ${table.userHighId}`),
  ],
);

/**
 * A participant's view of a conversation (two rows per conversation): the chat list reads only
 * these rows, keyset-ordered by (last_message_at, conversation_id), with the unread counter kept
 * here so the list and the header count need no counting over messages.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    otherUserId: uuid('other_user_id')
      .notNull()
      .references(() => users.id),
    /** The conversation's latest message time (creation time until the first message). */
    lastMessageAt: instant('last_message_at').notNull().defaultNow(),
    hasMessages: integer('has_messages').notNull().default(0),
    lastSeenAt: instant('last_seen_at'),
    unreadCount: integer('unread_count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('conversation_members_list_idx').on(table.userId, table.lastMessageAt.desc(), table.conversationId.desc()),
    // The unread badge sums only the conversations with something unread: a busy person's
    // thousand read ones stay out of it.
    index('conversation_members_unread_idx').on(table.userId, table.unreadCount).where(sql`${table.unreadCount} > 0`),
    check('conversation_members_unread_ck', sql`${table.unreadCount} >= 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    text: text('text'),
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachmentSize: integer('attachment_size'),
    createdAt: instant('created_at').notNull().defaultNow(),
    editedAt: instant('edited_at'),
    deletedAt: instant('deleted_at'),
  },
  (table) => [
    index('messages_thread_idx').on(table.conversationId, table.createdAt.desc(), table.id.desc()),
    index('messages_sender_created_idx').on(table.senderId, table.createdAt),
  ],
);

/**
 * Live events too large for a NOTIFY payload (8000 bytes): stored here, and the notification
 * carries only the row id. Rows older than a minute are deleted by the next publisher.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payload: text('payload').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('realtime_events_created_idx').on(table.createdAt)],
);
