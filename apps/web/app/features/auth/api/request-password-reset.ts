import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** POST /user/request-password-reset: emails a reset link (same answer for every address). */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api<{ message: string }>('/user/request-password-reset', { method: 'POST', body: { email }, anonymous: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
