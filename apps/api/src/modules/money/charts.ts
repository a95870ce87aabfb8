import { CHART_MONTHS, type EarningsCharts, type WalletCharts } from '@app/shared/schemas/charts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rawRows } from '../../platform/prepared.ts';

/**
 * The money series the charts read, each one grouped statement over an index: the platform's
 * commission and failed top-ups per UTC day (back office), a provider's earnings and a client's
 * wallet per UTC month (their own pages). Days and months come back as text, currencies apart.
 */

export interface Period {
  from: Date;
  /** Exclusive. */
  to: Date;
}

const day = (column: ReturnType<typeof sql>) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
const month = (column: ReturnType<typeof sql>) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`;

/** Commission credited to the platform (net of reversals), per day and currency. */
export function commissionPerDay(db: Tx, period: Period) {
  return rawRows<{ date: string; currencyCode: string; amountMinor: number }>(
    db,
    sql`SELECT ${day(sql`e.created_at`)} AS date, a.currency_code AS "currencyCode", sum(e.amount_minor)::float8 AS "amountMinor"
        FROM ledger_accounts a
        JOIN ledger_entries e ON e.account_id = a.id
          AND e.created_at >= ${period.from.toISOString()}::timestamptz AND e.created_at < ${period.to.toISOString()}::timestamptz
        WHERE a.user_id IS NULL AND a.kind = 'platform_commission'
        GROUP BY 1, 2`,
  );
}

/** Card top-ups that failed (declined, or the gateway could not start them), per day. */
export function failedTopUpsPerDay(db: Tx, period: Period) {
  return rawRows<{ date: string; count: number }>(
    db,
    sql`SELECT ${day(sql`created_at`)} AS date, count(*)::int AS count FROM payments
        WHERE status = 'failed' AND purpose = 'top_up'
          AND created_at >= ${period.from.toISOString()}::timestamptz AND created_at < ${period.to.toISOString()}::timestamptz
        GROUP BY 1`,
  );
}

/** A provider's earnings credited per month and currency, and how many sessions they were for. */
export function earningsPerMonth(db: Tx, input: { providerId: string; from: Date }) {
  return rawRows<{ month: string; currencyCode: string; earnedMinor: number; sessions: number }>(
    db,
    sql`SELECT ${month(sql`e.created_at`)} AS month, a.currency_code AS "currencyCode",
          sum(e.amount_minor)::float8 AS "earnedMinor", count(DISTINCT e.transaction_id)::int AS sessions
        FROM ledger_accounts a
        JOIN ledger_entries e ON e.account_id = a.id AND e.created_at >= ${input.from.toISOString()}::timestamptz
        WHERE a.user_id = ${input.providerId} AND a.kind = 'provider_earnings' AND e.transaction_type = 'earning'
        GROUP BY 1, 2`,
  );
}

/** A client's wallet per month and currency: paid for sessions net of refunds, and topped up. */
export function walletPerMonth(db: Tx, input: { clientId: string; from: Date }) {
  return rawRows<{ month: string; currencyCode: string; spentMinor: number; toppedUpMinor: number }>(
    db,
    sql`SELECT ${month(sql`e.created_at`)} AS month, a.currency_code AS "currencyCode",
          coalesce(-sum(e.amount_minor) FILTER (WHERE e.transaction_type IN ('booking_payment', 'refund')), 0)::float8 AS "spentMinor",
          coalesce(sum(e.amount_minor) FILTER (WHERE e.transaction_type = 'top_up'), 0)::float8 AS "toppedUpMinor"
        FROM ledger_accounts a
        JOIN ledger_entries e ON e.account_id = a.id AND e.created_at >= ${input.from.toISOString()}::timestamptz
        WHERE a.user_id = ${input.clientId} AND a.kind = 'client_wallet'
        GROUP BY 1, 2`,
  );
}

/** The last CHART_MONTHS calendar months (UTC), oldest first, and the first instant of the oldest. */
export function chartMonths(now: Date): { months: string[]; from: Date } {
  const months: string[] = [];
  for (let back = CHART_MONTHS - 1; back >= 0; back -= 1) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(first.toISOString().slice(0, 7));
  }
  return { months, from: new Date(`${months[0]}-01T00:00:00Z`) };
}

/** Rows per (month, currency) as one series per currency over every month, zero months included. */
function byCurrency<Row extends { month: string; currencyCode: string }, Point>(
  rows: Row[],
  months: string[],
  point: (month: string, row: Row | undefined) => Point,
): { currencyCode: string; monthly: Point[] }[] {
  const currencies = [...new Set(rows.map((row) => row.currencyCode))].sort();
  return currencies.map((currencyCode) => ({
    currencyCode,
    monthly: months.map((month) =>
      point(
        month,
        rows.find((row) => row.currencyCode === currencyCode && row.month === month),
      ),
    ),
  }));
}

/** GET /earnings/charts: the signed-in provider's own months. */
export async function getEarningsCharts(db: Tx, input: { userId: string; now: Date }): Promise<EarningsCharts> {
  const { months, from } = chartMonths(input.now);
  const rows = await earningsPerMonth(db, { providerId: input.userId, from });
  return {
    months,
    currencies: byCurrency(rows, months, (month, row) => ({
      month,
      earnedMinor: row?.earnedMinor ?? 0,
      sessions: row?.sessions ?? 0,
    })),
  };
}

/** GET /wallet/charts: the signed-in person's own wallet months. */
export async function getWalletCharts(db: Tx, input: { userId: string; now: Date }): Promise<WalletCharts> {
  const { months, from } = chartMonths(input.now);
  const rows = await walletPerMonth(db, { clientId: input.userId, from });
  return {
    months,
    currencies: byCurrency(rows, months, (month, row) => ({
      month,
      spentMinor: row?.spentMinor ?? 0,
      toppedUpMinor: row?.toppedUpMinor ?? 0,
    })),
  };
}
