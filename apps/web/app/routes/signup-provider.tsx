import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../features/auth/auth-card';
import { CheckEmail } from '../features/auth/check-email';
import { ProviderSignupForm } from '../features/auth/provider-signup-form';
import { useApiContext } from '../features/auth/use-api-context';
import { useLocaleData } from '../features/shell/shell-data';
import { localePath } from '../lib/i18n';

/** SPEC.md §5 "Sign up (provider)", then "check your email". */
export default function ProviderSignupPage() {
  const { t } = useTranslation();
  const { lang, shell } = useLocaleData();
  const [registered, setRegistered] = useState<string | null>(null);
  useApiContext();
  const countries = shell.countries.filter((country) => country.operating);
  const visitor = shell.visitorCountry;
  const defaultCountry = visitor?.operating ? visitor.identifier : undefined;
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
      title={t('accounts.providerSignup.title')}
      intro={t('accounts.providerSignup.intro')}
      footer={
        <div className="flex flex-col gap-1">
          <p>
            {t('accounts.signup.haveAccount')} {loginLink}
          </p>
          <p>
            {t('accounts.providerSignup.clientPrompt')}{' '}
            <Link to={localePath(lang, '/signup/')} className="font-semibold text-brand-700 underline">
              {t('accounts.providerSignup.clientLink')}
            </Link>
          </p>
        </div>
      }
    >
      <title>{`${t('accounts.providerSignup.title')} · ${t('nav.brand')}`}</title>
      <ProviderSignupForm countries={countries} defaultCountry={defaultCountry} onRegistered={setRegistered} />
    </AuthCard>
  );
}
