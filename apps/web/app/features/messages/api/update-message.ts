import type { Message } from '@app/shared/schemas/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** PUT /messages/{id}/update {text}: own messages only. */
export function updateMessage(input: { messageId: string; text: string }): Promise<Message> {
  return api<Message>(`/messages/${input.messageId}/update`, { method: 'PUT', body: { text: input.text } });
}

export function useUpdateMessage() {
  return useMutation({ mutationFn: updateMessage });
}
