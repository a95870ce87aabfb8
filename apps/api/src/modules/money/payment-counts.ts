import { and, count, eq, gte, lt } from 'drizzle-orm';
import { payments, payouts } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';

/**
 * Counts of card payments for the operator's overview, each over a partial index of its status
 * (payments_pending_created_idx, payouts_pending_created_idx, payments_failed_created_idx,
 * payments_top_up_paid_idx).
 */

/** Payments and payouts still pending since before `pendingBefore`, and payments failed since `failedSince`. */
export async function countPaymentIssues(
  deps: Pick<AppDeps, 'db'>,
  input: { pendingBefore: Date; failedSince: Date },
): Promise<{ unreconciled: number; failed: number }> {
  const [[pendingPayments], [pendingPayouts], [failed]] = await Promise.all([
    deps.db
      .select({ total: count() })
      .from(payments)
      .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, input.pendingBefore))),
    deps.db
      .select({ total: count() })
      .from(payouts)
      .where(and(eq(payouts.status, 'pending'), lt(payouts.createdAt, input.pendingBefore))),
    deps.db
      .select({ total: count() })
      .from(payments)
      .where(and(eq(payments.status, 'failed'), gte(payments.createdAt, input.failedSince))),
  ]);
  return {
    unreconciled: (pendingPayments?.total ?? 0) + (pendingPayouts?.total ?? 0),
    failed: failed?.total ?? 0,
  };
}

/** Wallet top-ups paid in [start, end). */
export async function countTopUpsPaid(deps: Pick<AppDeps, 'db'>, input: { start: Date; end: Date }): Promise<number> {
  const [row] = await deps.db
    .select({ total: count() })
    .from(payments)
    .where(
      and(
        eq(payments.purpose, 'top_up'),
        eq(payments.status, 'success'),
        gte(payments.paidAt, input.start),
        lt(payments.paidAt, input.end),
      ),
    );
  return row?.total ?? 0;
}
