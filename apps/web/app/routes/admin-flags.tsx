import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { FlagsTable } from '#app/features/admin/components/flags-table';

/** /admin/flags/: feature flags per country and share of visitors, every edit audited. */
export default function AdminFlagsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.flags.title')} intro={t('admin.flags.intro')}>
      <FlagsTable />
    </AdminPage>
  );
}
