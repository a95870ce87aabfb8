import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showServerError } from '#app/api/server-errors';
import { type Page, paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import { useToast } from '#app/ui/toast';
import { useLogin } from '../api/login';
import { useApiContext } from '../hooks/use-api-context';
import { AuthCard } from './auth-card';
import { CheckEmail } from './check-email';

export interface SignupPageProps {
  /** i18n section with title and intro: `accounts.signup` or `accounts.providerSignup`. */
  section: 'accounts.signup' | 'accounts.providerSignup';
  wide?: boolean;
  /** The link to the other sign-up: its prompt and label keys and its path. */
  other: { prompt: string; label: string; page: Page };
  form(onRegistered: (email: string, password: string) => void): ReactNode;
}

/** A sign-up page of either role, then "check your email" once the account exists. */
export function SignupPage({ section, wide, other, form }: SignupPageProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [registered, setRegistered] = useState<{ email: string; password: string } | null>(null);
  const navigate = useNavigate();
  const login = useLogin();
  const toast = useToast();
  useApiContext();
  const loginLink = (
    <Link to={paths.login(lang)} className="font-semibold text-brand-700 underline">
      {registered ? t('accounts.checkEmail.backToLogin') : t('accounts.signup.signIn')}
    </Link>
  );

  if (registered) {
    return (
      <AuthCard title={t('accounts.checkEmail.title')}>
        <title>{`${t('accounts.checkEmail.title')} · ${t('nav.brand')}`}</title>
        <CheckEmail
          email={registered.email}
          loginLink={loginLink}
          doLater={
            // Clients may verify later (SPEC §6); providers confirm their address first.
            section === 'accounts.signup'
              ? {
                  pending: login.isPending,
                  run: async () => {
                    try {
                      await login.mutateAsync(registered);
                      navigate(paths.overview(lang), { replace: true });
                    } catch (error) {
                      showServerError(error, { toast, t });
                    }
                  },
                }
              : undefined
          }
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      wide={wide}
      title={t(`${section}.title`)}
      intro={t(`${section}.intro`)}
      footer={
        <div className="flex flex-col gap-1">
          <p>
            {t('accounts.signup.haveAccount')} {loginLink}
          </p>
          <p>
            {t(other.prompt)}{' '}
            <Link to={other.page(lang)} className="font-semibold text-brand-700 underline">
              {t(other.label)}
            </Link>
          </p>
        </div>
      }
    >
      <title>{`${t(`${section}.title`)} · ${t('nav.brand')}`}</title>
      {form((email, password) => setRegistered({ email, password }))}
    </AuthCard>
  );
}
