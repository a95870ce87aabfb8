import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { NoSessionDecisionDialog } from '#app/features/admin/components/no-session-decision-dialog';
import { NoSessionReports } from '#app/features/admin/components/no-session-reports';

/** /admin/no-session-reports/: clients' reports that a session did not take place; decide each one. */
export default function AdminNoSessionReportsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.noSessionReports.title')} intro={t('admin.noSessionReports.intro')}>
      <NoSessionReports />
      <NoSessionDecisionDialog />
    </AdminPage>
  );
}
