import type { PublicProvider } from '@app/shared/schemas/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { directoryKeys } from './keys/directory';

/** GET /providers/{id} (public): an approved therapist's profile and what they offer; others 404. */
export function getProvider(id: string): Promise<PublicProvider> {
  return api<PublicProvider>(`/providers/${encodeURIComponent(id)}`, { anonymous: true });
}

export const providerQuery = (id: string) =>
  queryOptions({ queryKey: directoryKeys.provider(id), queryFn: () => getProvider(id), staleTime: 60_000 });

export function useProvider(id: string | null) {
  return useQuery({ ...providerQuery(id ?? ''), enabled: id !== null });
}
