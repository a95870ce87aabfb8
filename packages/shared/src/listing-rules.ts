/**
 * Who is listed (shown in the directory, on a provider's page, in the home counts): the one rule,
 * as plain values. The API builds its SQL from these names and numbers (modules/credentials/
 * listing.ts) and the web shows the same list as the "ready to go live" checklist
 * (docs/decisions/directory-listing-rule.md). A provider is listed only while every requirement
 * holds:
 *  - approval: approved by the back office (and not rejected since);
 *  - notSuspended: the account is not suspended by an operator;
 *  - insurance: an indemnity insurance on file whose expiry day has not passed (UTC);
 *  - fee: a general session fee (free counts as a fee);
 *  - availability: at least one bookable slot within LISTING_SLOT_HORIZON_DAYS from now.
 */
export const LISTING_REQUIREMENTS = ['approval', 'notSuspended', 'insurance', 'fee', 'availability'] as const;
export type ListingRequirement = (typeof LISTING_REQUIREMENTS)[number];

/** A listed provider has a bookable slot within this many days from now. */
export const LISTING_SLOT_HORIZON_DAYS = 60;

/** What the rule reads about one provider. */
export interface ListingFacts {
  approved: boolean;
  suspended: boolean;
  /** The latest expiry day of the insurances on file (YYYY-MM-DD), null when none. */
  insuranceExpiresOn: string | null;
  hasFee: boolean;
  /** The first free slot from now, null when none. */
  nextFreeSlotAt: Date | string | null;
}

/** The calendar day (UTC, YYYY-MM-DD) against which insurance expiry is read. */
export function listingDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The end of the window a listed provider must have a free slot in. */
export function listingHorizonEnd(now: Date): Date {
  return new Date(now.getTime() + LISTING_SLOT_HORIZON_DAYS * 24 * 3600_000);
}

/** An insurance expiring on `expiresOn` still covers `today` (both YYYY-MM-DD): it is current through its expiry day. */
export function insuranceIsCurrent(expiresOn: string | null, today: string): boolean {
  return expiresOn !== null && expiresOn >= today;
}

/** The requirements not met, in LISTING_REQUIREMENTS order; empty: listed. */
export function missingForListing(facts: ListingFacts, now: Date): ListingRequirement[] {
  const next = facts.nextFreeSlotAt === null ? null : new Date(facts.nextFreeSlotAt);
  const met: Record<ListingRequirement, boolean> = {
    approval: facts.approved,
    notSuspended: !facts.suspended,
    insurance: insuranceIsCurrent(facts.insuranceExpiresOn, listingDay(now)),
    fee: facts.hasFee,
    availability: next !== null && next.getTime() <= listingHorizonEnd(now).getTime(),
  };
  return LISTING_REQUIREMENTS.filter((requirement) => !met[requirement]);
}

/** Listed: nothing missing. */
export function isListed(facts: ListingFacts, now: Date): boolean {
  return missingForListing(facts, now).length === 0;
}
