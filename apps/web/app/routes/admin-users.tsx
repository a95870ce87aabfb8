import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { SuspensionDialog } from '#app/features/admin/components/suspension-dialog';
import { UserTable } from '#app/features/admin/components/user-table';

/** /admin/users/: search accounts, suspend or reactivate them, or view the app as one of them. */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.users.title')} intro={t('admin.users.intro')}>
      <UserTable />
      <SuspensionDialog />
    </AdminPage>
  );
}
