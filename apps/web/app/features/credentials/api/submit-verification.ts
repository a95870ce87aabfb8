import type { VerificationNote } from '@app/shared/schemas/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { credentialKeys } from './keys';

/** PUT /provider/verification-submission (no payload). */
export function submitVerification(): Promise<VerificationNote> {
  return api<VerificationNote>('/provider/verification-submission', { method: 'PUT' });
}

export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVerification,
    onSuccess: (note) => queryClient.setQueryData(credentialKeys.verification, note),
  });
}
