import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '#app/features/auth/components/auth-card';
import { GoogleButton, OrDivider } from '#app/features/auth/components/google-button';
import { LoginForm } from '#app/features/auth/components/login-form';
import { useApiContext } from '#app/features/auth/hooks/use-api-context';
import { safeRedirect } from '#app/features/auth/lib/require-session';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import type { Route } from './+types/login';

/** Whether to offer "Continue with Google" (configured on the server). */
export function loader({ context }: Route.LoaderArgs) {
  return { google: context.services.googleSignIn };
}

/** SPEC.md §2 login page: `?redirect=` holds the same-origin path the user was on. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { google } = useLoaderData<typeof loader>();
  useApiContext();
  const target = safeRedirect(params.get('redirect'), paths.overview(lang));

  return (
    <AuthCard
      title={t('accounts.login.title')}
      intro={t('accounts.login.intro')}
      footer={
        <>
          {t('accounts.login.noAccount')}{' '}
          <Link to={paths.signup(lang)} className="font-semibold text-brand-700 underline">
            {t('accounts.login.createAccount')}
          </Link>
        </>
      }
    >
      <title>{`${t('accounts.login.title')} · ${t('nav.brand')}`}</title>
      {google ? (
        <>
          <GoogleButton redirect={target} />
          <OrDivider />
        </>
      ) : null}
      <LoginForm
        onSignedIn={() => navigate(target, { replace: true })}
        forgotLink={
          <Link to={innerPaths.forgotPassword(lang)} className="text-brand-700 underline">
            {t('accounts.login.forgot')}
          </Link>
        }
      />
    </AuthCard>
  );
}
