import type { Qualification } from '@app/shared/schemas/credentials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { credentialKeys } from './keys';

/** GET /provider/qualification/files: every qualification with its files (links live 5 minutes). */
export async function listQualifications(): Promise<Qualification[]> {
  return (await api<{ data: Qualification[] }>('/provider/qualification/files')).data;
}

export const qualificationsQuery = queryOptions({
  queryKey: credentialKeys.qualifications,
  queryFn: listQualifications,
  // Signed links expire after 5 minutes: refetch well before.
  staleTime: 60_000,
  refetchInterval: 4 * 60_000,
});

export function useQualifications() {
  return useQuery(qualificationsQuery);
}
