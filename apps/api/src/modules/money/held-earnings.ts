import { DISPUTE_WINDOW_MS, disputeWindowEndsAt } from '@app/shared/session-rules';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import { rawRows } from '../../platform/prepared.ts';
import { accountKey } from './ledger-math.ts';

/** No session lasts longer than a day: one that ended after `since` started after `since` minus a day. */
const LONGEST_SESSION_MS = 24 * 60 * 60 * 1000;

/** One session's net earning that cannot be withdrawn yet: until the window ends, or (null) a decision. */
export interface HeldEarning {
  bookingId: string;
  netMinor: number;
  until: Date | null;
}

/**
 * Net earnings a provider cannot withdraw yet, though they are in the earnings balance: those of
 * sessions that ended less than the dispute window ago (the client may still report that the
 * session did not take place), held until the window ends, and those under a report the operator
 * has not decided, held until the decision. A decided report ends the hold either way (kept, or
 * taken back by reverseEarning). Soonest released first.
 */
export async function heldEarnings(
  db: Tx,
  input: { providerId: string; currencyCode: string; now: Date },
): Promise<HeldEarning[]> {
  const since = new Date(input.now.getTime() - DISPUTE_WINDOW_MS);
  const earliestStart = new Date(since.getTime() - LONGEST_SESSION_MS);
  const rows = await rawRows<{ booking_id: string; net: string | number; ends_at: Date | string; reported: boolean }>(
    db,
    sql`SELECT b.id AS booking_id, SUM((t.metadata->>'netMinor')::bigint) AS net, b.ends_at,
               (r.booking_id IS NOT NULL) AS reported
          FROM bookings b
          JOIN ledger_transactions t
            ON t.metadata ? 'bookingId' AND t.metadata->>'bookingId' = b.id::text AND t.type = 'earning'
          LEFT JOIN no_session_reports r ON r.booking_id = b.id
         WHERE b.provider_id = ${input.providerId} AND b.currency_code = ${input.currencyCode}
           AND r.decided_at IS NULL
           AND (r.booking_id IS NOT NULL
                OR (b.starts_at > ${earliestStart.toISOString()}::timestamptz AND b.ends_at > ${since.toISOString()}::timestamptz))
         GROUP BY b.id, b.ends_at, r.booking_id
         ORDER BY (r.booking_id IS NOT NULL), b.ends_at, b.id`,
  );
  return rows.map((row) => ({
    bookingId: row.booking_id,
    netMinor: Number(row.net),
    until: row.reported ? null : disputeWindowEndsAt(new Date(row.ends_at)),
  }));
}

/** The sum of heldEarnings: what the balance holds that cannot be withdrawn yet. */
export async function heldEarningsMinor(
  db: Tx,
  input: { providerId: string; currencyCode: string; now: Date },
): Promise<number> {
  return (await heldEarnings(db, input)).reduce((sum, item) => sum + item.netMinor, 0);
}

/**
 * Inside a payout's transaction, before its posting: the earnings account locked (so two payouts
 * cannot both take the same money), refuses more than its balance minus what is held.
 */
export async function assertWithdrawable(
  tx: Tx,
  input: { providerId: string; currencyCode: string; amountMinor: number; now: Date },
): Promise<void> {
  const key = accountKey({ kind: 'provider_earnings', currencyCode: input.currencyCode, userId: input.providerId });
  const [account] = await rawRows<{ balance_minor: string | number }>(
    tx,
    sql`SELECT balance_minor FROM ledger_accounts WHERE key = ${key} FOR UPDATE`,
  );
  const held = await heldEarningsMinor(tx, input);
  if (Number(account?.balance_minor ?? 0) - held < input.amountMinor) throw new AppError('PAYOUT_EXCEEDS_AVAILABLE');
}
