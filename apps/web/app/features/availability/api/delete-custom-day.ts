import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys } from '#app/api/keys/availability';

/** DELETE /provider-availability/days/custom/{id}: the date follows the weekly hours again. */
export function deleteCustomDay(id: string): Promise<null> {
  return api<null>(`/provider-availability/days/custom/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteCustomDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomDay,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...availabilityKeys.all, 'custom'] }),
        queryClient.invalidateQueries({ queryKey: availabilityKeys.providerMonths }),
      ]),
  });
}
