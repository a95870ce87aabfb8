import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** DELETE /user/profile/delete-account (clients): the password unless the account is social. */
export function deleteAccount(input: { password?: string }): Promise<{ message: string }> {
  return api<{ message: string }>('/user/profile/delete-account', { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
