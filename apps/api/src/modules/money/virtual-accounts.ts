import type { VirtualAccount } from '@app/shared/schemas/wallet';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments, virtualAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { GatewayError, gatewayForCurrency } from '../../platform/payments/gateway.ts';
import { requireVerifiedEmail } from '../auth/verified-email.ts';
import { loadAccountHolder } from './account-holder.ts';
import { postTransaction } from './ledger.ts';
import { topUpLines } from './postings.ts';
import { references } from './references.ts';

type VirtualAccountRow = typeof virtualAccounts.$inferSelect;

function toVirtualAccount(row: VirtualAccountRow): VirtualAccount {
  return { bankName: row.bankName, accountNumber: row.accountNumber, accountName: row.accountName };
}

async function findForUser(db: Tx, userId: string, currencyCode: string): Promise<VirtualAccountRow | null> {
  const [row] = await db
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.userId, userId), eq(virtualAccounts.currencyCode, currencyCode)));
  return row ?? null;
}

/**
 * POST /virtual-accounts/generate: the user's own bank account number for top-ups by transfer
 * (one per wallet currency). Needs first and last name; a second call answers the same account.
 */
export async function generateVirtualAccount(deps: AppDeps, input: { userId: string }): Promise<VirtualAccount> {
  await requireVerifiedEmail(deps.db, input.userId); // an account number in the person's name
  const holder = await loadAccountHolder(deps.db, input.userId);
  const firstName = holder.firstName?.trim();
  const lastName = holder.lastName?.trim();
  if (!firstName || !lastName) throw new AppError('VIRTUAL_ACCOUNT_NAME_REQUIRED');
  const existing = await findForUser(deps.db, holder.id, holder.currency);
  if (existing) return toVirtualAccount(existing);

  const gateway = gatewayForCurrency(deps, holder.currency);
  for (let attempt = 0; attempt < 3; attempt++) {
    let issued: Awaited<ReturnType<typeof gateway.createVirtualAccount>>;
    try {
      issued = await gateway.createVirtualAccount({
        userId: holder.id,
        email: holder.email,
        firstName,
        lastName,
        phoneNumber: holder.phoneNumber,
        currencyCode: holder.currency,
      });
    } catch (error) {
      if (error instanceof GatewayError) throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
      throw error;
    }
    try {
      await deps.db
        .insert(virtualAccounts)
        .values({
          userId: holder.id,
          currencyCode: holder.currency,
          gateway: gateway.name,
          bankName: issued.bankName,
          accountNumber: issued.accountNumber,
          accountName: issued.accountName,
          gatewayCustomerCode: issued.customerCode,
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing({ target: [virtualAccounts.userId, virtualAccounts.currencyCode] });
    } catch (error) {
      // The (sandbox) number is taken by someone else: ask for another one.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    const saved = await findForUser(deps.db, holder.id, holder.currency);
    if (saved) return toVirtualAccount(saved);
  }
  throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
}

/** GET /virtual-accounts/account: 404 VIRTUAL_ACCOUNT_NOT_FOUND until one is generated. */
export async function getVirtualAccount(db: Tx, input: { userId: string }): Promise<VirtualAccount> {
  const holder = await loadAccountHolder(db, input.userId);
  const row = await findForUser(db, holder.id, holder.currency);
  if (!row) throw new AppError('VIRTUAL_ACCOUNT_NOT_FOUND');
  return toVirtualAccount(row);
}

export async function findVirtualAccount(
  db: Tx,
  by: { gateway: string; accountNumber?: string | null; customerCode?: string | null },
): Promise<VirtualAccountRow | null> {
  if (by.customerCode) {
    const [row] = await db
      .select()
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.gateway, by.gateway), eq(virtualAccounts.gatewayCustomerCode, by.customerCode)));
    if (row) return row;
  }
  if (by.accountNumber) {
    const [row] = await db
      .select()
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.gateway, by.gateway), eq(virtualAccounts.accountNumber, by.accountNumber)));
    if (row) return row;
  }
  return null;
}

export interface IncomingTransfer {
  account: VirtualAccountRow;
  /** The gateway's own reference of the transfer: the idempotency key. */
  gatewayReference: string;
  amountMinor: number;
  currencyCode: string;
  paidAt: Date | null;
}

/**
 * A bank transfer into a virtual account, already confirmed by the gateway: credits the
 * owner's wallet once per gateway reference. Its receipt is issued a moment later and emailed to
 * the owner with the PDF, in their language (documents/receipt-emails.ts).
 */
export async function applyIncomingTransfer(
  deps: AppDeps,
  transfer: IncomingTransfer,
): Promise<{ credited: boolean; paymentReference: string }> {
  const { account } = transfer;
  const paymentReference = references.incomingTransfer(account.gateway, transfer.gatewayReference);
  if (transfer.currencyCode !== account.currencyCode || transfer.amountMinor <= 0) {
    deps.log.warn({ paymentReference }, 'transfer does not fit its virtual account; not credited');
    return { credited: false, paymentReference };
  }
  const now = deps.clock.now();
  const credited = await deps.db.transaction(async (tx) => {
    const posted = await postTransaction(tx, {
      type: 'top_up',
      reference: references.incomingTransferLedger(paymentReference),
      at: now,
      lines: topUpLines({
        userId: account.userId,
        amountMinor: transfer.amountMinor,
        currencyCode: account.currencyCode,
        gateway: account.gateway,
        reference: paymentReference,
      }),
      metadata: { channel: 'bank_transfer', paymentReference, accountNumber: account.accountNumber },
    });
    if (!posted.applied) return false;
    await tx.insert(payments).values({
      reference: paymentReference,
      userId: account.userId,
      purpose: 'top_up',
      channel: 'bank_transfer',
      gateway: account.gateway,
      amountMinor: transfer.amountMinor,
      currencyCode: account.currencyCode,
      status: 'success',
      creditedTo: 'wallet',
      ledgerTransactionId: posted.transactionId,
      paidAt: transfer.paidAt ?? now,
      createdAt: now,
      updatedAt: now,
    });
    await deps.events.notify(tx, {
      userId: account.userId,
      kind: 'payment.transferReceived',
      data: { amountMinor: transfer.amountMinor, currencyCode: account.currencyCode },
      at: now,
    });
    return true;
  });
  return { credited, paymentReference };
}
