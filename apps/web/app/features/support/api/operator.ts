import type { SupportConversation, SupportConversationSummary, SupportMessage } from '@app/shared/schemas/support';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { supportKeys } from './keys';

/** GET /admin/support/conversations?status. */
export function listSupportConversations(status: 'open' | 'closed'): Promise<{ data: SupportConversationSummary[] }> {
  return api<{ data: SupportConversationSummary[] }>(`/admin/support/conversations?status=${status}`);
}

/** GET /admin/support/conversations/{id}. */
export function getSupportConversation(id: string): Promise<SupportConversation> {
  return api<SupportConversation>(`/admin/support/conversations/${id}`);
}

export const supportConversationsQuery = (status: 'open' | 'closed') =>
  queryOptions({ queryKey: supportKeys.conversations(status), queryFn: () => listSupportConversations(status) });

export const supportConversationQuery = (id: string) =>
  queryOptions({ queryKey: supportKeys.conversation(id), queryFn: () => getSupportConversation(id) });

export function useSupportConversations(status: 'open' | 'closed') {
  return useQuery({ ...supportConversationsQuery(status), staleTime: 0 });
}

export function useSupportConversation(id: string | null) {
  return useQuery({ ...supportConversationQuery(id ?? ''), enabled: id !== null, staleTime: 0 });
}

/** POST /admin/support/conversations/{id}/messages. */
export function useReplyToVisitor(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api<SupportMessage>(`/admin/support/conversations/${id}/messages`, { method: 'POST', body: { text } }),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

/** PUT /admin/support/conversations/{id}/close. */
export function useCloseConversation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<SupportConversation>(`/admin/support/conversations/${id}/close`, { method: 'PUT' }),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
