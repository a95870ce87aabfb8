import type { Language } from '@app/shared/constants';
import type { EarningsHistoryItem, EarningsSummary, PayoutStatus } from '@app/shared/schemas/wallet';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payouts } from '../../db/schema/index.ts';
import { independentReads } from '../../platform/prepared.ts';
import { type AccountHolder, loadAccountHolder } from './account-holder.ts';
import { commissionRateFor } from './commission.ts';
import { heldEarnings } from './held-earnings.ts';
import { accountKey } from './ledger-math.ts';
import { safeTimezone, statementPage, toTransactionItem } from './transaction-items.ts';

/** What the earnings read of their holder: the provider, their country's currency and time zone. */
type EarningsHolder = Pick<AccountHolder, 'id' | 'currency' | 'timezone'>;

/** The provider's earnings account in their country's currency. */
const earningsKey = (holder: EarningsHolder) =>
  accountKey({ kind: 'provider_earnings', currencyCode: holder.currency, userId: holder.id });

/**
 * What a provider can withdraw now (the balance minus earnings held for the dispute window or a
 * report) and has earned this calendar month in their time zone: the account's row and this
 * month's entries, however long their history.
 */
async function earningsNow(db: Tx, holder: EarningsHolder, now: Date) {
  const timezone = safeTimezone(holder.timezone);
  const key = earningsKey(holder);
  const monthStart = sql`date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE ${timezone}) AT TIME ZONE ${timezone}`;
  const monthAccount = () =>
    db
      .select({
        balance: ledgerAccounts.balanceMinor,
        // Named in full: a one-table select renders its columns unqualified, and "id" would be the entry's.
        monthEarned: sql<string>`(SELECT COALESCE(SUM(entry.amount_minor), 0) FROM ${ledgerEntries} AS entry
          WHERE entry.account_id = ${ledgerAccounts}.id AND entry.created_at >= ${monthStart}
            AND entry.transaction_type = 'earning')`,
      })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.key, key));
  // Earnings of sessions still within their dispute window (or under a report) are not withdrawable yet.
  const [[account], heldItems] = await independentReads(db, [
    monthAccount,
    () => heldEarnings(db, { providerId: holder.id, currencyCode: holder.currency, now }),
  ] as const);
  const held = heldItems.reduce((sum, item) => sum + item.netMinor, 0);
  return {
    available: Math.max(0, Number(account?.balance ?? 0) - held),
    held,
    heldItems,
    thisMonthEarned: Number(account?.monthEarned ?? 0),
  };
}

/**
 * The provider overview's glance at their earnings: currency, withdrawable now, earned this month.
 * The overview has read the provider already; it passes what the earnings need of them.
 */
export async function getEarningsGlance(
  db: Tx,
  input: { holder: EarningsHolder; now: Date },
): Promise<Pick<EarningsSummary, 'currency' | 'available' | 'thisMonthEarned'>> {
  const { holder } = input;
  const { available, thisMonthEarned } = await earningsNow(db, holder, input.now);
  return { currency: holder.currency, available, thisMonthEarned };
}

/**
 * GET /earnings: what a provider can withdraw, has earned and has been paid, in their country's
 * currency; the lifetime totals sum the account's whole history.
 */
export async function getEarningsSummary(db: Tx, input: { userId: string; now: Date }): Promise<EarningsSummary> {
  const holder = await loadAccountHolder(db, input.userId);
  const key = earningsKey(holder);
  const type = ledgerEntries.transactionType;
  const amount = ledgerEntries.amountMinor;
  const [totals] = await db
    .select({
      earned: sql<string>`COALESCE(SUM(${amount}) FILTER (WHERE ${type} = 'earning'), 0)`,
      commission: sql<string>`COALESCE(SUM((${ledgerTransactions.metadata}->>'commissionMinor')::bigint) FILTER (WHERE ${type} = 'earning'), 0)`,
      paidOut: sql<string>`COALESCE(SUM(${amount}) FILTER (WHERE ${type} IN ('payout', 'payout_reversal')), 0)`,
    })
    .from(ledgerAccounts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerAccounts.key, key));
  const [pending] = await db
    .select({ total: sql<string>`COALESCE(SUM(${payouts.amountMinor}), 0)` })
    .from(payouts)
    .where(
      and(eq(payouts.userId, holder.id), eq(payouts.currencyCode, holder.currency), eq(payouts.status, 'pending')),
    );
  const rateBps = await commissionRateFor(db, holder.id);
  const current = await earningsNow(db, holder, input.now);
  return {
    currency: holder.currency,
    available: current.available,
    held: current.held,
    heldItems: current.heldItems.map((item) => ({
      bookingIdentifier: item.bookingId,
      amount: item.netMinor,
      until: item.until?.toISOString() ?? null,
    })),
    totalEarned: Number(totals?.earned ?? 0),
    totalCommission: Number(totals?.commission ?? 0),
    totalWithdrawn: -Number(totals?.paidOut ?? 0),
    pendingPayouts: Number(pending?.total ?? 0),
    thisMonthEarned: current.thisMonthEarned,
    commissionRate: rateBps / 100,
  };
}

/** GET /earnings/history: earnings, payouts and returned payouts, newest first. */
export async function listEarningsHistory(
  db: Tx,
  input: { userId: string; language: Language; page: number; perPage: number },
): Promise<{
  data: EarningsHistoryItem[];
  meta: { page: number; perPage: number; total: number; totalPages: number };
}> {
  const holder = await loadAccountHolder(db, input.userId);
  const { rows, meta } = await statementPage(db, {
    userId: holder.id,
    kind: 'provider_earnings',
    timezone: holder.timezone,
    page: input.page,
    perPage: input.perPage,
  });
  const payoutReferences = rows
    .filter((row) => row.type === 'payout' && typeof row.metadata.payoutReference === 'string')
    .map((row) => row.metadata.payoutReference as string);
  const statuses = new Map<string, PayoutStatus>();
  if (payoutReferences.length > 0) {
    const found = await db
      .select({ reference: payouts.reference, status: payouts.status })
      .from(payouts)
      .where(and(inArray(payouts.reference, payoutReferences), eq(payouts.userId, holder.id)));
    for (const payout of found) statuses.set(payout.reference, payout.status);
  }
  const data = rows.map((row) => {
    const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
    return {
      ...toTransactionItem(row, input.language),
      payoutStatus: row.type === 'payout' ? (statuses.get(row.metadata.payoutReference as string) ?? null) : null,
      grossAmount: row.type === 'earning' ? numberOrNull(row.metadata.grossMinor) : null,
      commission: row.type === 'earning' ? numberOrNull(row.metadata.commissionMinor) : null,
    };
  });
  return { data, meta };
}
