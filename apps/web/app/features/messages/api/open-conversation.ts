import type { Conversation } from '@app/shared/schemas/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { messageKeys } from './keys';

/** POST /messages/conversations {userIdentifier}: opens (or reuses) the pair's conversation. */
export function openConversation(userIdentifier: string): Promise<Conversation> {
  return api<Conversation>('/messages/conversations', { method: 'POST', body: { userIdentifier } });
}

export function useOpenConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.chatLists() }),
  });
}
