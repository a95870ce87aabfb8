import type { AdminChartPeriod, AdminCharts } from '@app/shared/schemas/charts';
import { sql } from 'drizzle-orm';
import { assertAdmin } from '../../platform/admin-actor.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { rawRows } from '../../platform/prepared.ts';
import { commissionPerDay, failedTopUpsPerDay } from '../money/charts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /admin/charts?days=30|90: the back office's home. Each series is one grouped statement over
 * an index (bookings_created_idx, users_role_created_idx, payments_failed_created_idx, the
 * ledger's account index, session_outcomes_decided_idx); days are UTC days ending today.
 */
export async function getAdminCharts(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; days: AdminChartPeriod },
): Promise<AdminCharts> {
  assertAdmin(input.actor);
  const now = deps.clock.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const period = { from: new Date(today - (input.days - 1) * DAY_MS), to: new Date(today + DAY_MS) };
  const dates = Array.from({ length: input.days }, (_, index) =>
    new Date(period.from.getTime() + index * DAY_MS).toISOString().slice(0, 10),
  );
  const range = sql`>= ${period.from.toISOString()}::timestamptz AND created_at < ${period.to.toISOString()}::timestamptz`;
  const day = sql`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

  const [bookings, people, failures, commission, outcomes] = await Promise.all([
    rawRows<{ date: string; count: number }>(
      deps.db,
      sql`SELECT ${day} AS date, count(*)::int AS count FROM bookings
          WHERE created_at ${range} AND starts_at IS NOT NULL GROUP BY 1`,
    ),
    rawRows<{ date: string; role: string; count: number }>(
      deps.db,
      sql`SELECT ${day} AS date, role, count(*)::int AS count FROM users
          WHERE role IN ('provider', 'client') AND created_at ${range} GROUP BY 1, 2`,
    ),
    failedTopUpsPerDay(deps.db, period),
    commissionPerDay(deps.db, period),
    rawRows<{ outcome: string; count: number }>(
      deps.db,
      sql`SELECT outcome, count(*)::int AS count FROM session_outcomes
          WHERE decided_at >= ${period.from.toISOString()}::timestamptz AND decided_at < ${period.to.toISOString()}::timestamptz
          GROUP BY 1`,
    ),
  ]);

  const countOn = (rows: { date: string; count: number }[], date: string) =>
    rows.find((row) => row.date === date)?.count ?? 0;
  const peopleOn = (role: string) => people.filter((row) => row.role === role);
  const currencies = [...new Set(commission.map((row) => row.currencyCode))].sort();
  const outcomeCount = (outcome: string) => outcomes.find((row) => row.outcome === outcome)?.count ?? 0;
  const sessions = outcomes.reduce((sum, row) => sum + row.count, 0);
  const clientNoShows = outcomeCount('client_no_show');
  const providerNoShows = outcomeCount('provider_no_show');

  return {
    days: input.days,
    from: dates[0] as string,
    to: dates.at(-1) as string,
    daily: dates.map((date) => ({
      date,
      bookings: countOn(bookings, date),
      newProviders: countOn(peopleOn('provider'), date),
      newClients: countOn(peopleOn('client'), date),
      topUpFailures: countOn(failures, date),
    })),
    revenue: currencies.map((currencyCode) => {
      const daily = dates.map((date) => ({
        date,
        amountMinor: commission.find((row) => row.currencyCode === currencyCode && row.date === date)?.amountMinor ?? 0,
      }));
      return { currencyCode, totalMinor: daily.reduce((sum, point) => sum + point.amountMinor, 0), daily };
    }),
    noShows: {
      sessions,
      clientNoShows,
      providerNoShows,
      rate: sessions ? (clientNoShows + providerNoShows) / sessions : null,
    },
  };
}
