import type { LoginResponse } from '@app/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { sessionFromTokens, setSession } from '#app/api/session';

/** POST /auth/google/link/confirm {token}: the emailed link; links Google and signs in. */
export function confirmGoogleLink(token: string): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/google/link/confirm', { method: 'POST', body: { token }, anonymous: true });
}

export function useConfirmGoogleLink() {
  return useMutation({
    mutationFn: confirmGoogleLink,
    onSuccess: (answer) => setSession(sessionFromTokens(answer, Date.now())),
  });
}
