import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

export interface LedgerAudit {
  /** Transactions whose entries do not sum to zero (or that have fewer than two entries). */
  unbalancedTransactions: string[];
  /** Accounts whose cached balance differs from the sum of their entries or from their last balance_after. */
  mismatchedAccounts: string[];
  /** Accounts other than gateway clearing below zero. */
  negativeAccounts: string[];
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Checks the whole ledger against its invariants. Cheap enough for tests and for an operator's
 * nightly check; a healthy ledger answers three empty lists.
 */
export async function auditLedger(db: Tx): Promise<LedgerAudit> {
  const unbalanced = await db.execute(sql`
    SELECT t.id FROM ledger_transactions t
    LEFT JOIN ledger_entries e ON e.transaction_id = t.id
    GROUP BY t.id
    HAVING COALESCE(SUM(e.amount_minor), 0) <> 0 OR COUNT(e.id) < 2`);
  const mismatched = await db.execute(sql`
    SELECT a.key FROM ledger_accounts a
    CROSS JOIN LATERAL (
      SELECT COALESCE(SUM(amount_minor), 0) AS total FROM ledger_entries WHERE account_id = a.id
    ) s
    LEFT JOIN LATERAL (
      SELECT balance_after_minor FROM ledger_entries WHERE account_id = a.id ORDER BY seq DESC LIMIT 1
    ) l ON true
    WHERE a.balance_minor <> s.total OR a.balance_minor <> COALESCE(l.balance_after_minor, 0)`);
  const negative = await db.execute(sql`
    SELECT key FROM ledger_accounts WHERE balance_minor < 0 AND kind <> 'gateway_clearing'`);
  return {
    unbalancedTransactions: rowsOf<{ id: string }>(unbalanced).map((row) => row.id),
    mismatchedAccounts: rowsOf<{ key: string }>(mismatched).map((row) => row.key),
    negativeAccounts: rowsOf<{ key: string }>(negative).map((row) => row.key),
  };
}
