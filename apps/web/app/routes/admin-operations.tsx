import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { BookingsByStatus, MoneyAwaitingAction, ReconciliationPanel } from '#app/features/admin/components/operations';

/** /admin/operations/: bookings by status, money waiting for the gateway, the ledger check. */
export default function AdminOperationsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.operations.title')} intro={t('admin.operations.intro')}>
      <BookingsByStatus />
      <MoneyAwaitingAction />
      <ReconciliationPanel />
    </AdminPage>
  );
}
