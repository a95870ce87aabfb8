import type { ClientPage } from '@app/shared/schemas/clients';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { clientKeys } from './keys';

/** GET /clients?search&cursor&source: the provider's clients by name, keyset-paged. */
export function listClients(search: string, source: 'all' | 'imported', cursor: string | null): Promise<ClientPage> {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (source !== 'all') params.set('source', source);
  if (cursor) params.set('cursor', cursor);
  return api<ClientPage>(`/clients?${params.toString()}`);
}

export const clientListQuery = (search: string, source: 'all' | 'imported') =>
  infiniteQueryOptions({
    queryKey: clientKeys.list(search, source),
    queryFn: ({ pageParam }) => listClients(search, source, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useClientList(search: string, source: 'all' | 'imported' = 'all') {
  return useInfiniteQuery(clientListQuery(search, source));
}
