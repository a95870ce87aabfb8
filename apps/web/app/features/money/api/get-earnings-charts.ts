import type { EarningsCharts } from '@app/shared/schemas/charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { earningsKeys } from './earnings-keys';

/** GET /earnings/charts: the provider's earnings and sessions per month and currency. */
export function getEarningsCharts(): Promise<EarningsCharts> {
  return api<EarningsCharts>('/earnings/charts');
}

export const earningsChartsQuery = queryOptions({ queryKey: earningsKeys.charts, queryFn: getEarningsCharts });

export function useEarningsCharts() {
  return useQuery(earningsChartsQuery);
}
