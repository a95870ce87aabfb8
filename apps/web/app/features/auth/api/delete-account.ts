import type { DeleteAccountAnswer } from '@app/shared/schemas/data-rights';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/**
 * DELETE /user/profile/delete-account (clients): the password unless the account is social.
 * Answers what the law made us keep, and why.
 */
export function deleteAccount(input: { password?: string }): Promise<DeleteAccountAnswer> {
  return api<DeleteAccountAnswer>('/user/profile/delete-account', { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
