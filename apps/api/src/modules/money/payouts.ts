import type { Payout } from '@app/shared/schemas/wallet';
import { and, asc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payoutBankAccounts, payouts } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import {
  GatewayError,
  gatewayByName,
  payoutGatewayForCurrency,
  type TransferResult,
} from '../../platform/payments/gateway.ts';
import { loadAccountHolder } from './account-holder.ts';
import { assertWithdrawable, heldEarningsMinor } from './held-earnings.ts';
import { accountBalance, postTransaction } from './ledger.ts';
import type { AccountRef } from './ledger-math.ts';
import { MANUAL_PAYOUT_GATEWAY, type PayoutRow, requestManualPayout } from './manual-payouts.ts';
import { payoutLines, payoutReversalLines } from './postings.ts';
import { references } from './references.ts';

/** A transfer the gateway has never heard of this long after we asked for it did not happen. */
const UNKNOWN_TRANSFER_GIVE_UP_MS = 30 * 60 * 1000;

export function toPayout(row: PayoutRow): Payout {
  return {
    identifier: row.id,
    reference: row.reference,
    amount: row.amountMinor,
    currencyCode: row.currencyCode,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

function earningsAccount(userId: string, currencyCode: string): AccountRef {
  return { kind: 'provider_earnings', currencyCode, userId };
}

async function findPayout(db: Tx, reference: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.reference, reference));
  return row ?? null;
}

/**
 * POST /earnings/payouts: sends available earnings to the provider's bank. The debit and the
 * payout row commit together before the gateway is asked, so the same money cannot leave
 * twice; a transfer that fails or is reversed later puts it back exactly once.
 */
export async function requestPayout(deps: AppDeps, input: { userId: string; amountMinor: number }): Promise<Payout> {
  const { db, clock } = deps;
  const holder = await loadAccountHolder(db, input.userId);
  const currencyCode = holder.currency;
  const [bank] = await db.select().from(payoutBankAccounts).where(eq(payoutBankAccounts.userId, holder.id));
  if (!bank) throw new AppError('PAYOUT_BANK_ACCOUNT_REQUIRED');
  const gateway = payoutGatewayForCurrency(deps, currencyCode);
  // The currency's gateway pays out to no bank: the payout waits for an operator (manual-payouts.ts).
  if (!gateway) {
    return requestManualPayout(deps, { holderId: holder.id, currencyCode, bank, amountMinor: input.amountMinor });
  }
  // Refuse early (no gateway call) when clearly short; the locked check below is the real one.
  const held = await heldEarningsMinor(db, { providerId: holder.id, currencyCode, now: clock.now() });
  if ((await accountBalance(db, earningsAccount(holder.id, currencyCode))) - held < input.amountMinor) {
    throw new AppError('PAYOUT_EXCEEDS_AVAILABLE');
  }

  let recipientCode = bank.recipientGateway === gateway.name ? bank.recipientCode : null;
  if (!recipientCode) {
    try {
      ({ recipientCode } = await gateway.createTransferRecipient({
        accountName: bank.accountName,
        accountNumber: bank.accountNumber,
        bankCode: bank.bankCode,
        currencyCode,
      }));
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      throw new AppError(error.definitive ? 'PAYOUT_BANK_ACCOUNT_REJECTED' : 'PAYMENT_GATEWAY_UNAVAILABLE');
    }
    // Remember it only if the details did not change meanwhile.
    await db
      .update(payoutBankAccounts)
      .set({ recipientGateway: gateway.name, recipientCode })
      .where(and(eq(payoutBankAccounts.userId, holder.id), eq(payoutBankAccounts.updatedAt, bank.updatedAt)));
  }

  const reference = references.newPayout();
  const now = clock.now();
  await db.transaction(async (tx) => {
    await assertWithdrawable(tx, { providerId: holder.id, currencyCode, amountMinor: input.amountMinor, now });
    const posted = await postTransaction(tx, {
      type: 'payout',
      reference: references.payoutLedger(reference),
      at: now,
      insufficientFunds: 'PAYOUT_EXCEEDS_AVAILABLE',
      metadata: { payoutReference: reference, bankName: bank.bankName },
      lines: payoutLines({
        userId: holder.id,
        amountMinor: input.amountMinor,
        currencyCode,
        gateway: gateway.name,
        reference,
      }),
    });
    await tx.insert(payouts).values({
      reference,
      userId: holder.id,
      amountMinor: input.amountMinor,
      currencyCode,
      gateway: gateway.name,
      destination: {
        accountName: bank.accountName,
        bankName: bank.bankName,
        bankCode: bank.bankCode,
        accountNumberLast4: bank.accountNumber.slice(-4),
        recipientCode,
      },
      ledgerTransactionId: posted.transactionId,
      createdAt: now,
      updatedAt: now,
    });
  });

  let result: TransferResult | null;
  try {
    result = await gateway.initiateTransfer({
      reference,
      amountMinor: input.amountMinor,
      currencyCode,
      recipientCode: recipientCode as string,
      reason: 'TherapyHub earnings payout',
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // Refused outright: it never left. Otherwise unknown: the webhook or reconciliation will tell.
    result = error.definitive ? { status: 'failed', transferCode: null, reason: error.message } : null;
  }
  if (result) await applyTransferResult(deps, reference, result);
  return toPayout((await findPayout(db, reference)) as PayoutRow);
}

/**
 * Moves a payout along: pending → success, or pending/success → failed/reversed with one
 * payout_reversal that restores the earnings (unique reference, under the payout row's lock).
 */
export async function applyTransferResult(deps: AppDeps, reference: string, result: TransferResult): Promise<void> {
  const now = deps.clock.now();
  if (result.status === 'pending') {
    if (result.transferCode) {
      await deps.db
        .update(payouts)
        .set({ transferCode: result.transferCode, updatedAt: now })
        .where(and(eq(payouts.reference, reference), isNull(payouts.transferCode)));
    }
    return;
  }
  if (result.status === 'success') {
    await deps.db.transaction(async (tx) => {
      const [paid] = await tx
        .update(payouts)
        .set({ status: 'success', settledAt: now, transferCode: result.transferCode, updatedAt: now })
        .where(and(eq(payouts.reference, reference), eq(payouts.status, 'pending')))
        .returning();
      if (paid) {
        await deps.events.notify(tx, {
          userId: paid.userId,
          kind: 'payout.paid',
          subjectId: paid.reference,
          data: { amountMinor: paid.amountMinor, currencyCode: paid.currencyCode },
          at: now,
        });
      }
    });
    return;
  }
  const outcome = result.status;
  await deps.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.reference, reference)).for('update');
    if (!payout || payout.status === 'failed' || payout.status === 'reversed') return;
    const posted = await postTransaction(tx, {
      type: 'payout_reversal',
      reference: references.payoutReversalLedger(reference),
      at: now,
      metadata: { payoutReference: reference, reason: result.reason ?? outcome },
      lines: payoutReversalLines({
        userId: payout.userId,
        amountMinor: payout.amountMinor,
        currencyCode: payout.currencyCode,
        gateway: payout.gateway,
        reference,
      }),
    });
    await tx
      .update(payouts)
      .set({
        status: outcome,
        reversalTransactionId: posted.transactionId,
        failureReason: (result.reason ?? outcome).slice(0, 500),
        updatedAt: now,
      })
      .where(eq(payouts.id, payout.id));
    await deps.events.notify(tx, {
      userId: payout.userId,
      kind: 'payout.failed',
      subjectId: payout.reference,
      data: { amountMinor: payout.amountMinor, currencyCode: payout.currencyCode, status: outcome },
      at: now,
    });
  });
}

/**
 * Asks the payout's gateway how the transfer stands and applies it (webhooks and
 * reconciliation). Throws GatewayError when the gateway cannot be asked.
 */
export async function syncPayout(deps: AppDeps, reference: string): Promise<void> {
  const payout = await findPayout(deps.db, reference);
  if (!payout || payout.status === 'failed' || payout.status === 'reversed') return;
  if (payout.gateway === MANUAL_PAYOUT_GATEWAY) return; // an operator records it, no gateway knows it
  const result = await gatewayByName(deps, payout.gateway).verifyTransfer(reference);
  if (result) {
    await applyTransferResult(deps, reference, result);
    return;
  }
  const age = deps.clock.now().getTime() - payout.createdAt.getTime();
  if (payout.status === 'pending' && age > UNKNOWN_TRANSFER_GIVE_UP_MS) {
    await applyTransferResult(deps, reference, { status: 'failed', transferCode: null, reason: 'unknown_to_gateway' });
  }
}

/** Job: re-asks the gateway about payouts pending for more than a few minutes (SKIP LOCKED claim). */
export async function reconcilePendingPayouts(
  deps: AppDeps,
  options: { minAgeMs?: number; recheckAfterMs?: number; limit?: number } = {},
): Promise<{ checked: number; errors: number }> {
  const now = deps.clock.now();
  const olderThan = new Date(now.getTime() - (options.minAgeMs ?? 5 * 60 * 1000));
  const recheckBefore = new Date(now.getTime() - (options.recheckAfterMs ?? 60 * 1000));
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: payouts.id, reference: payouts.reference })
      .from(payouts)
      .where(
        and(
          eq(payouts.status, 'pending'),
          ne(payouts.gateway, MANUAL_PAYOUT_GATEWAY),
          lt(payouts.createdAt, olderThan),
          or(isNull(payouts.lastCheckedAt), lt(payouts.lastCheckedAt, recheckBefore)),
        ),
      )
      .orderBy(asc(payouts.createdAt))
      .limit(options.limit ?? 50)
      .for('update', { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(payouts)
        .set({ lastCheckedAt: now })
        .where(
          inArray(
            payouts.id,
            rows.map((row) => row.id),
          ),
        );
    }
    return rows;
  });
  let errors = 0;
  for (const row of claimed) {
    try {
      await syncPayout(deps, row.reference);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      errors++;
    }
  }
  return { checked: claimed.length, errors };
}
