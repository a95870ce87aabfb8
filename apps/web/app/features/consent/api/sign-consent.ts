import type { ConsentSignature, SignConsentBody } from '@app/shared/schemas/consent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { consentKeys } from './keys';

/** POST /booking/{id}/consent: the client signs the version they read. */
export function useSignConsent(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignConsentBody) =>
      api<ConsentSignature>(`/booking/${encodeURIComponent(bookingId)}/consent`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKeys.all }),
  });
}
