import type { VerificationNote } from '@app/shared/schemas/credentials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { credentialKeys } from './keys';

/** GET /provider/qualification/verification-note: status, the reviewer's note, what is missing. */
export function getVerificationNote(): Promise<VerificationNote> {
  return api<VerificationNote>('/provider/qualification/verification-note');
}

export const verificationNoteQuery = queryOptions({
  queryKey: credentialKeys.verification,
  queryFn: getVerificationNote,
});

export function useVerificationNote() {
  return useQuery(verificationNoteQuery);
}
