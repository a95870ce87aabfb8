import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthCard } from '#app/features/auth/components/auth-card';
import { GoogleLanding } from '#app/features/auth/components/google-landing';
import { useApiContext } from '#app/features/auth/hooks/use-api-context';

/** Where a Google sign-in comes back to: signs in, asks to prove an existing account, or says why not. */
export default function LoginGooglePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useApiContext();
  const title = params.get('link') === '1' ? t('google.link.title') : t('google.landing.title');
  return (
    <AuthCard title={title}>
      <title>{`${title} · ${t('nav.brand')}`}</title>
      <GoogleLanding />
    </AuthCard>
  );
}
