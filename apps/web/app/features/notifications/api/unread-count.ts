import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { notificationKeys } from './keys';

/** GET /notifications/unread-count: the bell's badge. */
export function getUnreadNotifications(): Promise<{ count: number }> {
  return api<{ count: number }>('/notifications/unread-count');
}

export const unreadNotificationsQuery = () =>
  queryOptions({ queryKey: notificationKeys.unread(), queryFn: getUnreadNotifications, staleTime: 60_000 });

export function useUnreadNotifications() {
  return useQuery(unreadNotificationsQuery());
}
