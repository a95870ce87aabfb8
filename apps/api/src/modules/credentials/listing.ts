import {
  LISTING_SLOT_HORIZON_DAYS,
  type ListingRequirement,
  listingDay,
  missingForListing,
} from '@app/shared/listing-rules';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { providerDirectory, providerProfiles } from '../../db/schema/index.ts';

/** The provider profile columns the rule reads (drizzle columns, or SQL for hand-written statements). */
export interface ListingProfile {
  userId: unknown;
  approvedAt: unknown;
  insuranceExpiresOn: unknown;
  suspendedAt: unknown;
}

/** An instant as SQL for the rule: a bound value, or a placeholder/expression of a prepared statement. */
export function listingNow(now: Date | SQL): SQL {
  return now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`(${now})::timestamptz`;
}

/**
 * The part of the listing rule (@app/shared/listing-rules) the profile row holds: approved (set
 * on approval, cleared on rejection), not suspended, and an insurance whose expiry day has not
 * passed. A booking of a listed free slot checks this part: the slot itself is the availability,
 * and the booking's own price is the fee. insurance_expires_on (the latest expiry on file) and
 * suspended_at (a copy of users.suspended_at) are kept by the triggers indemnity_insurances_expiry,
 * users_suspension_to_profile and provider_profiles_take_suspension.
 */
export function inGoodStandingSql(profile: Omit<ListingProfile, 'userId'>, now: Date | SQL): SQL {
  const today = sql`(${listingNow(now)} AT TIME ZONE 'UTC')::date`;
  return sql`(${profile.approvedAt} IS NOT NULL AND ${profile.suspendedAt} IS NULL AND ${profile.insuranceExpiresOn} IS NOT NULL AND ${profile.insuranceExpiresOn} >= ${today})`;
}

/**
 * Whether a provider is listed (directory, provider page, home counts, reviews page): the whole
 * rule of @app/shared/listing-rules. Besides the profile part, the provider's directory row must
 * hold a general fee (kept by a trigger on provider_booking_fees) and a next free slot within
 * LISTING_SLOT_HORIZON_DAYS (kept by every write that changes it: availability/listing-slots.ts).
 * Insurance lapsing is a condition of the query's `now`, so it unlists at the start of the day
 * after expiry with no job.
 */
export function listedProviderSql(profile: ListingProfile, now: Date | SQL): SQL {
  const at = listingNow(now);
  const horizon = sql`${at} + ${sql.raw(`interval '${LISTING_SLOT_HORIZON_DAYS} days'`)}`;
  return sql`(${inGoodStandingSql(profile, now)} AND EXISTS (SELECT 1 FROM provider_directory AS listing
    WHERE listing.provider_id = ${profile.userId} AND listing.fee_currency IS NOT NULL
      AND listing.next_available_at IS NOT NULL AND listing.next_available_at <= ${horizon}))`;
}

/** What a provider still lacks to be listed (the checklist; approval refuses while it is not empty apart from approval). */
export async function listingMissing(db: Tx, input: { providerId: string; now: Date }): Promise<ListingRequirement[]> {
  const [row] = await db
    .select({
      approvedAt: providerProfiles.approvedAt,
      suspendedAt: providerProfiles.suspendedAt,
      insuranceExpiresOn: providerProfiles.insuranceExpiresOn,
      feeCurrency: providerDirectory.feeCurrency,
      nextAvailableAt: providerDirectory.nextAvailableAt,
    })
    .from(providerProfiles)
    .leftJoin(providerDirectory, eq(providerDirectory.providerId, providerProfiles.userId))
    .where(eq(providerProfiles.userId, input.providerId));
  if (!row) return missingForListing(noFacts, input.now);
  return missingForListing(
    {
      approved: row.approvedAt !== null,
      suspended: row.suspendedAt !== null,
      insuranceExpiresOn: row.insuranceExpiresOn,
      hasFee: row.feeCurrency !== null,
      nextFreeSlotAt: row.nextAvailableAt,
    },
    input.now,
  );
}

const noFacts = { approved: false, suspended: false, insuranceExpiresOn: null, hasFee: false, nextFreeSlotAt: null };

/** The calendar day (UTC) used for expiry rules. */
export const utcDay = listingDay;
