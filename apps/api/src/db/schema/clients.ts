import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** How a provider's client record came to exist: imported by hand or by CSV, or made for a booked client. */
export const clientSource = pgEnum('client_source', ['manual', 'csv', 'booking']);

/**
 * A provider's own record of a client (clients module). Imported clients have one from the
 * import: the name and email the provider entered, linked to the account with that email when
 * there is one (at import, or later by the trigger users_link_imported_clients when such an account's
 * email is verified). A client who booked the provider needs no row; one is made (source
 * `booking`, no name or email of its own) the first time a note is written about them, so every
 * note hangs on one row. Everyone who booked the provider plus every row here is "their clients".
 */
export const providerClients = pgTable(
  'provider_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    /**
     * The client's account, once the relation is active: they accepted the provider's invitation
     * from inside their account, or booked the provider. Until then the provider has only what
     * they typed, and an import never tells them whether the address has an account.
     */
    userId: uuid('user_id').references(() => users.id),
    /** The account with this record's (verified) email, asked to accept; never shown to the provider. */
    inviteeId: uuid('invitee_id').references(() => users.id),
    acceptedAt: instant('accepted_at'),
    declinedAt: instant('declined_at'),
    /** Lower-case; null on rows made for a booked client. */
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** The language of the invitation (en|de) for someone without an account. */
    language: text('language').notNull().default('en'),
    source: clientSource('source').notNull(),
    importedAt: instant('imported_at'),
    invitedAt: instant('invited_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('provider_clients_provider_email_uq')
      .on(table.providerId, table.email)
      .where(sql`${table.email} IS NOT NULL`),
    uniqueIndex('provider_clients_provider_user_uq')
      .on(table.providerId, table.userId)
      .where(sql`${table.userId} IS NOT NULL`),
    // A provider's whole list (linked and imported records alike): the partial unique indexes
    // above serve only lookups that name an email or an account, so the list read the table.
    index('provider_clients_provider_idx').on(table.providerId),
    index('provider_clients_user_idx').on(table.userId).where(sql`${table.userId} IS NOT NULL`),
    index('provider_clients_invitee_idx').on(table.inviteeId).where(sql`${table.inviteeId} IS NOT NULL`),
    index('provider_clients_unlinked_email_idx').on(table.email).where(sql`${table.userId} IS NULL`),
    check('provider_clients_email_lower_ck', sql`${table.email} = lower(${table.email})`),
    check(
      'provider_clients_identity_ck',
      sql`${table.userId} IS NOT NULL OR (${table.email} IS NOT NULL AND ${table.firstName} IS NOT NULL)`,
    ),
    check('provider_clients_language_ck', sql`${table.language} IN ('en', 'de')`),
  ],
);

/**
 * A provider's client list as it is read: one row per client (everyone who booked them a time
 * and every record of theirs), kept by the triggers of migration client_list_entries from
 * bookings, provider_clients and users, so a page of the list is read in name order from an
 * index instead of being assembled and sorted whole. Derived data: never written by the app.
 * The name and email are the ones the list shows (the provider's record first, else the
 * account's); a client who erased their account keeps a row with neither.
 */
export const clientListEntries = pgTable(
  'client_list_entries',
  {
    providerId: uuid('provider_id').notNull(),
    /** The account's id for a client with one (also once erased), else the record's. */
    identifier: uuid('identifier').notNull(),
    /** The account behind the row, erased or not (what the users trigger looks up). */
    accountId: uuid('account_id'),
    recordId: uuid('record_id'),
    booked: boolean('booked').notNull(),
    imported: boolean('imported').notNull(),
    deleted: boolean('deleted').notNull(),
    importedAt: instant('imported_at'),
    invitedAt: instant('invited_at'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    sortName: text('sort_name')
      .notNull()
      .generatedAlwaysAs(sql`lower(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')))`),
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.identifier] }),
    index('client_list_entries_order_idx').on(table.providerId, table.sortName, table.identifier),
    index('client_list_entries_account_idx').on(table.accountId).where(sql`${table.accountId} IS NOT NULL`),
    index('client_list_entries_record_idx').on(table.recordId).where(sql`${table.recordId} IS NOT NULL`),
  ],
);
