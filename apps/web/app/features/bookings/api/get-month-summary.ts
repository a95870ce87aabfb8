import type { MonthSummary } from '@app/shared/schemas/availability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys, categoryQuery } from '#app/api/keys/availability';

export interface PublicMonthParams {
  providerId: string;
  month: string;
  category: string | null;
  timezone: string;
}

/**
 * GET /providers-availability/{providerId}/month/{YYYY-MM}?category&timezone (public): the days of
 * the month, in the viewer's zone, that have free slots, and the bookable window.
 */
export function getMonthSummary({ providerId, month, category, timezone }: PublicMonthParams): Promise<MonthSummary> {
  return api<MonthSummary>(
    `/providers-availability/${encodeURIComponent(providerId)}/month/${month}${categoryQuery(category, { timezone })}`,
    { anonymous: true },
  );
}

export const monthSummaryQuery = (params: PublicMonthParams) =>
  queryOptions({
    queryKey: availabilityKeys.publicMonth(params.providerId, params.month, params.category, params.timezone),
    queryFn: () => getMonthSummary(params),
    staleTime: 30_000,
  });

export function useMonthSummary(params: PublicMonthParams | null) {
  return useQuery({
    ...monthSummaryQuery(params ?? { providerId: '', month: '', category: null, timezone: '' }),
    enabled: params !== null,
  });
}
