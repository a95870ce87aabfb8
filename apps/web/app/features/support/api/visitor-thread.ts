import type { SendSupportMessageBody, SupportMessage, SupportThread } from '@app/shared/schemas/support';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { supportKeys } from './keys';

/** GET /support/thread: the visitor's open conversation (signed in or by the visitor cookie). */
export function getSupportThread(): Promise<SupportThread> {
  return api<SupportThread>('/support/thread');
}

/** POST /support/messages. */
export function sendSupportMessage(body: SendSupportMessageBody): Promise<SupportMessage> {
  return api<SupportMessage>('/support/messages', { method: 'POST', body });
}

export const supportThreadQuery = () => queryOptions({ queryKey: supportKeys.thread(), queryFn: getSupportThread });

/** The thread; `pollMs` refetches it while the chat is open for a visitor without a live socket. */
export function useSupportThread(pollMs: number | false) {
  return useQuery({ ...supportThreadQuery(), refetchInterval: pollMs, staleTime: 0 });
}

/** Appends a message to the cached thread (sent, or arrived live) once. */
export function appendToThread(thread: SupportThread | undefined, message: SupportMessage): SupportThread {
  const current = thread ?? { identifier: null, status: null, messages: [] };
  if (current.messages.some((item) => item.identifier === message.identifier)) return current;
  return {
    identifier: message.conversationIdentifier,
    status: 'open',
    messages: [...(current.identifier === message.conversationIdentifier ? current.messages : []), message],
  };
}

export function useSendSupportMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: (message) =>
      client.setQueryData<SupportThread>(supportKeys.thread(), (thread) => appendToThread(thread, message)),
  });
}
