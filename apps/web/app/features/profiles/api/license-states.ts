import type { LicenseStatesUpdate } from '@app/shared/schemas/profiles';
import type { State } from '@app/shared/schemas/region';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

const licenseStatesKey = (language: string) => ['profiles', 'license-states', language] as const;

/** GET /provider/license-states: the US states where the provider holds a licence. */
export function getLicenseStates(): Promise<State[]> {
  return api<State[]>('/provider/license-states');
}

/** POST /provider/license-states: replaces the list. */
export function setLicenseStates(input: LicenseStatesUpdate): Promise<State[]> {
  return api<State[]>('/provider/license-states', { method: 'POST', body: input });
}

/** GET /region/country/code/US/states: the states a licence can name. */
export function listUsStates(): Promise<State[]> {
  return api<State[]>('/region/country/code/US/states', { anonymous: true });
}

export function useLicenseStates() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: licenseStatesKey(i18n.language), queryFn: getLicenseStates });
}

export function useUsStates() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: profileKeys.states('US', i18n.language),
    queryFn: listUsStates,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSetLicenseStates() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: setLicenseStates,
    onSuccess: (saved) => queryClient.setQueryData(licenseStatesKey(i18n.language), saved),
  });
}
