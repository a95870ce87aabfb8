import type { ProviderMonth } from '@app/shared/schemas/availability';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys, categoryQuery } from '#app/api/keys/availability';

/** GET /provider-availability/timeslot/{YYYY-MM}?category: every date of the month with free, held and booked slots. */
export function getProviderMonth(month: string, category: string | null): Promise<ProviderMonth> {
  return api<ProviderMonth>(`/provider-availability/timeslot/${month}${categoryQuery(category)}`);
}

export const providerMonthQuery = (month: string, category: string | null) =>
  queryOptions({
    queryKey: availabilityKeys.providerMonth(month, category),
    queryFn: () => getProviderMonth(month, category),
    staleTime: 30_000,
  });

export function useProviderMonth(month: string, category: string | null, enabled = true) {
  return useQuery({ ...providerMonthQuery(month, category), enabled, placeholderData: keepPreviousData });
}
