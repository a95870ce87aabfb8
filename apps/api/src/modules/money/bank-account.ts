import {
  type BankAccount,
  type BankAccountBody,
  bankAccountSchemaFor,
  bankAccountVariant,
} from '@app/shared/schemas/wallet';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payoutBankAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { loadAccountHolder } from './account-holder.ts';

type BankRow = typeof payoutBankAccounts.$inferSelect;

function toBankAccount(row: BankRow): BankAccount {
  return {
    accountName: row.accountName,
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    address: row.address,
    postalCode: row.postalCode,
    accountType: row.accountType as BankAccount['accountType'],
    accountOwnership: row.accountOwnership as BankAccount['accountOwnership'],
    dateOfBirth: row.dateOfBirth,
    variant: row.variant as BankAccount['variant'],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /earnings/bank-account: the provider's payout account; 404 before one is saved. */
export async function getBankAccount(db: Tx, input: { userId: string }): Promise<BankAccount> {
  const [row] = await db.select().from(payoutBankAccounts).where(eq(payoutBankAccounts.userId, input.userId));
  if (!row) throw new AppError('NOT_FOUND');
  return toBankAccount(row);
}

/**
 * PUT /earnings/bank-account: validated by the rules of the provider's country (SPEC.md §5
 * "Bank (general)", the GB and the US variants). Changing details forgets the gateway recipient.
 */
export async function saveBankAccount(
  deps: AppDeps,
  input: { userId: string; body: BankAccountBody },
): Promise<BankAccount> {
  const holder = await loadAccountHolder(deps.db, input.userId);
  const variant = bankAccountVariant(holder.countryCode);
  const parsed = bankAccountSchemaFor(holder.countryCode).safeParse(input.body);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '_');
      fieldErrors[field] ??= [];
      if (!fieldErrors[field].includes(issue.message)) fieldErrors[field].push(issue.message);
    }
    throw new AppError('VALIDATION_FAILED', {}, fieldErrors);
  }
  const data = parsed.data as Partial<Record<keyof BankAccountBody, string>>;
  const now = deps.clock.now();
  if (data.dateOfBirth && data.dateOfBirth >= now.toISOString().slice(0, 10)) {
    throw new AppError('VALIDATION_FAILED', {}, { dateOfBirth: ['wallet.bank.dateOfBirth'] });
  }
  const values = {
    variant,
    accountName: data.accountName as string,
    bankCode: data.bankCode as string,
    bankName: data.bankName as string,
    accountNumber: data.accountNumber as string,
    address: data.address ?? null,
    postalCode: data.postalCode ?? null,
    accountType: data.accountType ?? null,
    accountOwnership: data.accountOwnership ?? null,
    dateOfBirth: data.dateOfBirth ?? null,
    recipientGateway: null,
    recipientCode: null,
    updatedAt: now,
  };
  const [row] = await deps.db
    .insert(payoutBankAccounts)
    .values({ userId: holder.id, ...values, createdAt: now })
    .onConflictDoUpdate({ target: payoutBankAccounts.userId, set: values })
    .returning();
  return toBankAccount(row as BankRow);
}
