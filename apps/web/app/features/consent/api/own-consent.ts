import type { ConsentSettings, ConsentVersion, OwnConsent, SaveConsentBody } from '@app/shared/schemas/consent';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { consentKeys } from './keys';

/** GET /consent/documents (provider): the versions, newest first, and the room setting. */
export function useOwnConsent() {
  return useQuery({ queryKey: consentKeys.own(), queryFn: () => api<OwnConsent>('/consent/documents') });
}

/** POST /consent/documents: a new version. */
export function useSaveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveConsentBody) => api<ConsentVersion>('/consent/documents', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKeys.own() }),
  });
}

/** PUT /consent/settings: whether the room waits for the signature. */
export function useSaveConsentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentSettings) => api<ConsentSettings>('/consent/settings', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKeys.own() }),
  });
}
