import type { NotificationPreferences, UpdateNotificationPreferencesBody } from '@app/shared/schemas/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { notificationKeys } from './keys';

/** GET /notifications/preferences. */
export function getNotificationPreferences(): Promise<NotificationPreferences> {
  return api<NotificationPreferences>('/notifications/preferences');
}

/** PUT /notifications/preferences. */
export function updateNotificationPreferences(
  body: UpdateNotificationPreferencesBody,
): Promise<NotificationPreferences> {
  return api<NotificationPreferences>('/notifications/preferences', { method: 'PUT', body });
}

export const notificationPreferencesQuery = () =>
  queryOptions({ queryKey: notificationKeys.preferences(), queryFn: getNotificationPreferences });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery());
}

export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences(), saved),
  });
}
