import type { EarningsHistoryItem } from '@app/shared/schemas/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { earningsKeys } from './earnings-keys';

export interface EarningsHistoryPage {
  data: EarningsHistoryItem[];
  meta: { page: number; perPage: number; total: number; totalPages: number };
}

/** GET /earnings/history?page&perPage: earnings and payouts, newest first. */
export function listEarningsHistory(page: number, perPage: number): Promise<EarningsHistoryPage> {
  return api<EarningsHistoryPage>(`/earnings/history?page=${page}&perPage=${perPage}`);
}

export function earningsHistoryQuery(page: number, perPage: number, language: string) {
  return queryOptions({
    // Titles are localized by the server.
    queryKey: earningsKeys.history(page, perPage, language),
    queryFn: () => listEarningsHistory(page, perPage),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useEarningsHistory(page: number, perPage: number, language: string) {
  return useQuery(earningsHistoryQuery(page, perPage, language));
}
