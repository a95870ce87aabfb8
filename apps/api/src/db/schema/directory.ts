import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { boolean, customType, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { preferenceOptions } from './catalog.ts';
import { countries, states } from './region.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** PostgreSQL full-text document (written by triggers only; never read into JavaScript). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A directory sort key's value for a provider without one (no fee, no free slot): after every real one. */
export const DIRECTORY_SORTS_LAST = '1e15';

/**
 * The directory's rating order as ascending keys (best average first, then most reviews; no
 * review last): what a search sorts by and the index beside it serves, so a deep keyset page is
 * a walk of the index from the cursor. Stated here once for both.
 */
export function directoryRatingOrder(table: { ratingSumHalves: AnyColumn; reviewCount: AnyColumn }): [SQL, SQL] {
  return [
    sql`(-COALESCE(${table.ratingSumHalves}::numeric / NULLIF(${table.reviewCount}, 0), -1))`,
    sql`(-${table.reviewCount}::numeric)`,
  ];
}

/**
 * The next-free-slot order as an ascending key (soonest first; none last), in seconds since the
 * epoch: extract() of a timestamptz is not immutable, of its UTC wall time it is, so an index can
 * hold it. Stated here once for the index and the search.
 */
export function directoryNextOrder(table: { nextAvailableAt: AnyColumn }): SQL {
  return sql`COALESCE(extract(epoch FROM (${table.nextAvailableAt} AT TIME ZONE 'UTC')), ${sql.raw(DIRECTORY_SORTS_LAST)})`;
}

/**
 * One row per provider: what the directory filters, sorts and searches by, denormalized so a
 * search reads one indexed table (docs/decisions/directory-directory-search-one-denormalized-trigger-kept-row-per-provider.md). Triggers (migration)
 * keep it: the profile fields and general fee from users, provider_profiles and
 * provider_booking_fees on every change of theirs; review_count and rating_sum_halves by
 * increments from reviews (so concurrent reviews never lose one). next_available_at is the
 * first free slot, refreshed by the directory job and after bookings; it only narrows and orders
 * a search, the answer's own next slot is computed live. listable_until carries the rest of the
 * listing rule (credentials/listing.ts), so a search decides who is listed from this row alone.
 */
export const providerDirectory = pgTable(
  'provider_directory',
  {
    providerId: uuid('provider_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryId: uuid('country_id').references(() => countries.id),
    stateId: uuid('state_id').references(() => states.id),
    gender: text('gender'),
    religionId: uuid('religion_id').references(() => preferenceOptions.id),
    ethnicityId: uuid('ethnicity_id').references(() => preferenceOptions.id),
    /** The general fee (null: none set), in fee_currency's minor units; 0 when free. */
    feeMinor: integer('fee_minor'),
    feeCurrency: text('fee_currency'),
    feeIsFree: boolean('fee_is_free'),
    documentEn: tsvector('document_en').notNull().default(sql`''::tsvector`),
    documentDe: tsvector('document_de').notNull().default(sql`''::tsvector`),
    reviewCount: integer('review_count').notNull().default(0),
    ratingSumHalves: integer('rating_sum_halves').notNull().default(0),
    /**
     * The last day the provider may be listed, as far as everything but their free slots decides:
     * a provider account, not deleted, approved, not suspended, a general fee, and their latest
     * insurance's expiry day; null when any of those fails. Kept by the same triggers as the
     * profile fields (provider_directory_refresh), from provider_standing_until().
     */
    listableUntil: date('listable_until', { mode: 'string' }),
    nextAvailableAt: instant('next_available_at'),
    /** When the refresh job last moved next_available_at (it leaves an unchanged row alone). */
    nextCheckedAt: instant('next_checked_at'),
    /**
     * Every preference option the provider offers (user_preferences, all lists: option ids are
     * unique across lists), kept by a statement trigger on user_preferences, so a list filter is
     * one array overlap on this row (GIN) instead of a semi-join per list.
     */
    optionIds: uuid('option_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /**
     * What the list filters and the country filter match in one index: the options, and the
     * country the provider practises in (its id never equals an option's). With the country in
     * the same GIN index as the options, a search in one country reads only that country's rows;
     * with the country's own index the planner never joined the two, and read every country's.
     */
    filterKeys: uuid('filter_keys')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN country_id IS NULL THEN option_ids ELSE option_ids || country_id END`),
  },
  (table) => [
    index('provider_directory_country_idx').on(table.countryId),
    index('provider_directory_state_idx').on(table.stateId),
    index('provider_directory_gender_idx').on(table.gender),
    index('provider_directory_religion_idx').on(table.religionId),
    index('provider_directory_ethnicity_idx').on(table.ethnicityId),
    // The fee range of one currency, and a deep page in price order: search.ts walks each
    // currency's fees in order (ties by provider), and the listing rule's columns after them let
    // it read the walk from the index alone.
    index('provider_directory_fee_idx').on(
      table.feeCurrency,
      table.feeMinor,
      table.providerId,
      table.listableUntil,
      table.nextAvailableAt,
    ),
    index('provider_directory_next_idx').on(table.nextAvailableAt),
    index('provider_directory_listable_idx').on(table.listableUntil),
    index('provider_directory_rating_order_idx').on(...directoryRatingOrder(table), table.providerId),
    index('provider_directory_next_order_idx').on(directoryNextOrder(table), table.providerId),
    index('provider_directory_document_en_idx').using('gin', table.documentEn),
    index('provider_directory_document_de_idx').using('gin', table.documentDe),
    index('provider_directory_filter_keys_idx').using('gin', table.filterKeys),
  ],
);
