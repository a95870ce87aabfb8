import type { ChatList, Message, ThreadPage } from '@app/shared/schemas/messages';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { messageKeys } from '../api/keys';

/** Puts a message into the cached thread: replaces it where it is, or appends it to the newest page. */
export function upsertThreadMessage(client: QueryClient, message: Message): void {
  client.setQueryData<InfiniteData<ThreadPage>>(messageKeys.thread(message.conversationIdentifier), (data) => {
    if (!data) return data;
    let found = false;
    const pages = data.pages.map((page) => ({
      ...page,
      data: page.data.map((existing) => {
        if (existing.identifier !== message.identifier) return existing;
        found = true;
        return message;
      }),
    }));
    if (!found && pages[0]) pages[0] = { ...pages[0], data: [...pages[0].data, message] };
    return { ...data, pages };
  });
}

/** Seen ticks: own messages up to `seenAt` are seen. */
export function markThreadSeen(client: QueryClient, conversationId: string, viewerId: string, seenAt: string): void {
  client.setQueryData<InfiniteData<ThreadPage>>(messageKeys.thread(conversationId), (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        data: page.data.map((message) =>
          message.senderIdentifier === viewerId && !message.seenAt && message.createdAt <= seenAt
            ? { ...message, seenAt }
            : message,
        ),
      })),
    };
  });
}

/** Updates the last message of a conversation in every cached chat list (moving it to the top when new). */
export function touchChatLists(client: QueryClient, message: Message, options: { isNew: boolean; unread: boolean }) {
  let known = false;
  client.setQueriesData<InfiniteData<ChatList>>({ queryKey: messageKeys.chatLists() }, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({ ...page, data: [...page.data] }));
    for (const page of pages) {
      const index = page.data.findIndex((row) => row.identifier === message.conversationIdentifier);
      if (index === -1) continue;
      known = true;
      const row = page.data[index];
      if (!row) continue;
      const isLast = !row.lastMessage || row.lastMessage.identifier === message.identifier || options.isNew;
      const next = {
        ...row,
        lastMessage: isLast ? message : row.lastMessage,
        lastMessageAt: options.isNew ? message.createdAt : row.lastMessageAt,
        unreadCount: row.unreadCount + (options.unread ? 1 : 0),
      };
      if (options.isNew) {
        page.data.splice(index, 1);
        pages[0]?.data.unshift(next);
      } else {
        page.data[index] = next;
      }
      break;
    }
    return { ...data, pages };
  });
  if (!known && options.isNew) void client.invalidateQueries({ queryKey: messageKeys.chatLists() });
}
