import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { therapyCategories } from './catalog.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const WAITLIST_ENTRY_STATUSES = ['waiting', 'left', 'expired', 'booked'] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];
export const WAITLIST_CLAIM_STATUSES = ['offered', 'lapsed', 'released', 'booked'] as const;
export type WaitlistClaimStatus = (typeof WAITLIST_CLAIM_STATUSES)[number];

/**
 * A client waiting for an earlier slot with a provider (modules/waitlist): before `before_date`
 * (the client's zone; `before_at` is its first instant), on `days`, between `from_time` and
 * `to_time`. One waiting entry per client and provider; `seq` is the join order.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    /** The calendar (a BY_CATEGORY provider's category); null: the general calendar. */
    categoryId: uuid('category_id').references(() => therapyCategories.id),
    beforeDate: date('before_date', { mode: 'string' }).notNull(),
    beforeAt: instant('before_at').notNull(),
    timezone: text('timezone').notNull(),
    days: smallint('days').array().notNull().default(sql`'{}'::smallint[]`),
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    status: text('status').$type<WaitlistEntryStatus>().notNull().default('waiting'),
    createdAt: instant('created_at').notNull().defaultNow(),
    endedAt: instant('ended_at'),
  },
  (table) => [
    uniqueIndex('waitlist_entries_waiting_uq')
      .on(table.clientId, table.providerId)
      .where(sql`${table.status} = 'waiting'`),
    index('waitlist_entries_provider_idx').on(table.providerId, table.seq).where(sql`${table.status} = 'waiting'`),
    index('waitlist_entries_before_idx').on(table.beforeAt).where(sql`${table.status} = 'waiting'`),
    index('waitlist_entries_client_idx').on(table.clientId, table.createdAt),
    check('waitlist_entries_status_ck', sql`${table.status} IN ('waiting', 'left', 'expired', 'booked')`),
  ],
);

/**
 * A slot offered to one waiting client: theirs alone until `expires_at` (the slot reads and the
 * booking checks of availability treat it as held for anyone else). At most one offered claim per
 * slot start of a provider and per entry; the rows stay as the entry's history (a lapsed claim is
 * not offered to the same entry again).
 */
export const waitlistClaims = pgTable(
  'waitlist_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    categoryId: uuid('category_id').references(() => therapyCategories.id),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    status: text('status').$type<WaitlistClaimStatus>().notNull().default('offered'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('waitlist_claims_offered_slot_uq')
      .on(table.providerId, table.startsAt)
      .where(sql`${table.status} = 'offered'`),
    uniqueIndex('waitlist_claims_offered_entry_uq').on(table.entryId).where(sql`${table.status} = 'offered'`),
    index('waitlist_claims_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'offered'`),
    index('waitlist_claims_entry_idx').on(table.entryId, table.startsAt),
    check('waitlist_claims_status_ck', sql`${table.status} IN ('offered', 'lapsed', 'released', 'booked')`),
    check('waitlist_claims_times_ck', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * Time of a provider that may have opened (a cancellation, a booking moved away, availability
 * added, a claim lapsed): the waitlist job's queue. The job offers the free slots inside it.
 */
export const waitlistOpenings = pgTable(
  'waitlist_openings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    fromAt: instant('from_at').notNull(),
    toAt: instant('to_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('waitlist_openings_created_idx').on(table.createdAt)],
);
