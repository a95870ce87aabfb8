import { useTranslation } from 'react-i18next';
import { Link } from '#app/ui/link';
import { useUnreadCount } from '../api/unread-count';

/** The header's messages link with the unread count. */
export function UnreadMessagesLink({ to }: { to: string }) {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const count = unread.data?.count ?? 0;
  return (
    <Link
      to={to}
      className="relative rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-3"
      aria-label={count ? `${t('messages.title')} (${t('messages.unreadNav', { count })})` : t('messages.title')}
      data-testid="header-messages"
    >
      {t('messages.title')}
      {count ? (
        <span
          className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white"
          data-testid="header-unread"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
