import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { therapyCategories } from './catalog.ts';
import { users } from './users.ts';

export const bookingStatus = pgEnum('booking_status', [
  'pending',
  'confirmed',
  'completed',
  'cancelled',
  'rejected',
  'expired',
]);

/**
 * A session booked by a client with a provider. A pending-or-confirmed booking occupies
 * [starts_at, ends_at) of its provider: the exclusion constraint bookings_no_overlap (custom
 * migration) forbids two such bookings overlapping. Availability reads it as busy time.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    therapyCategoryId: uuid('therapy_category_id').references(() => therapyCategories.id),
    modalityKey: text('modality_key'),
    status: bookingStatus('status').notNull().default('pending'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    note: text('note'),
    priceMinor: integer('price_minor').notNull().default(0),
    currencyCode: text('currency_code').notNull().default('NGN'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('bookings_provider_starts_idx').on(table.providerId, table.startsAt),
    index('bookings_client_created_idx').on(table.clientId, table.createdAt),
    check(
      'bookings_times_ck',
      sql`(${table.startsAt} IS NULL) = (${table.endsAt} IS NULL) AND (${table.startsAt} IS NULL OR ${table.endsAt} > ${table.startsAt})`,
    ),
  ],
);
