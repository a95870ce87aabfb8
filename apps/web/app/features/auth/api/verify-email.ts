import type { UserInfo } from '@app/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** POST /user/register/verify: redeems the link token of the confirmation email. */
export function verifyEmail(token: string): Promise<UserInfo> {
  return api<UserInfo>('/user/register/verify', { method: 'POST', body: { token }, anonymous: true });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
