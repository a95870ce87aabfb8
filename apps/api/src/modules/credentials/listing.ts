import {
  LISTING_SLOT_HORIZON_DAYS,
  type ListingRequirement,
  listingDay,
  missingForListing,
} from '@app/shared/listing-rules';
import { type AnyColumn, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { providerDirectory, providerProfiles } from '../../db/schema/index.ts';

/** The provider profile columns the rule's standing part reads (drizzle columns, or SQL for hand-written statements). */
export interface ListingProfile {
  approvedAt: unknown;
  insuranceExpiresOn: unknown;
  suspendedAt: unknown;
}

/** The directory row's columns the whole rule reads (drizzle columns, or SQL). */
export interface ListingRow {
  listableUntil: unknown;
  nextAvailableAt: unknown;
}

/** An instant as SQL for the rule: a bound value, or a placeholder/expression of a prepared statement. */
export function listingNow(now: Date | SQL): SQL {
  return now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`(${now})::timestamptz`;
}

/** The calendar day (UTC) of `now`, in SQL: the day an insurance expiry is compared with. */
const listingToday = (now: Date | SQL) => sql`(${listingNow(now)} AT TIME ZONE 'UTC')::date`;

/**
 * The part of the listing rule (@app/shared/listing-rules) the profile row holds: approved (set
 * on approval, cleared on rejection), not suspended, and an insurance whose expiry day has not
 * passed. The SQL function provider_standing_until (migration) states it once for these queries
 * and for the directory's triggers. A booking of a listed free slot checks this part: the slot
 * itself is the availability, and the booking's own price is the fee. insurance_expires_on (the
 * latest expiry on file) and suspended_at (a copy of users.suspended_at) are kept by the
 * triggers indemnity_insurances_expiry, users_suspension_to_profile and
 * provider_profiles_take_suspension.
 */
export function inGoodStandingSql(profile: ListingProfile, now: Date | SQL): SQL {
  return sql`(provider_standing_until(${profile.approvedAt}, ${profile.suspendedAt}, ${profile.insuranceExpiresOn}) >= ${listingToday(now)})`;
}

/**
 * The whole rule of @app/shared/listing-rules on a provider's directory row: listable_until
 * (the standing part above, a provider account not deleted, and a general fee, kept by the
 * directory's triggers) has not passed, and the next free slot (kept by every write that changes
 * it: availability/listing-slots.ts) is within LISTING_SLOT_HORIZON_DAYS. Insurance lapsing is a
 * condition of the query's `now`, so it unlists at the start of the day after expiry with no job.
 */
export function listedRowSql(row: ListingRow, now: Date | SQL): SQL {
  const horizon = sql`${listingNow(now)} + ${sql.raw(`interval '${LISTING_SLOT_HORIZON_DAYS} days'`)}`;
  return sql`(${row.listableUntil} >= ${listingToday(now)} AND ${row.nextAvailableAt} <= ${horizon})`;
}

/**
 * Whether a provider is listed (provider overview, back office, reviews page, counts): the rule on
 * their directory row. The provider's column is named with its table: drizzle leaves columns of a
 * one-table select unqualified, and inside this subquery a bare "provider_id" would be the
 * directory row's own.
 */
export function listedProviderSql(providerId: AnyColumn, now: Date | SQL): SQL {
  const listing = { listableUntil: sql`listing.listable_until`, nextAvailableAt: sql`listing.next_available_at` };
  const provider = sql`${sql.identifier(getTableName(providerId.table))}.${sql.identifier(providerId.name)}`;
  return sql`EXISTS (SELECT 1 FROM provider_directory AS listing
    WHERE listing.provider_id = ${provider} AND ${listedRowSql(listing, now)})`;
}

/**
 * The columns the checklist reads, for a select over provider_profiles left-joined with
 * provider_directory (listingMissing's own, or a larger one's: the provider overview's).
 */
export const listingFactColumns = {
  approvedAt: providerProfiles.approvedAt,
  profileSuspendedAt: providerProfiles.suspendedAt,
  insuranceExpiresOn: providerProfiles.insuranceExpiresOn,
  feeCurrency: providerDirectory.feeCurrency,
  nextAvailableAt: providerDirectory.nextAvailableAt,
};

type ListingFactRow = { [K in keyof typeof listingFactColumns]: (typeof listingFactColumns)[K]['_']['data'] | null };

/**
 * What a provider still lacks to be listed, from listingFactColumns' row: a provider without a
 * profile (no row, or a left join's nulls) lacks everything.
 */
export function listingMissingOf(row: ListingFactRow | undefined, now: Date): ListingRequirement[] {
  if (!row) return missingForListing(noFacts, now);
  return missingForListing(
    {
      approved: row.approvedAt !== null,
      suspended: row.profileSuspendedAt !== null,
      insuranceExpiresOn: row.insuranceExpiresOn,
      hasFee: row.feeCurrency !== null,
      nextFreeSlotAt: row.nextAvailableAt,
    },
    now,
  );
}

/** What a provider still lacks to be listed (the checklist; approval refuses while it is not empty apart from approval). */
export async function listingMissing(db: Tx, input: { providerId: string; now: Date }): Promise<ListingRequirement[]> {
  const [row] = await db
    .select(listingFactColumns)
    .from(providerProfiles)
    .leftJoin(providerDirectory, eq(providerDirectory.providerId, providerProfiles.userId))
    .where(eq(providerProfiles.userId, input.providerId));
  return listingMissingOf(row, input.now);
}

const noFacts = { approved: false, suspended: false, insuranceExpiresOn: null, hasFee: false, nextFreeSlotAt: null };

/** The calendar day (UTC) used for expiry rules. */
export const utcDay = listingDay;
