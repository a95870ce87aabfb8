import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { OperatorConsole } from '#app/features/support/components/operator-console';

/** /admin/support/: operators answer the support chat, live. */
export default function AdminSupportPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('support.console.title')} intro={t('support.console.intro')}>
      <OperatorConsole />
    </AdminPage>
  );
}
