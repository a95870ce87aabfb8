import { z } from '../zod.ts';

/**
 * The series behind the charts: the back office's home (last 30 or 90 days, per UTC day), a
 * provider's earnings and a client's wallet (per calendar month, UTC). Amounts in minor units
 * beside their currency; a currency is never added to another.
 */

/** The periods the back office offers, in days. */
export const ADMIN_CHART_PERIODS = [30, 90] as const;
export type AdminChartPeriod = (typeof ADMIN_CHART_PERIODS)[number];

/** Months a provider's earnings and a client's spending go back, this one included. */
export const CHART_MONTHS = 12;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Month = z.string().regex(/^\d{4}-\d{2}$/);

export const AdminChartsQuerySchema = z.object({
  days: z
    .enum(['30', '90'])
    .default('30')
    .transform((days) => Number(days) as AdminChartPeriod),
});
export type AdminChartsQuery = z.input<typeof AdminChartsQuerySchema>;

export const AdminChartsSchema = z.object({
  days: z.number().int(),
  /** First and last day of the period, both included (UTC). */
  from: Day,
  to: Day,
  /** One row per day of the period, zero days included. */
  daily: z.array(
    z.object({
      date: Day,
      /** Bookings made that day with a time chosen (drafts never scheduled are not counted). */
      bookings: z.number().int(),
      newProviders: z.number().int(),
      newClients: z.number().int(),
      /** Card top-ups the gateway declined or that failed to start. */
      topUpFailures: z.number().int(),
    }),
  ),
  /** The platform's commission, net of reversals, per currency and day (days without any are zero). */
  revenue: z.array(
    z.object({
      currencyCode: z.string(),
      totalMinor: z.number().int(),
      daily: z.array(z.object({ date: Day, amountMinor: z.number().int() })),
    }),
  ),
  /** Sessions decided in the period and how many a party missed; rate is null without sessions. */
  noShows: z.object({
    sessions: z.number().int(),
    clientNoShows: z.number().int(),
    providerNoShows: z.number().int(),
    rate: z.number().nullable(),
  }),
});
export type AdminCharts = z.infer<typeof AdminChartsSchema>;

/** GET /earnings/charts: the provider's own earnings credited and sessions held, per month and currency. */
export const EarningsChartsSchema = z.object({
  months: z.array(Month),
  currencies: z.array(
    z.object({
      currencyCode: z.string(),
      monthly: z.array(z.object({ month: Month, earnedMinor: z.number().int(), sessions: z.number().int() })),
    }),
  ),
});
export type EarningsCharts = z.infer<typeof EarningsChartsSchema>;

/** GET /wallet/charts: the client's own spending on sessions (net of refunds) and top-ups, per month and currency. */
export const WalletChartsSchema = z.object({
  months: z.array(Month),
  currencies: z.array(
    z.object({
      currencyCode: z.string(),
      monthly: z.array(z.object({ month: Month, spentMinor: z.number().int(), toppedUpMinor: z.number().int() })),
    }),
  ),
});
export type WalletCharts = z.infer<typeof WalletChartsSchema>;
