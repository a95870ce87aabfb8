import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What a person is told in the app (the bell, /notifications). One row per event, or per run of
 * events folded together (`fold_key`: further messages of one conversation while the first is
 * unread raise `count`). `kind` names the event (packages/shared schemas/notifications.ts), `data`
 * holds its values (instants, amounts in minor units, ids), never names or free text: the actor's
 * name is read from `users` when listed, so an erased account shows no name.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    subjectId: text('subject_id'),
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    foldKey: text('fold_key'),
    count: integer('count').notNull().default(1),
    createdAt: instant('created_at').notNull(),
    readAt: instant('read_at'),
    /**
     * When the message (or support reply) is to be emailed if its recipient is away by then and
     * has not read it: set when they were still around as it arrived, cleared once the away job
     * took it (away-emails.ts). Null for every other notification.
     */
    awayEmailDueAt: instant('away_email_due_at'),
  },
  (table) => [
    // The list (newest first, keyset) and the unread count, each one index range of one user.
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} IS NULL`),
    // One unread notification per fold key: a further event raises its count (INSERT … ON CONFLICT).
    uniqueIndex('notifications_unread_fold_uq')
      .on(table.userId, table.foldKey)
      .where(sql`${table.readAt} IS NULL AND ${table.foldKey} IS NOT NULL`),
    // The away job's queue: unread notifications still waiting for their away email, by due time.
    index('notifications_away_email_due_idx')
      .on(table.awayEmailDueAt)
      .where(sql`${table.awayEmailDueAt} IS NOT NULL AND ${table.readAt} IS NULL`),
    check('notifications_count_ck', sql`${table.count} >= 1`),
  ],
);

/**
 * A person's switches on /preference: one row per category and channel they changed; a missing
 * row means the default (on).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    category: text('category').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.category, table.channel] }),
    check('notification_preferences_channel_ck', sql`${table.channel} IN ('inApp', 'email')`),
  ],
);

/**
 * Session reminders sent (24 h and 1 h before a confirmed session), one row per booking, kind and
 * start time: the primary key makes a reminder happen once across processes, and a moved session
 * (a new start) gets new rows. Written in the transaction that records its emails.
 */
export const sessionReminders = pgTable(
  'session_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    kind: text('kind').notNull(),
    startsAt: instant('starts_at').notNull(),
    sentAt: instant('sent_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bookingId, table.kind, table.startsAt] }),
    check('session_reminders_kind_ck', sql`${table.kind} IN ('24h', '1h')`),
  ],
);

/**
 * When each person last had an open live socket (written when one authenticates, on every
 * heartbeat while it stays open, and when it closes): across processes, whether someone has been
 * away long enough to be told of a message by email.
 */
export const socketPresence = pgTable('socket_presence', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  lastSeenAt: instant('last_seen_at').notNull(),
});

/**
 * The last "you have a new message" email per person and thread (a conversation, a support
 * chat): at most one per thread per quiet period. The primary key makes the throttle hold across
 * processes (INSERT … ON CONFLICT … WHERE older than the quiet period).
 */
export const awayEmails = pgTable(
  'away_emails',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    threadKey: text('thread_key').notNull(),
    sentAt: instant('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.threadKey] })],
);
