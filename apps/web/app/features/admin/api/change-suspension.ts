import type { AdminUser } from '@app/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

export type SuspensionChange = 'suspend' | 'reactivate';

/** POST /admin/users/{id}/suspend or /reactivate. */
export function changeSuspension(userId: string, change: SuspensionChange) {
  return api<{ message: string; user: AdminUser }>(`/admin/users/${userId}/${change}`, { method: 'POST' });
}

export function useChangeSuspension() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; change: SuspensionChange }) => changeSuspension(input.userId, input.change),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
