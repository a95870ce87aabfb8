import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { concerns, preferenceOptions, therapyCategories } from './catalog.ts';
import { states } from './region.ts';
import { users } from './users.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** The avatars a client may pick instead of uploading a picture (SPEC.md §3 "Avatar"). */
export const avatars = pgTable('avatars', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  photoUrl: text('photo_url').notNull(),
  position: integer('position').notNull().default(0),
});

/**
 * What only a client has (SPEC.md §3 "Client profile", "Emergency contact"). Created on the
 * first write; a client without a row reads as an empty profile.
 */
export const clientProfiles = pgTable(
  'client_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    userName: text('user_name'),
    zipCode: text('zip_code'),
    /** The picture shown: an uploaded one (photoKey set) or a chosen avatar (avatarId set). */
    photoUrl: text('photo_url'),
    photoKey: text('photo_key'),
    avatarId: uuid('avatar_id').references(() => avatars.id, { onDelete: 'set null' }),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    ...timestamps,
  },
  (table) => [uniqueIndex('client_profiles_user_name_lower_uq').on(sql`lower(${table.userName})`)],
);

/**
 * A user's choices in the preference lists of SPEC.md §3, client and provider alike.
 * `list` repeats the option's list so "providers offering X in list Y" needs no join.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => preferenceOptions.id),
    list: text('list').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.optionId] }),
    index('user_preferences_option_user_idx').on(table.optionId, table.userId),
  ],
);

/**
 * A provider's fee per session: the general one (no therapy category) and one per therapy
 * category. Minor units in the currency of the provider's country at the time it was set.
 */
export const providerBookingFees = pgTable(
  'provider_booking_fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    therapyCategoryId: uuid('therapy_category_id').references(() => therapyCategories.id),
    feeMinor: integer('fee_minor').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    currencyCode: text('currency_code').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('provider_booking_fees_general_uq').on(table.providerId).where(sql`${table.therapyCategoryId} IS NULL`),
    uniqueIndex('provider_booking_fees_therapy_uq')
      .on(table.providerId, table.therapyCategoryId)
      .where(sql`${table.therapyCategoryId} IS NOT NULL`),
    // All of one provider's fees (their overview, fee settings): neither partial index above serves that.
    index('provider_booking_fees_provider_idx').on(table.providerId),
    check('provider_booking_fees_fee_check', sql`${table.feeMinor} >= 0`),
    check('provider_booking_fees_free_check', sql`NOT ${table.isFree} OR ${table.feeMinor} = 0`),
  ],
);

/** US states where a provider holds a licence (SPEC.md §7 /provider/license-states). */
export const providerLicenseStates = pgTable(
  'provider_license_states',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stateId: uuid('state_id')
      .notNull()
      .references(() => states.id),
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.stateId] }),
    index('provider_license_states_state_idx').on(table.stateId),
  ],
);

/** Which concerns a provider treats; drives "withTherapists" and later matching. */
export const providerConcerns = pgTable(
  'provider_concerns',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    concernId: uuid('concern_id')
      .notNull()
      .references(() => concerns.id),
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.concernId] }),
    index('provider_concerns_concern_idx').on(table.concernId),
  ],
);
