import type { Assignment, CreateAssignmentBody } from '@app/shared/schemas/forms';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { formKeys } from './keys';

/** GET /forms/assignments (provider): what they send, to whom, how often. */
export function listAssignments(): Promise<{ data: Assignment[] }> {
  return api<{ data: Assignment[] }>('/forms/assignments');
}

export const assignmentsQuery = () => queryOptions({ queryKey: formKeys.assignments(), queryFn: listAssignments });

export function useAssignments() {
  return useQuery(assignmentsQuery());
}

/** POST /forms/assignments. */
export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssignmentBody) => api<Assignment>('/forms/assignments', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}

/** DELETE /forms/assignments/{id}. */
export function useRemoveAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/forms/assignments/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.assignments() }),
  });
}
