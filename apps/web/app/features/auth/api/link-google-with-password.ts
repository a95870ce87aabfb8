import type { LoginResponse } from '@app/shared/schemas/auth';
import type { GoogleLinkPasswordInput } from '@app/shared/schemas/auth-google';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { sessionFromTokens, setSession } from '#app/api/session';

/** POST /auth/google/link/password: proves the account, links Google, signs in (sets the refresh cookie). */
export function linkGoogleWithPassword(input: GoogleLinkPasswordInput): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/google/link/password', { method: 'POST', body: input, anonymous: true });
}

export function useLinkGoogleWithPassword() {
  return useMutation({
    mutationFn: linkGoogleWithPassword,
    onSuccess: (answer) => setSession(sessionFromTokens(answer, Date.now())),
  });
}
