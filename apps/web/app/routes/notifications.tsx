import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { NotificationList } from '#app/features/notifications/components/notification-list';
import type { Route } from './+types/notifications';

/** /notifications/: everything the signed-in person was told, newest first (SPEC.md §2). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client', 'provider']);
  return null;
}

export default function Notifications() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('notifications.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('notifications.title')}</h1>
      <p className="mt-1 mb-6 text-slate-600">{t('notifications.intro')}</p>
      <NotificationList />
    </>
  );
}
