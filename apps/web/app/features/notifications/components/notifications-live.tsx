import type { Notification } from '@app/shared/schemas/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isReconnect, type LiveEvent, useLiveEvents } from '#app/lib/live-socket';
import { useLang } from '#app/lib/use-lang';
import { useViewerZone } from '#app/lib/viewer-zone';
import { useToast } from '#app/ui/toast';
import { notificationKeys } from '../api/keys';
import { notificationText } from '../lib/text';

/**
 * Keeps the bell and the list live while signed in: a new notification refreshes both and shows
 * a toast with its words; reading on another tab refreshes them; after a reconnect, anything
 * missed is fetched again.
 */
export function NotificationsLive() {
  const client = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  const language = useLang();
  const zone = useViewerZone();
  // The words' context changes (the zone arrives with the user); the socket subscription must not.
  const context = useRef({ t, language, zone });
  context.current = { t, language, zone };
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'notification.new') {
        void client.invalidateQueries({ queryKey: notificationKeys.all });
        const { t: translate, ...where } = context.current;
        toast.success(notificationText(translate, event.notification as Notification, where));
      } else if (event.type === 'notification.read' || isReconnect(event)) {
        void client.invalidateQueries({ queryKey: notificationKeys.all });
      }
    },
    [client, toast],
  );
  useLiveEvents(onEvent);
  return null;
}
