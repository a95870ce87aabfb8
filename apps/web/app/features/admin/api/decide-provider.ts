import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

export type ProviderDecision = { decision: 'approved' } | { decision: 'rejected'; note: string };
type Answer = { status: 'approved' | 'rejected'; message: string };

/** POST /admin/providers/{id}/approve or /reject {note}. */
export function decideProvider(providerId: string, input: ProviderDecision): Promise<Answer> {
  if (input.decision === 'approved') {
    return api<Answer>(`/admin/providers/${providerId}/approve`, { method: 'POST' });
  }
  return api<Answer>(`/admin/providers/${providerId}/reject`, { method: 'POST', body: { note: input.note } });
}

export function useDecideProvider(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProviderDecision) => decideProvider(providerId, input),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
