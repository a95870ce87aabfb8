import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import { GatewayError } from '../../platform/payments/gateway.ts';
import { confirmPayment } from './card-payments.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { reconcilePendingPayouts } from './payouts.ts';
import { purgeWebhookEvents } from './webhook-events.ts';

export interface ReconcileOptions {
  /** Leave fresh checkouts to the webhook and the poll (default 5 minutes). */
  minAgeMs?: number;
  /** Ask about the same payment at most this often (default 1 minute). */
  recheckAfterMs?: number;
  limit?: number;
}

/**
 * Job: re-verifies card payments still pending after a few minutes (a lost webhook, a closed
 * tab). Rows are claimed with FOR UPDATE SKIP LOCKED and stamped, so several processes share
 * the work without asking the gateway twice about one payment; the gateway calls run after the
 * claim commits, outside any transaction.
 */
export async function reconcilePendingPayments(
  deps: AppDeps,
  options: ReconcileOptions = {},
): Promise<{ checked: number; settled: number; failed: number; errors: number }> {
  const now = deps.clock.now();
  const olderThan = new Date(now.getTime() - (options.minAgeMs ?? 5 * 60 * 1000));
  const recheckBefore = new Date(now.getTime() - (options.recheckAfterMs ?? 60 * 1000));
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: payments.id, reference: payments.reference })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          lt(payments.createdAt, olderThan),
          or(isNull(payments.lastCheckedAt), lt(payments.lastCheckedAt, recheckBefore)),
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(options.limit ?? 50)
      .for('update', { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(payments)
        .set({ lastCheckedAt: now })
        .where(
          inArray(
            payments.id,
            rows.map((row) => row.id),
          ),
        );
    }
    return rows;
  });

  const result = { checked: claimed.length, settled: 0, failed: 0, errors: 0 };
  for (const row of claimed) {
    try {
      const payment = await confirmPayment(deps, row.reference);
      if (payment?.status === 'success') result.settled++;
      else if (payment && payment.status !== 'pending') result.failed++;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      result.errors++;
    }
  }
  return result;
}

/** The background work of this domain, for startJobs(deps, paymentJobs) in server.ts. */
export const paymentJobs: Job[] = [
  { name: 'reconcile-pending-payments', intervalMs: 60_000, run: (deps) => reconcilePendingPayments(deps) },
  { name: 'reconcile-pending-payouts', intervalMs: 60_000, run: (deps) => reconcilePendingPayouts(deps) },
  { name: 'purge-idempotency-keys', intervalMs: 60 * 60_000, run: (deps) => purgeIdempotencyKeys(deps) },
  { name: 'purge-webhook-events', intervalMs: 60 * 60_000, run: (deps) => purgeWebhookEvents(deps) },
];
