import type { QueryClient } from '@tanstack/react-query';
import { threadQuery } from '../api/get-thread';
import { chatListQuery } from '../api/list-chats';

/**
 * For the messages routes' clientLoaders: the chat list (and the open conversation) start loading
 * with the page's code and words instead of after its first render. Not awaited; what the cache
 * holds fresh is not fetched again (docs/decisions/web-signed-in-time-to-content.md).
 */
export function prefetchMessages(queryClient: QueryClient, conversationId?: string): void {
  void queryClient.prefetchInfiniteQuery(chatListQuery(''));
  if (conversationId) void queryClient.prefetchInfiniteQuery(threadQuery(conversationId));
}
