import type { Notification } from '@app/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { notificationKeys } from './keys';

/** PUT /notifications/{id}/read. */
export function markNotificationRead(id: string): Promise<Notification> {
  return api<Notification>(`/notifications/${id}/read`, { method: 'PUT' });
}

/** PUT /notifications/read-all. */
export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return api<{ updated: number }>('/notifications/read-all', { method: 'PUT' });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
