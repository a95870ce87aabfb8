import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether a provider (profile row aliased `profileAlias`, user id column `userIdColumn`) is
 * shown in the directory and can take NEW bookings (docs/decisions.md "Verification"):
 * - approved at some point and not rejected since (`approved_at` is set on approval and cleared
 *   on rejection; a change after approval puts the status back to 'submitted' but keeps
 *   `approved_at`, so the provider stays listed until the decision);
 * - and the indemnity insurance has not lapsed: a provider with insurance on file needs one
 *   that has not expired on `today`. (Accounts approved before insurance was collected have
 *   none on file and stay listed.)
 */
export function listedProviderSql(userIdColumn: unknown, approvedAtColumn: unknown, today: string | SQL): SQL {
  return sql`(${approvedAtColumn} IS NOT NULL AND (
    NOT EXISTS (SELECT 1 FROM indemnity_insurances li WHERE li.provider_id = ${userIdColumn})
    OR EXISTS (SELECT 1 FROM indemnity_insurances li WHERE li.provider_id = ${userIdColumn} AND li.expires_on >= ${today}::date)
  ))`;
}

/** The calendar day (UTC) used for expiry rules. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
