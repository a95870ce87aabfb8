import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** POST /auth/google/link/email: sends the account's address a link that proves it. */
export function emailGoogleLink(): Promise<{ message: string }> {
  return api<{ message: string }>('/auth/google/link/email', { method: 'POST', anonymous: true });
}

export function useEmailGoogleLink() {
  return useMutation({ mutationFn: emailGoogleLink });
}
