import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payments,
  payoutBankAccounts,
  payouts,
  virtualAccounts,
} from '../../db/schema/index.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';

/**
 * Money's part of a data export: the person's wallet and earnings accounts with every entry (the
 * statement), card and bank-transfer payments, virtual accounts, payout details and payouts.
 */
export const moneyPersonalData: PersonalDataContributor = {
  section: 'money',
  async collect(tx: Tx, { userId }) {
    const accounts = await tx
      .select({
        id: ledgerAccounts.id,
        kind: ledgerAccounts.kind,
        currencyCode: ledgerAccounts.currencyCode,
        balanceMinor: ledgerAccounts.balanceMinor,
        createdAt: ledgerAccounts.createdAt,
      })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    const entries = accounts.length
      ? await tx
          .select({
            accountId: ledgerEntries.accountId,
            type: ledgerEntries.transactionType,
            reference: ledgerTransactions.reference,
            description: ledgerTransactions.description,
            amountMinor: ledgerEntries.amountMinor,
            balanceAfterMinor: ledgerEntries.balanceAfterMinor,
            at: ledgerEntries.createdAt,
          })
          .from(ledgerEntries)
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(
            inArray(
              ledgerEntries.accountId,
              accounts.map((account) => account.id),
            ),
          )
          .orderBy(asc(ledgerEntries.seq))
      : [];
    const cardAndTransferPayments = await tx
      .select({
        reference: payments.reference,
        purpose: payments.purpose,
        purposeId: payments.purposeId,
        channel: payments.channel,
        gateway: payments.gateway,
        amountMinor: payments.amountMinor,
        currencyCode: payments.currencyCode,
        status: payments.status,
        paidAt: payments.paidAt,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt));
    const virtual = await tx
      .select({
        currencyCode: virtualAccounts.currencyCode,
        bankName: virtualAccounts.bankName,
        accountNumber: virtualAccounts.accountNumber,
        accountName: virtualAccounts.accountName,
        createdAt: virtualAccounts.createdAt,
      })
      .from(virtualAccounts)
      .where(eq(virtualAccounts.userId, userId));
    const [payoutAccount] = await tx
      .select({
        accountName: payoutBankAccounts.accountName,
        bankName: payoutBankAccounts.bankName,
        bankCode: payoutBankAccounts.bankCode,
        accountNumber: payoutBankAccounts.accountNumber,
        address: payoutBankAccounts.address,
        postalCode: payoutBankAccounts.postalCode,
        accountType: payoutBankAccounts.accountType,
        accountOwnership: payoutBankAccounts.accountOwnership,
        dateOfBirth: payoutBankAccounts.dateOfBirth,
        updatedAt: payoutBankAccounts.updatedAt,
      })
      .from(payoutBankAccounts)
      .where(eq(payoutBankAccounts.userId, userId));
    const payoutRows = await tx
      .select({
        reference: payouts.reference,
        amountMinor: payouts.amountMinor,
        currencyCode: payouts.currencyCode,
        status: payouts.status,
        failureReason: payouts.failureReason,
        settledAt: payouts.settledAt,
        createdAt: payouts.createdAt,
      })
      .from(payouts)
      .where(eq(payouts.userId, userId))
      .orderBy(desc(payouts.createdAt));
    return {
      accounts: accounts.map(({ id, ...account }) => ({
        ...account,
        entries: entries.filter((entry) => entry.accountId === id).map(({ accountId: _id, ...entry }) => entry),
      })),
      payments: cardAndTransferPayments,
      virtualAccounts: virtual,
      payoutBankAccount: payoutAccount ?? null,
      payouts: payoutRows,
    };
  },
};

/**
 * Money's part of erasing an account. The ledger is kept whole (tax and anti-money-laundering
 * law; docs/privacy.md): its accounts point at the user row, which auth anonymises, so the
 * entries are pseudonymised rather than deleted. The person's name on a virtual bank account is
 * replaced; payout bank details (providers) are removed. Answers what was kept.
 */
export const moneyErasure: AccountDeletingHandler = async (tx, { userId }) => {
  await tx.update(virtualAccounts).set({ accountName: 'Deleted user' }).where(eq(virtualAccounts.userId, userId));
  await tx.delete(payoutBankAccounts).where(eq(payoutBankAccounts.userId, userId));
  const accounts = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const paid = await tx.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId));
  const entries = accounts.length
    ? await tx
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.accountId,
            accounts.map((account) => account.id),
          ),
        )
    : [];
  const count = entries.length + paid.length;
  return count ? [{ kind: 'ledger', count }] : [];
};
