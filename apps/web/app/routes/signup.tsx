import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../features/auth/auth-card';
import { CheckEmail } from '../features/auth/check-email';
import { ClientSignupForm } from '../features/auth/client-signup-form';
import { useApiContext } from '../features/auth/use-api-context';
import { useLocaleData } from '../features/shell/shell-data';
import { localePath } from '../lib/i18n';

/** SPEC.md §5 "Sign up (client)", then "check your email". */
export default function SignupPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [registered, setRegistered] = useState<string | null>(null);
  useApiContext();
  const loginLink = (
    <Link to={localePath(lang, '/login/')} className="font-semibold text-brand-700 underline">
      {registered ? t('accounts.checkEmail.backToLogin') : t('accounts.signup.signIn')}
    </Link>
  );

  if (registered) {
    return (
      <AuthCard title={t('accounts.checkEmail.title')}>
        <title>{`${t('accounts.checkEmail.title')} · ${t('nav.brand')}`}</title>
        <CheckEmail email={registered} loginLink={loginLink} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      wide
      title={t('accounts.signup.title')}
      intro={t('accounts.signup.intro')}
      footer={
        <div className="flex flex-col gap-1">
          <p>
            {t('accounts.signup.haveAccount')} {loginLink}
          </p>
          <p>
            {t('accounts.signup.providerPrompt')}{' '}
            <Link to={localePath(lang, '/signup/provider/')} className="font-semibold text-brand-700 underline">
              {t('accounts.signup.providerLink')}
            </Link>
          </p>
        </div>
      }
    >
      <title>{`${t('accounts.signup.title')} · ${t('nav.brand')}`}</title>
      <ClientSignupForm onRegistered={setRegistered} />
    </AuthCard>
  );
}
