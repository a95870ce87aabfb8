import { NOTIFICATIONS_PAGE_SIZE, type NotificationPage } from '@app/shared/schemas/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { notificationKeys } from './keys';

/** GET /notifications?cursor: one keyset page, newest first. */
export function listNotifications(cursor: string | null): Promise<NotificationPage> {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api<NotificationPage>(`/notifications?${query}`);
}

export const notificationListQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => listNotifications(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });

export function useNotificationList() {
  return useInfiniteQuery(notificationListQuery());
}
