import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { preferenceOptions, therapyCategories } from './catalog.ts';
import { countries, states } from './region.ts';

export const userRole = pgEnum('user_role', ['client', 'provider', 'admin']);
export const verificationStatus = pgEnum('verification_status', ['draft', 'submitted', 'approved', 'rejected']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: userRole('role').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    countryId: uuid('country_id').references(() => countries.id),
    stateId: uuid('state_id').references(() => states.id),
    timezone: text('timezone').notNull().default('Africa/Lagos'),
    language: text('language').notNull().default('en'),
    isSocial: boolean('is_social').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    // Profiles (client and provider alike): SPEC.md §3.
    dob: date('dob', { mode: 'string' }),
    gender: text('gender'),
    religionId: uuid('religion_id').references(() => preferenceOptions.id),
    ethnicityId: uuid('ethnicity_id').references(() => preferenceOptions.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Set by an operator (back office): no sign-in, no session, not listed; cleared on reactivation. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${table.email})`),
    index('users_role_country_idx').on(table.role, table.countryId),
    // New providers and clients per day (admin charts).
    index('users_role_created_idx').on(table.role, table.createdAt),
    // The back office's person search matches part of this text anywhere (ILIKE '%…%'): trigrams
    // find it without reading every account.
    index('users_search_trgm_idx').using('gin', sql`${personText(table)} gin_trgm_ops`),
    // The back office lists live accounts newest first: a page, and the count of a search for a
    // common name (which matches many), walk this order instead of sorting every match. The
    // searched columns are in the index too, after the unique id (so the order is unchanged),
    // so the walk reads the index alone (an index-only scan) rather than each account's row.
    index('users_live_created_idx')
      .on(
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
        table.email,
        table.firstName,
        table.lastName,
      )
      .where(sql`${table.deletedAt} IS NULL`),
  ],
);

/**
 * What the back office's person search looks in: the email, then "first last" (either may be
 * missing). The trigram index is built on this very expression, so a search must use it whole.
 */
export function personText(table: { email: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn }): SQL {
  return sql`(${table.email} || ' ' || coalesce(${table.firstName}, '') || ' ' || coalesce(${table.lastName}, ''))`;
}

export const providerProfiles = pgTable(
  'provider_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    headline: text('headline'),
    title: text('title'),
    bio: text('bio'),
    officeAddress: text('office_address'),
    zipCode: text('zip_code'),
    photoUrl: text('photo_url'),
    /** Storage key prefix of the uploaded picture's variants (profiles module). */
    photoKey: text('photo_key'),
    disciplineId: uuid('discipline_id').references(() => therapyCategories.id),
    setupCompletedAt: timestamp('setup_completed_at', { withTimezone: true, mode: 'date' }),
    verificationStatus: verificationStatus('verification_status').notNull().default('draft'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /** The latest expiry among the provider's indemnity insurances (null: none on file); kept by a trigger. */
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }),
    /** users.suspended_at of this provider, kept by a trigger, so the listing rule reads the profile row only. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    /**
     * Counts changes to the provider's calendars (settings, weekly days, specific dates, time
     * zone), bumped by the bump_calendar_revision triggers. A slot identifier carries the revision it was
     * listed at: while it is unchanged the slot is still offered (the one-statement schedule).
     */
    calendarRevision: integer('calendar_revision').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('provider_profiles_status_idx').on(table.verificationStatus)],
);
