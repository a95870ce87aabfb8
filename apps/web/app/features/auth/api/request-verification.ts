import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** POST /user/register/request-verification: a new confirmation link (same answer for every address). */
export function requestVerification(email: string): Promise<{ message: string }> {
  return api<{ message: string }>('/user/register/request-verification', {
    method: 'POST',
    body: { email },
    anonymous: true,
  });
}

export function useRequestVerification() {
  return useMutation({ mutationFn: requestVerification });
}
