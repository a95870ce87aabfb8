import type { ThreadPage } from '@app/shared/schemas/messages';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { messageKeys } from './keys';

/** GET /messages/conversations/{id}/messages?cursor: newest page first; older pages by cursor. */
export function getThreadPage(conversationId: string, cursor: string | null): Promise<ThreadPage> {
  return api<ThreadPage>(
    `/messages/conversations/${conversationId}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
}

export const threadQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.thread(conversationId),
    queryFn: ({ pageParam }) => getThreadPage(conversationId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });

export function useThread(conversationId: string) {
  return useInfiniteQuery(threadQuery(conversationId));
}
