import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether a provider (the `approved_at` and `insurance_expires_on` columns of their profile) is
 * shown in the directory and can take NEW bookings (docs/decisions/money-webhook-events-remembered-by-id-verification-still-decides.md):
 * - approved at some point and not rejected since (`approved_at` is set on approval and cleared
 *   on rejection; a change after approval puts the status back to 'submitted' but keeps
 *   `approved_at`, so the provider stays listed until the decision);
 * - and the indemnity insurance has not lapsed: a provider with insurance on file needs one
 *   that has not expired on `today`. (Accounts approved before insurance was collected have
 *   none on file and stay listed.)
 * - and the account is not suspended by an operator (back office).
 */
export function listedProviderSql(
  profile: { approvedAt: unknown; insuranceExpiresOn: unknown; suspendedAt: unknown },
  today: string | SQL,
): SQL {
  // insurance_expires_on is the latest expiry on file (migration 0022) and suspended_at mirrors
  // users.suspended_at (migration 0025), both kept by triggers: the rule reads the profile row the
  // caller already has, with no probe of another table.
  return sql`(${profile.approvedAt} IS NOT NULL AND ${profile.suspendedAt} IS NULL AND (${profile.insuranceExpiresOn} IS NULL OR ${profile.insuranceExpiresOn} >= ${today}::date))`;
}

/** The calendar day (UTC) used for expiry rules. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
