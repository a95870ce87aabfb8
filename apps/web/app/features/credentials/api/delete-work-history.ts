import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { credentialKeys } from './keys';

/** DELETE /provider/experience/{id}. */
export function deleteWorkHistory(id: string): Promise<{ message: string }> {
  return api(`/provider/experience/${id}`, { method: 'DELETE' });
}

export function useDeleteWorkHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkHistory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.workHistory }),
  });
}
