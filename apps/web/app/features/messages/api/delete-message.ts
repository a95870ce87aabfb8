import type { Message } from '@app/shared/schemas/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** DELETE /messages/{id}: own messages only; the other side sees "message deleted". */
export function deleteMessage(messageId: string): Promise<Message> {
  return api<Message>(`/messages/${messageId}`, { method: 'DELETE' });
}

export function useDeleteMessage() {
  return useMutation({ mutationFn: deleteMessage });
}
