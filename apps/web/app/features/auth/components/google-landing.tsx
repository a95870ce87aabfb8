import { isGoogleErrorCode } from '@app/shared/schemas/auth-google';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { refreshSession } from '#app/api/client';
import { setSession } from '#app/api/session';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { safeRedirect } from '../lib/require-session';
import { Notice } from './auth-card';
import { googleStartUrl } from './google-button';
import { GoogleLinkPanel } from './google-link-panel';

/** "Try Google again" and "Back to sign in", under a failure. */
function RetryActions({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <a
        href={googleStartUrl({ lang, redirect })}
        className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('google.landing.tryAgain')}
      </a>
      <Link to={paths.login(lang)} className="text-sm font-semibold text-brand-700 underline">
        {t('google.landing.backToLogin')}
      </Link>
    </div>
  );
}

/**
 * Where the Google callback sends the browser: `?error=CODE` (why it did not work), `?link=1`
 * (an account with that address exists: prove it), or signed in — the callback set the refresh
 * cookie, and this page trades it for the tab's session, then goes on to `?redirect=`.
 */
export function GoogleLanding() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const error = params.get('error');
  const linking = params.get('link') === '1';
  const created = params.get('created') === '1';
  const target = safeRedirect(params.get('redirect'), paths.overview(lang));
  const [sessionFailed, setSessionFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (error || linking || started.current) return;
    started.current = true;
    // Whoever this tab was signed in as before, it is now the Google account's session.
    setSession(null);
    void refreshSession().then((session) => {
      if (!session) {
        setSessionFailed(true);
        return;
      }
      if (created) toast.success(t('google.landing.welcome'));
      navigate(target, { replace: true });
    });
  }, [error, linking, created, target, navigate, toast, t]);

  if (error || sessionFailed) {
    const message = sessionFailed
      ? t('google.landing.sessionFailed')
      : t(`errors.${isGoogleErrorCode(error) ? error : 'GOOGLE_SIGN_IN_FAILED'}`);
    return (
      <div className="flex flex-col gap-5">
        <Notice tone="error" title={t('google.landing.failedTitle')}>
          {message}
        </Notice>
        <RetryActions redirect={target} />
      </div>
    );
  }
  if (linking) return <GoogleLinkPanel target={target} retry={<RetryActions redirect={target} />} />;
  return (
    <div className="flex items-center gap-3 text-slate-700" data-testid="google-signing-in">
      <Spinner label={t('google.landing.signingIn')} />
      <span aria-hidden="true">{t('google.landing.signingIn')}</span>
    </div>
  );
}
