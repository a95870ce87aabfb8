import type {
  ManualPayout,
  ManualPayoutState,
  MarkPayoutFailedBody,
  MarkPayoutPaidBody,
} from '@app/shared/schemas/manual-payouts';
import type { Payout } from '@app/shared/schemas/wallet';
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { type payoutBankAccounts, payoutManualRecords, payouts, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { assertWithdrawable } from './held-earnings.ts';
import { postTransaction } from './ledger.ts';
import { payoutLines, payoutReversalLines } from './postings.ts';
import { references } from './references.ts';

/**
 * payouts.gateway of a payout no gateway makes: the currency's gateway pays out to no bank
 * (Stripe here), so an operator transfers the money from the platform's bank and records it.
 * Never a gateway name: reconciliation and webhooks leave these payouts alone.
 */
export const MANUAL_PAYOUT_GATEWAY = 'manual';

/** A payout as stored; here, below payouts.ts, which imports the manual path (never the reverse). */
export type PayoutRow = typeof payouts.$inferSelect;

type BankRow = typeof payoutBankAccounts.$inferSelect;

/**
 * A payout an operator will make: the earnings leave (debit and payout row in one transaction,
 * exactly as for a gateway payout, so the same money cannot be asked for twice) and the row
 * waits, pending, with the full bank details the operator needs to make the transfer.
 */
export async function requestManualPayout(
  deps: AppDeps,
  input: { holderId: string; currencyCode: string; bank: BankRow; amountMinor: number },
): Promise<Payout> {
  const { bank } = input;
  const reference = references.newPayout();
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await assertWithdrawable(tx, {
      providerId: input.holderId,
      currencyCode: input.currencyCode,
      amountMinor: input.amountMinor,
      now,
    });
    const posted = await postTransaction(tx, {
      type: 'payout',
      reference: references.payoutLedger(reference),
      at: now,
      insufficientFunds: 'PAYOUT_EXCEEDS_AVAILABLE',
      metadata: { payoutReference: reference, bankName: bank.bankName, manual: true },
      lines: payoutLines({
        userId: input.holderId,
        amountMinor: input.amountMinor,
        currencyCode: input.currencyCode,
        gateway: MANUAL_PAYOUT_GATEWAY,
        reference,
      }),
    });
    const [inserted] = await tx
      .insert(payouts)
      .values({
        reference,
        userId: input.holderId,
        amountMinor: input.amountMinor,
        currencyCode: input.currencyCode,
        gateway: MANUAL_PAYOUT_GATEWAY,
        destination: {
          variant: bank.variant,
          accountName: bank.accountName,
          bankName: bank.bankName,
          bankCode: bank.bankCode,
          accountNumber: bank.accountNumber,
          accountNumberLast4: bank.accountNumber.slice(-4),
          address: bank.address,
          postalCode: bank.postalCode,
          accountType: bank.accountType,
          accountOwnership: bank.accountOwnership,
        },
        ledgerTransactionId: posted.transactionId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted as PayoutRow;
  });
  return {
    identifier: row.id,
    reference: row.reference,
    amount: row.amountMinor,
    currencyCode: row.currencyCode,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const recorder = alias(users, 'recorder');

function fullName(firstName: string | null, lastName: string | null, fallback: string): string {
  return [firstName, lastName].filter(Boolean).join(' ') || fallback;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** GET /admin/payouts/manual: manual payouts awaiting a transfer, or those already recorded. */
export async function listManualPayouts(
  db: Tx,
  input: { state: ManualPayoutState; page: number; perPage: number },
): Promise<{
  data: ManualPayout[];
  meta: { page: number; perPage: number; total: number; totalPages: number };
}> {
  const where: SQL | undefined =
    input.state === 'awaiting'
      ? and(
          eq(payouts.gateway, MANUAL_PAYOUT_GATEWAY),
          eq(payouts.status, 'pending'),
          isNull(payoutManualRecords.payoutId),
        )
      : and(eq(payouts.gateway, MANUAL_PAYOUT_GATEWAY), eq(payoutManualRecords.outcome, input.state));
  const [totals] = await db
    .select({ total: count() })
    .from(payouts)
    .leftJoin(payoutManualRecords, eq(payoutManualRecords.payoutId, payouts.id))
    .where(where);
  const rows = await selectManualPayouts(db, where, input.state === 'awaiting' ? 'oldest' : 'recorded', {
    limit: input.perPage,
    offset: (input.page - 1) * input.perPage,
  });
  const total = totals?.total ?? 0;
  return {
    data: rows,
    meta: { page: input.page, perPage: input.perPage, total, totalPages: Math.ceil(total / input.perPage) },
  };
}

/** One manual payout as the back office shows it; NOT_FOUND for any other payout. */
export async function getManualPayout(db: Tx, payoutId: string): Promise<ManualPayout> {
  const [row] = await selectManualPayouts(
    db,
    and(eq(payouts.id, payoutId), eq(payouts.gateway, MANUAL_PAYOUT_GATEWAY)),
    'oldest',
    { limit: 1, offset: 0 },
  );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function selectManualPayouts(
  db: Tx,
  where: SQL | undefined,
  order: 'oldest' | 'recorded',
  window: { limit: number; offset: number },
): Promise<ManualPayout[]> {
  const rows = await db
    .select({ payout: payouts, record: payoutManualRecords, provider: users, recorder })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .leftJoin(payoutManualRecords, eq(payoutManualRecords.payoutId, payouts.id))
    .leftJoin(recorder, eq(recorder.id, payoutManualRecords.recordedBy))
    .where(where)
    .orderBy(
      ...(order === 'oldest'
        ? [asc(payouts.createdAt), asc(payouts.id)]
        : [desc(payoutManualRecords.recordedAt), desc(payouts.id)]),
    )
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(({ payout, record, provider, recorder: by }) => {
    const destination = payout.destination;
    return {
      identifier: payout.id,
      reference: payout.reference,
      amount: payout.amountMinor,
      currencyCode: payout.currencyCode,
      status: payout.status,
      createdAt: payout.createdAt.toISOString(),
      provider: {
        identifier: provider.id,
        name: fullName(provider.firstName, provider.lastName, provider.email),
        email: provider.email,
      },
      bankAccount: {
        variant: text(destination.variant),
        accountName: text(destination.accountName),
        bankName: text(destination.bankName),
        bankCode: text(destination.bankCode),
        accountNumber: text(destination.accountNumber),
        address: text(destination.address),
        postalCode: text(destination.postalCode),
        accountType: text(destination.accountType),
        accountOwnership: text(destination.accountOwnership),
      },
      record:
        record && by
          ? {
              outcome: record.outcome as 'paid' | 'failed',
              bankReference: record.bankReference,
              note: record.note,
              recordedBy: { identifier: by.id, name: fullName(by.firstName, by.lastName, by.email) },
              recordedAt: record.recordedAt.toISOString(),
            }
          : null,
    };
  });
}

/**
 * The payout under its row lock, if it is a manual one still waiting. Not a manual payout
 * (a gateway's): NOT_FOUND, it is not the operator's to record; recorded already: 409.
 */
async function lockAwaiting(tx: Tx, payoutId: string): Promise<PayoutRow> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  if (!payout || payout.gateway !== MANUAL_PAYOUT_GATEWAY) throw new AppError('NOT_FOUND');
  const [record] = await tx
    .select({ payoutId: payoutManualRecords.payoutId })
    .from(payoutManualRecords)
    .where(eq(payoutManualRecords.payoutId, payoutId));
  if (record || payout.status !== 'pending') throw new AppError('PAYOUT_ALREADY_RECORDED');
  return payout;
}

/** POST /admin/payouts/:payoutId/paid: the operator made the transfer; who, when and the bank's reference are kept. */
export async function markManualPayoutPaid(
  deps: AppDeps,
  input: { actor: { userId: string }; payoutId: string; body: MarkPayoutPaidBody },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const payout = await lockAwaiting(tx, input.payoutId);
    await tx
      .update(payouts)
      .set({ status: 'success', settledAt: now, transferCode: input.body.bankReference, updatedAt: now })
      .where(eq(payouts.id, payout.id));
    await tx.insert(payoutManualRecords).values({
      payoutId: payout.id,
      outcome: 'paid',
      bankReference: input.body.bankReference,
      note: input.body.note || null,
      recordedBy: input.actor.userId,
      recordedAt: now,
    });
    await recordManualOutcome(deps, tx, { actor: input.actor, payout, outcome: 'paid', at: now });
  });
}

/**
 * POST /admin/payouts/:payoutId/failed: the transfer could not be made; the earnings return to
 * the provider exactly once (the reversal's ledger reference is unique), in the same transaction
 * as the record.
 */
export async function markManualPayoutFailed(
  deps: AppDeps,
  input: { actor: { userId: string }; payoutId: string; body: MarkPayoutFailedBody },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const payout = await lockAwaiting(tx, input.payoutId);
    const posted = await postTransaction(tx, {
      type: 'payout_reversal',
      reference: references.payoutReversalLedger(payout.reference),
      at: now,
      metadata: { payoutReference: payout.reference, reason: 'manual_failed', manual: true },
      lines: payoutReversalLines({
        userId: payout.userId,
        amountMinor: payout.amountMinor,
        currencyCode: payout.currencyCode,
        gateway: payout.gateway,
        reference: payout.reference,
      }),
    });
    await tx
      .update(payouts)
      .set({
        status: 'failed',
        reversalTransactionId: posted.transactionId,
        failureReason: input.body.note.slice(0, 500),
        updatedAt: now,
      })
      .where(eq(payouts.id, payout.id));
    await tx.insert(payoutManualRecords).values({
      payoutId: payout.id,
      outcome: 'failed',
      bankReference: null,
      note: input.body.note,
      recordedBy: input.actor.userId,
      recordedAt: now,
    });
    await recordManualOutcome(deps, tx, { actor: input.actor, payout, outcome: 'failed', at: now });
  });
}

/**
 * An operator's record of a manual payout is an operator decision: it goes to the audit trail
 * (ids and amounts, never the note or bank details) and the provider is told in the app, as a
 * gateway's outcome tells them.
 */
async function recordManualOutcome(
  deps: AppDeps,
  tx: Tx,
  input: { actor: { userId: string }; payout: PayoutRow; outcome: 'paid' | 'failed'; at: Date },
): Promise<void> {
  const { payout } = input;
  await recordAudit(tx, {
    actor: { userId: input.actor.userId, role: 'admin' },
    action: `payout.${input.outcome}`,
    targetType: 'payout',
    targetId: payout.id,
    detail: { reference: payout.reference, amountMinor: payout.amountMinor, currencyCode: payout.currencyCode },
    at: input.at,
  });
  await deps.events.notify(tx, {
    userId: payout.userId,
    kind: input.outcome === 'paid' ? 'payout.paid' : 'payout.failed',
    subjectId: payout.reference,
    data: { amountMinor: payout.amountMinor, currencyCode: payout.currencyCode },
    at: input.at,
  });
}
