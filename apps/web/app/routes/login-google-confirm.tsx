import { useTranslation } from 'react-i18next';
import { AuthCard } from '#app/features/auth/components/auth-card';
import { GoogleLinkConfirm } from '#app/features/auth/components/google-link-confirm';
import { useApiContext } from '#app/features/auth/hooks/use-api-context';

/** The link of the "Link your Google account" email. */
export default function LoginGoogleConfirmPage() {
  const { t } = useTranslation();
  useApiContext();
  return (
    <AuthCard title={t('google.link.title')}>
      <title>{`${t('google.link.title')} · ${t('nav.brand')}`}</title>
      <GoogleLinkConfirm />
    </AuthCard>
  );
}
