import { useTranslation } from 'react-i18next';
import { Link } from '#app/ui/link';
import { useUnreadNotifications } from '../api/unread-count';

/** The header's bell: a link to /notifications with the unread count (kept live by NotificationsLive). */
export function NotificationBell({ to }: { to: string }) {
  const { t } = useTranslation();
  const unread = useUnreadNotifications();
  const count = unread.data?.count ?? 0;
  return (
    <Link
      to={to}
      className="relative inline-flex min-h-9 items-center rounded-lg px-2 py-1.5 text-slate-700 hover:bg-slate-100"
      aria-label={count ? t('notifications.bellUnread', { count }) : t('notifications.bell')}
      data-testid="notification-bell"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M13.73 21a2 2 0 0 1-3.46 0" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {count ? (
        <span
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-semibold text-white"
          data-testid="notification-count"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
