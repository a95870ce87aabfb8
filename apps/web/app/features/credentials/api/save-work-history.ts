import type { WorkHistory, WorkHistoryInput } from '@app/shared/schemas/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { credentialKeys } from './keys';

/** POST /provider/experience, or PUT /provider/experience/{id} with an id. */
export function saveWorkHistory({ id, entry }: { id?: string; entry: WorkHistoryInput }): Promise<WorkHistory> {
  return id
    ? api<WorkHistory>(`/provider/experience/${id}`, { method: 'PUT', body: entry })
    : api<WorkHistory>('/provider/experience', { method: 'POST', body: entry });
}

export function useSaveWorkHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkHistory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.workHistory }),
  });
}
