import type { ManualPayoutPage, ManualPayoutState } from '@app/shared/schemas/manual-payouts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys, queryString } from './keys';

export interface ManualPayoutQuery {
  state: ManualPayoutState;
  page: number;
}

/** GET /admin/payouts/manual. */
export function listManualPayouts(query: ManualPayoutQuery): Promise<ManualPayoutPage> {
  return api<ManualPayoutPage>(`/admin/payouts/manual${queryString({ ...query })}`);
}

export const manualPayoutsQuery = (query: ManualPayoutQuery) =>
  queryOptions({
    queryKey: adminKeys.manualPayouts(query),
    queryFn: () => listManualPayouts(query),
    staleTime: 15_000,
  });

export function useManualPayouts(query: ManualPayoutQuery) {
  return useQuery({ ...manualPayoutsQuery(query), placeholderData: keepPreviousData });
}
