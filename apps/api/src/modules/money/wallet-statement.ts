import type { Language } from '@app/shared/constants';
import type {
  TransactionType,
  WalletBalance,
  WalletStats,
  WalletTransaction,
  WalletTransactionDetail,
} from '@app/shared/schemas/wallet';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payments } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { loadAccountHolder } from './account-holder.ts';
import { accountKey } from './ledger-math.ts';
import { type EntryRow, entryColumns, safeTimezone, statementPage, toTransactionItem } from './transaction-items.ts';

/**
 * GET /wallet/balance: the wallet in the currency of the user's country (0 before the first
 * top-up), and beside it every other currency the wallet holds money in.
 */
export async function getWalletBalance(db: Tx, input: { userId: string }): Promise<WalletBalance> {
  const holder = await loadAccountHolder(db, input.userId);
  const accounts = await db
    .select({ currency: ledgerAccounts.currencyCode, balance: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, holder.id), eq(ledgerAccounts.kind, 'client_wallet')))
    .orderBy(ledgerAccounts.currencyCode);
  const home = accounts.find((account) => account.currency === holder.currency);
  const others = accounts.filter((account) => account.currency !== holder.currency && account.balance > 0);
  return { balance: home?.balance ?? 0, currency: holder.currency, others };
}

const sumWhere = (condition: ReturnType<typeof sql>) =>
  sql<string>`COALESCE(SUM(${ledgerEntries.amountMinor}) FILTER (WHERE ${condition}), 0)`;

/** GET /wallet/stats: money in and out, ever and this calendar month (in the user's time zone). */
export async function getWalletStats(db: Tx, input: { userId: string; now: Date }): Promise<WalletStats> {
  const holder = await loadAccountHolder(db, input.userId);
  const timezone = safeTimezone(holder.timezone);
  const monthStart = sql`date_trunc('month', ${input.now.toISOString()}::timestamptz AT TIME ZONE ${timezone}) AT TIME ZONE ${timezone}`;
  const amount = ledgerEntries.amountMinor;
  const [row] = await db
    .select({
      totalIn: sumWhere(sql`${amount} > 0`),
      totalOut: sumWhere(sql`${amount} < 0`),
      monthIn: sumWhere(sql`${amount} > 0 AND ${ledgerEntries.createdAt} >= ${monthStart}`),
      monthOut: sumWhere(sql`${amount} < 0 AND ${ledgerEntries.createdAt} >= ${monthStart}`),
      count: sql<string>`COUNT(*)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      eq(ledgerAccounts.key, accountKey({ kind: 'client_wallet', currencyCode: holder.currency, userId: holder.id })),
    );
  return {
    currency: holder.currency,
    totalIn: Number(row?.totalIn ?? 0),
    totalOut: -Number(row?.totalOut ?? 0),
    thisMonthIn: Number(row?.monthIn ?? 0),
    thisMonthOut: -Number(row?.monthOut ?? 0),
    transactionCount: Number(row?.count ?? 0),
  };
}

/** GET /wallet/transactions: the wallet statement, newest first, filtered by day range and type. */
export async function listWalletTransactions(
  db: Tx,
  input: {
    userId: string;
    language: Language;
    page: number;
    perPage: number;
    fromDate?: string;
    toDate?: string;
    transactionType?: TransactionType;
  },
): Promise<{ data: WalletTransaction[]; meta: { page: number; perPage: number; total: number; totalPages: number } }> {
  const holder = await loadAccountHolder(db, input.userId);
  const { rows, meta } = await statementPage(db, {
    userId: holder.id,
    kind: 'client_wallet',
    timezone: holder.timezone,
    page: input.page,
    perPage: input.perPage,
    fromDate: input.fromDate,
    toDate: input.toDate,
    types: input.transactionType ? [input.transactionType] : undefined,
  });
  return { data: rows.map((row) => toTransactionItem(row, input.language)), meta };
}

/** GET /wallet/transactions/:id: one line of the caller's own wallet; anything else is 404. */
export async function getWalletTransaction(
  db: Tx,
  input: { userId: string; transactionId: string; language: Language },
): Promise<WalletTransactionDetail> {
  const [row] = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerEntries.transactionId, input.transactionId),
        eq(ledgerAccounts.userId, input.userId),
        eq(ledgerAccounts.kind, 'client_wallet'),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND');
  const entry = row as EntryRow;
  const paymentReference = entry.metadata.paymentReference;
  const [payment] =
    typeof paymentReference === 'string'
      ? await db
          .select({ reference: payments.reference, channel: payments.channel, status: payments.status })
          .from(payments)
          .where(and(eq(payments.reference, paymentReference), eq(payments.userId, input.userId)))
      : [];
  return { ...toTransactionItem(entry, input.language), payment: payment ?? null };
}
