import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { NoShowCounts } from '#app/features/admin/components/no-show-counts';

/** /admin/no-shows/: who missed sessions, as providers or as clients. */
export default function AdminNoShowsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.noShows.title')} intro={t('admin.noShows.intro')}>
      <NoShowCounts />
    </AdminPage>
  );
}
