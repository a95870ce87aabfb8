import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { credentialKeys } from './keys';

/** DELETE /provider/indemnity-insurance/{id}. */
export function deleteInsurance(id: string): Promise<{ message: string }> {
  return api(`/provider/indemnity-insurance/${id}`, { method: 'DELETE' });
}

export function useDeleteInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInsurance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
