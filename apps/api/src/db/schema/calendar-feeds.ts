import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A person's private calendar subscription (the outgoing feed). The token in the URL is derived
 * from APP_SECRET and `rotation` (so the owner can see the URL again), and looked up by its hash:
 * the table alone never reveals a working URL. Rotating draws a new `rotation`.
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    rotation: text('rotation').notNull(),
    /** sha256 (hex) of the token in the URL. */
    tokenHash: text('token_hash').notNull(),
    /** The owner's choice: entries name the other party's first name. */
    showNames: boolean('show_names').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
    rotatedAt: instant('rotated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('calendar_feed_tokens_hash_uq').on(table.tokenHash)],
);

/**
 * A provider's external calendar (their Google, Outlook or Apple calendar's secret iCalendar
 * address): fetched by the sync job; its busy times block the provider's slots.
 */
export const externalCalendars = pgTable(
  'external_calendars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The secret address, sealed with a key derived from APP_SECRET (never shown back in full). */
    urlSealed: text('url_sealed').notNull(),
    /** Host and a hint of the address, to recognise it in the list. */
    urlHint: text('url_hint').notNull(),
    /** sha256 of the address: one provider adds an address once. */
    urlHash: text('url_hash').notNull(),
    /** The last fetch's error (a key under availabilityScreens.externalCalendars.errors); null when it worked. */
    lastError: text('last_error'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** When the job next fetches it (claimed rows move it forward first). */
    nextCheckAt: instant('next_check_at').notNull().defaultNow(),
    checkedAt: instant('checked_at'),
    /** The last full answer (200) whose busy times are stored. */
    syncedAt: instant('synced_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('external_calendars_provider_url_uq').on(table.providerId, table.urlHash),
    index('external_calendars_next_check_idx').on(table.nextCheckAt),
    check('external_calendars_name_ck', sql`char_length(${table.name}) BETWEEN 1 AND 80`),
  ],
);

/** The busy times of an external calendar, expanded (recurrences and exceptions) to the horizon. */
export const externalBusyTimes = pgTable(
  'external_busy_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => externalCalendars.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
  },
  (table) => [
    index('external_busy_times_provider_idx').on(table.providerId, table.startsAt),
    index('external_busy_times_calendar_idx').on(table.calendarId),
    check('external_busy_times_order_ck', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
