import type { Language } from '@app/shared/constants';
import type { TransactionType, WalletTransaction } from '@app/shared/schemas/wallet';
import { isValidTimeZone } from '@app/shared/time-zones';
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';
import { translate } from '../../platform/i18n.ts';
import type { AccountKind } from './ledger-math.ts';

/** "Card top-up", "Bank transfer top-up", "Session payment" ... in the reader's language. */
export function transactionTitle(language: Language, type: TransactionType, metadata: Record<string, unknown>): string {
  let key: string = type;
  if (type === 'top_up') {
    if (metadata.fallback) key = 'top_up_booking_fallback';
    else if (metadata.channel === 'card') key = 'top_up_card';
    else if (metadata.channel === 'bank_transfer') key = 'top_up_bank_transfer';
  }
  return translate(language, `wallet.titles.${key}`);
}

/** The columns every statement line needs: one entry, its transaction and its account. */
export const entryColumns = {
  transactionId: ledgerEntries.transactionId,
  type: ledgerEntries.transactionType,
  amountMinor: ledgerEntries.amountMinor,
  balanceAfterMinor: ledgerEntries.balanceAfterMinor,
  createdAt: ledgerEntries.createdAt,
  reference: ledgerTransactions.reference,
  description: ledgerTransactions.description,
  metadata: ledgerTransactions.metadata,
  currencyCode: ledgerAccounts.currencyCode,
};

export interface EntryRow {
  transactionId: string;
  type: TransactionType;
  amountMinor: number;
  balanceAfterMinor: number;
  createdAt: Date;
  reference: string;
  description: string | null;
  metadata: Record<string, unknown>;
  currencyCode: string;
}

export function toTransactionItem(row: EntryRow, language: Language): WalletTransaction {
  return {
    identifier: row.transactionId,
    type: row.type,
    direction: row.amountMinor > 0 ? 'credit' : 'debit',
    amount: Math.abs(row.amountMinor),
    currencyCode: row.currencyCode,
    balanceAfter: row.balanceAfterMinor,
    title: transactionTitle(language, row.type, row.metadata),
    description: row.description,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A valid IANA zone for SQL `AT TIME ZONE` (a bad stored value must not become a 500). */
export function safeTimezone(timezone: string): string {
  return isValidTimeZone(timezone) ? timezone : 'UTC';
}

export interface StatementQuery {
  userId: string;
  kind: AccountKind;
  timezone: string;
  page: number;
  perPage: number;
  fromDate?: string;
  toDate?: string;
  types?: TransactionType[];
}

/**
 * A page of a user's statement over every account of `kind` they hold (one per currency),
 * newest first (insertion order). Served by ledger_entries (account_id[, transaction_type], seq
 * DESC); day ranges by (account_id, created_at). Dates are whole days in the user's time zone.
 */
export async function statementPage(db: Tx, query: StatementQuery) {
  const accounts = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, query.userId), eq(ledgerAccounts.kind, query.kind)));
  const meta = (total: number) => ({
    page: query.page,
    perPage: query.perPage,
    total,
    totalPages: Math.ceil(total / query.perPage),
  });
  if (accounts.length === 0) return { rows: [] as EntryRow[], meta: meta(0) };

  const timezone = safeTimezone(query.timezone);
  const conditions: SQL[] = [
    inArray(
      ledgerEntries.accountId,
      accounts.map((account) => account.id),
    ),
  ];
  if (query.types?.length) conditions.push(inArray(ledgerEntries.transactionType, query.types));
  if (query.fromDate) {
    conditions.push(gte(ledgerEntries.createdAt, sql`(${query.fromDate}::date)::timestamp AT TIME ZONE ${timezone}`));
  }
  if (query.toDate) {
    conditions.push(
      lt(ledgerEntries.createdAt, sql`((${query.toDate}::date) + 1)::timestamp AT TIME ZONE ${timezone}`),
    );
  }
  const where = and(...conditions);

  const [totals] = await db.select({ total: count() }).from(ledgerEntries).where(where);
  const rows = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(where)
    .orderBy(desc(ledgerEntries.seq))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { rows: rows as EntryRow[], meta: meta(totals?.total ?? 0) };
}
