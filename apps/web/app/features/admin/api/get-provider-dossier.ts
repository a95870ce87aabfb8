import type { ProviderDossierView } from '@app/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

/** GET /admin/providers/{id}: the dossier (file links are signed for 5 minutes). */
export function getProviderDossier(id: string): Promise<ProviderDossierView> {
  return api<ProviderDossierView>(`/admin/providers/${id}`);
}

export const providerDossierQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.provider(id),
    queryFn: () => getProviderDossier(id),
    // The signed links live 5 minutes: fetch fresh ones before they run out.
    staleTime: 60_000,
    refetchInterval: 4 * 60_000,
  });

export function useProviderDossier(id: string) {
  return useQuery(providerDossierQuery(id));
}
