import type { LoginInput, LoginResponse } from '@app/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { sessionFromTokens, setSession } from '#app/api/session';

/** POST /user/login: answers the tokens and sets the httpOnly refresh cookie `rt`. */
export function login(input: LoginInput): Promise<LoginResponse> {
  return api<LoginResponse>('/user/login', { method: 'POST', body: input, anonymous: true });
}

/** Signs in and keeps the access token in this tab's session. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => setSession(sessionFromTokens(answer, Date.now())),
  });
}
