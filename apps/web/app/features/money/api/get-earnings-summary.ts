import type { EarningsSummary } from '@app/shared/schemas/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { earningsKeys } from './earnings-keys';

/** GET /earnings: what can be paid out now, totals, commission rate (minor units). */
export function getEarningsSummary(): Promise<EarningsSummary> {
  return api<EarningsSummary>('/earnings');
}

export const earningsSummaryQuery = queryOptions({ queryKey: earningsKeys.summary, queryFn: getEarningsSummary });

export function useEarningsSummary() {
  return useQuery(earningsSummaryQuery);
}
