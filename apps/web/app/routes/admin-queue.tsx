import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { ProviderQueue } from '#app/features/admin/components/provider-queue';

/** /admin/: the review queue (providers who submitted their documents, oldest first). */
export default function AdminQueuePage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.queue.title')} intro={t('admin.queue.intro')}>
      <ProviderQueue />
    </AdminPage>
  );
}
