import { CHAT_LIST_STALE_MS, type ChatList } from '@app/shared/schemas/messages';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { messageKeys } from './keys';

/** GET /messages/chat-list?searchQuery&cursor: newest conversation first, keyset-paged. */
function chatListPath(search: string, cursor: string | null): string {
  const params = new URLSearchParams();
  if (search) params.set('searchQuery', search);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/messages/chat-list${query ? `?${query}` : ''}`;
}

/** SPEC.md §9: the chat list stays fresh 300000 ms; live events update it in place. */
export const chatListQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.chatList(search),
    queryFn: ({ pageParam }) => api<ChatList>(chatListPath(search, pageParam)),
    initialPageParam: null as string | null,
    // The first page's path: a server render can have the API answer it (#app/api/page-queries).
    meta: { path: chatListPath(search, null) },
    getNextPageParam: (last) => last.nextCursor,
    staleTime: CHAT_LIST_STALE_MS,
  });

export function useChatList(search: string) {
  return useInfiniteQuery(chatListQuery(search));
}
