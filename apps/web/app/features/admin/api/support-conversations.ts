import type { SupportConversation, SupportConversationSummary } from '@app/shared/schemas/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

/** GET /admin/support/conversations?status. */
export function listSupportConversations(status: 'open' | 'closed'): Promise<{ data: SupportConversationSummary[] }> {
  return api<{ data: SupportConversationSummary[] }>(`/admin/support/conversations?status=${status}`);
}

/** GET /admin/support/conversations/{id}. */
export function getSupportConversation(id: string): Promise<SupportConversation> {
  return api<SupportConversation>(`/admin/support/conversations/${id}`);
}

export function useSupportConversations(status: 'open' | 'closed') {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.supportConversations(status),
      queryFn: () => listSupportConversations(status),
      staleTime: 0,
    }),
  );
}

export function useSupportConversation(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.supportConversation(id ?? ''),
      queryFn: () => getSupportConversation(id ?? ''),
      enabled: id !== null,
      staleTime: 0,
    }),
  );
}
