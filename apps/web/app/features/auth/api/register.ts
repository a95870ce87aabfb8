import type { RegisterInput, UserInfo } from '@app/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** POST /user/register: a client or provider account, unverified; a confirmation link is emailed. */
export function register(input: RegisterInput): Promise<UserInfo> {
  return api<UserInfo>('/user/register', { method: 'POST', body: input, anonymous: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
