import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { SupportConsole } from '#app/features/admin/components/support-console';

/** /admin/support/: operators answer the support chat, live. */
export default function AdminSupportPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.support.title')} intro={t('admin.support.intro')}>
      <SupportConsole />
    </AdminPage>
  );
}
