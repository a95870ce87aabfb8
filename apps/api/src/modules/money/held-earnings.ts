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
  // The two kinds of hold are found apart, each by its own index: the sessions in the window by
  // the provider's start times (never the provider's whole history), the reported ones from the
  // few open reports. Each one's earning is then summed by its booking id (the ledger's
  // booking index; its expression has statistics of its own, so the planner expects a row or
  // two a booking, not thousands). A session yet to start that is still pending or confirmed
  // has no earning (one is posted when a session is settled, or when a late cancellation ends
  // it), so a busy provider's diary ahead is passed over before the ledger is asked.
  const rows = await rawRows<{ booking_id: string; net: string | number; ends_at: Date | string; reported: boolean }>(
    db,
    sql`WITH held AS MATERIALIZED (
          SELECT b.id, b.ends_at, false AS reported
            FROM bookings b
           WHERE b.provider_id = ${input.providerId} AND b.currency_code = ${input.currencyCode}
             AND b.starts_at > ${earliestStart.toISOString()}::timestamptz AND b.ends_at > ${since.toISOString()}::timestamptz
             AND (b.starts_at <= ${input.now.toISOString()}::timestamptz OR b.status NOT IN ('pending', 'confirmed'))
             AND NOT EXISTS (SELECT 1 FROM no_session_reports r WHERE r.booking_id = b.id)
          UNION ALL
          SELECT b.id, b.ends_at, true
            FROM no_session_reports r JOIN bookings b ON b.id = r.booking_id
           WHERE r.decided_at IS NULL AND b.provider_id = ${input.providerId} AND b.currency_code = ${input.currencyCode})
        SELECT h.id AS booking_id, e.net, h.ends_at, h.reported
          FROM held h
         CROSS JOIN LATERAL (
               SELECT SUM((t.metadata->>'netMinor')::bigint) AS net, count(*) AS earnings
                 FROM ledger_transactions t
                WHERE t.metadata ? 'bookingId' AND t.metadata->>'bookingId' = h.id::text AND t.type = 'earning') e
         WHERE e.earnings > 0
         ORDER BY h.reported, h.ends_at, h.id`,
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
