import type { SupportConversation, SupportMessage } from '@app/shared/schemas/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

/** POST /admin/support/conversations/{id}/messages. */
export function useReplyToVisitor(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api<SupportMessage>(`/admin/support/conversations/${id}/messages`, { method: 'POST', body: { text } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...adminKeys.all, 'support'] }),
  });
}

/** PUT /admin/support/conversations/{id}/close. */
export function useCloseConversation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<SupportConversation>(`/admin/support/conversations/${id}/close`, { method: 'PUT' }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...adminKeys.all, 'support'] }),
  });
}
