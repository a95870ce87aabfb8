import type { AdminProviderPage } from '@app/shared/schemas/admin';
import type { VerificationStatusValue } from '@app/shared/schemas/credentials';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys, queryString } from './keys';

export interface ProviderQueueQuery {
  status: VerificationStatusValue;
  searchQuery?: string;
  page: number;
}

/** GET /admin/providers: the review queue. */
export function listProviders(query: ProviderQueueQuery): Promise<AdminProviderPage> {
  return api<AdminProviderPage>(`/admin/providers${queryString({ ...query })}`);
}

export const providersQuery = (query: ProviderQueueQuery) =>
  queryOptions({ queryKey: adminKeys.providers(query), queryFn: () => listProviders(query), staleTime: 15_000 });

export function useProviderQueue(query: ProviderQueueQuery) {
  return useQuery({ ...providersQuery(query), placeholderData: keepPreviousData });
}
