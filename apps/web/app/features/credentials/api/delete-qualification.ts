import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { credentialKeys } from './keys';

/** DELETE /provider/qualification/files/{id}: a qualification, or one of its files. */
export function deleteQualification(id: string): Promise<{ message: string; identifier: string }> {
  return api(`/provider/qualification/files/${id}`, { method: 'DELETE' });
}

export function useDeleteQualification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQualification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
