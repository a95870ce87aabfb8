import type { ClientConsentState } from '@app/shared/schemas/consent';
import { useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { consentKeys } from './keys';

/** GET /consent/clients/{id} (provider): the client's signatures of the provider's consent. */
export function useClientConsent(clientUserId: string | null) {
  return useQuery({
    queryKey: consentKeys.client(clientUserId ?? ''),
    queryFn: () => api<ClientConsentState>(`/consent/clients/${encodeURIComponent(clientUserId ?? '')}`),
    enabled: clientUserId !== null,
  });
}
