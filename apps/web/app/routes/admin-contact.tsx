import { useTranslation } from 'react-i18next';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { ContactMessages } from '#app/features/admin/components/contact-messages';

/** /admin/contact/: messages sent with the public contact form, newest first. */
export default function AdminContactPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.contact.title')} intro={t('admin.contact.intro')}>
      <ContactMessages />
    </AdminPage>
  );
}
