import type { State } from '@app/shared/schemas/region';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** GET /region/country/{id}/states. */
export function listStates(countryId: string): Promise<State[]> {
  return api<State[]>(`/region/country/${encodeURIComponent(countryId)}/states`, { anonymous: true });
}

export function useStates(countryId: string | null | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: profileKeys.states(countryId ?? '', i18n.language),
    queryFn: () => listStates(countryId as string),
    enabled: Boolean(countryId),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
