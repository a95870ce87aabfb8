import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { ManualPayouts } from '#app/features/admin/components/manual-payouts';
import { PayoutRecordDialog } from '#app/features/admin/components/payout-record-dialog';

/** /admin/payouts/: payouts no gateway makes; the operator transfers the money and records it. */
export default function AdminPayoutsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.payouts.title')} intro={t('admin.payouts.intro')}>
      <ManualPayouts />
      <PayoutRecordDialog />
    </AdminPage>
  );
}
