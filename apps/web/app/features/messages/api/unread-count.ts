import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { messageKeys } from './keys';

/** GET /messages/unread-count: the header badge. */
export function getUnreadCount(): Promise<{ count: number }> {
  return api<{ count: number }>('/messages/unread-count');
}

export const unreadCountQuery = () =>
  queryOptions({ queryKey: messageKeys.unread(), queryFn: getUnreadCount, staleTime: 60_000 });

export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQuery(), enabled });
}
