import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { messageKeys } from './keys';

/** PUT /messages/mark-seen {conversationIdentifier}: everything up to now is seen. */
export function markSeen(conversationId: string): Promise<{ seenAt: string }> {
  return api<{ seenAt: string }>('/messages/mark-seen', {
    method: 'PUT',
    body: { conversationIdentifier: conversationId },
  });
}

export function useMarkSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markSeen,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: messageKeys.unread() });
      void client.invalidateQueries({ queryKey: messageKeys.chatLists() });
    },
  });
}
