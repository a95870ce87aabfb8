import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { AuditTable } from '#app/features/admin/components/audit-table';

/** /admin/audit/: the append-only audit trail. */
export default function AdminAuditPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.audit.title')} intro={t('admin.audit.intro')}>
      <AuditTable />
    </AdminPage>
  );
}
