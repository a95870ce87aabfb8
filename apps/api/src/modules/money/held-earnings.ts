import { DISPUTE_WINDOW_MS } from '@app/shared/session-rules';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import { rawRows } from '../../platform/prepared.ts';
import { accountKey } from './ledger-math.ts';

/** No session lasts longer than a day: one that ended after `since` started after `since` minus a day. */
const LONGEST_SESSION_MS = 24 * 60 * 60 * 1000;

/**
 * Net earnings a provider cannot withdraw yet, though they are in the earnings balance: those of
 * sessions that ended less than the dispute window ago (the client may still report that the
 * session did not take place) and those under a report the operator has not decided. A decided
 * report ends the hold either way (kept, or taken back by reverseEarning).
 */
export async function heldEarningsMinor(
  db: Tx,
  input: { providerId: string; currencyCode: string; now: Date },
): Promise<number> {
  const since = new Date(input.now.getTime() - DISPUTE_WINDOW_MS);
  const earliestStart = new Date(since.getTime() - LONGEST_SESSION_MS);
  const [row] = await rawRows<{ held: string | number }>(
    db,
    sql`SELECT COALESCE(SUM((t.metadata->>'netMinor')::bigint), 0) AS held
          FROM bookings b
          JOIN ledger_transactions t
            ON t.metadata ? 'bookingId' AND t.metadata->>'bookingId' = b.id::text AND t.type = 'earning'
          LEFT JOIN no_session_reports r ON r.booking_id = b.id
         WHERE b.provider_id = ${input.providerId} AND b.currency_code = ${input.currencyCode}
           AND r.decided_at IS NULL
           AND (r.booking_id IS NOT NULL
                OR (b.starts_at > ${earliestStart.toISOString()}::timestamptz AND b.ends_at > ${since.toISOString()}::timestamptz))`,
  );
  return Number(row?.held ?? 0);
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
