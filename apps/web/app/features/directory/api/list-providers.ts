import type { DirectoryProvider } from '@app/shared/schemas/bookings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { directoryKeys } from '#app/api/keys/directory';

export interface DirectoryPage {
  data: DirectoryProvider[];
  meta: { page: number; perPage: number; total: number; totalPages: number };
}

export const DIRECTORY_PAGE_SIZE = 12;

/** GET /providers?countryCode&page (public): approved therapists with fee and next free slot. */
export function listProviders(countryCode: string | null, page: number): Promise<DirectoryPage> {
  const query = new URLSearchParams({ page: String(page), perPage: String(DIRECTORY_PAGE_SIZE) });
  if (countryCode) query.set('countryCode', countryCode);
  return api<DirectoryPage>(`/providers?${query}`, { anonymous: true });
}

export const providerListQuery = (countryCode: string | null, page: number) =>
  queryOptions({
    queryKey: directoryKeys.list(countryCode, page),
    queryFn: () => listProviders(countryCode, page),
    staleTime: 60_000,
    retry: 1,
    placeholderData: keepPreviousData,
  });

export function useProviderList(countryCode: string | null, page: number) {
  return useQuery(providerListQuery(countryCode, page));
}
