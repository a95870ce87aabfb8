import type { Notification } from '@app/shared/schemas/notifications';
import { useTranslation } from 'react-i18next';
import { localePath } from '#app/lib/i18n';
import { formatDateTime } from '#app/lib/money';
import { useLang } from '#app/lib/use-lang';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useNotificationList } from '../api/list-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { notificationText } from '../lib/text';

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const language = useLang();
  const zone = useViewerZone();
  const markRead = useMarkNotificationRead();
  const unread = notification.readAt === null;
  const text = notificationText(t, notification, { language, zone });
  const read = () => {
    if (unread) markRead.mutate(notification.identifier);
  };
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between',
        unread ? 'border-brand-100 bg-brand-50' : 'border-slate-200 bg-white',
      )}
      data-testid="notification-item"
      data-kind={notification.kind}
    >
      <div className="min-w-0">
        {unread ? <span className="sr-only">{t('notifications.unread')}: </span> : null}
        {notification.link ? (
          <Link
            to={localePath(language, notification.link)}
            onClick={read}
            className={cn('text-ink hover:underline', unread && 'font-semibold')}
          >
            {text}
          </Link>
        ) : (
          <p className={cn(unread && 'font-semibold')}>{text}</p>
        )}
        <p className="mt-1 text-xs text-slate-600">
          {/* In the reader's zone once known: the server cannot know a browser's zone. */}
          <time dateTime={notification.createdAt}>
            {zone ? formatDateTime(notification.createdAt, language, zone) : null}
          </time>
        </p>
      </div>
      {unread ? (
        <Button variant="ghost" className="shrink-0 self-start" onClick={read} loading={markRead.isPending}>
          {t('notifications.markRead')}
        </Button>
      ) : null}
    </li>
  );
}

/** /notifications: newest first, older ones a page at a time, read one or all. */
export function NotificationList() {
  const { t } = useTranslation();
  const toast = useToast();
  const list = useNotificationList();
  const markAll = useMarkAllNotificationsRead();
  if (list.isPending) {
    return (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center text-sm">
        <p role="alert">{t('notifications.loadFailed')}</p>
        <Button variant="secondary" onClick={() => list.refetch()}>
          {t('profileScreens.retry')}
        </Button>
      </div>
    );
  }
  const items = list.data.pages.flatMap((page) => page.data);
  if (items.length === 0) return <p className="py-8 text-center text-slate-600">{t('notifications.empty')}</p>;
  const anyUnread = items.some((item) => item.readAt === null);
  return (
    <div className="flex flex-col gap-4">
      {anyUnread ? (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            loading={markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onError: (error) => toast.error(error.message) })}
          >
            {t('notifications.markAllRead')}
          </Button>
        </div>
      ) : null}
      <ul className="flex flex-col gap-3" aria-label={t('notifications.title')}>
        {items.map((item) => (
          <NotificationItem key={item.identifier} notification={item} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            {t('notifications.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
