import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '#app/api/client';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useConfirmGoogleLink } from '../api/confirm-google-link';
import { Notice } from './auth-card';

/** The link of the "Link your Google account" email: links, signs in, then opens the overview. */
export function GoogleLinkConfirm() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const token = params.get('token');
  const confirm = useConfirmGoogleLink();
  const started = useRef(false);

  // The emailed link works once: redeem it exactly once per page view.
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirm.mutate(token, {
      onSuccess: () => {
        toast.success(t('google.link.linked'));
        navigate(paths.overview(lang), { replace: true });
      },
    });
  }, [token, confirm.mutate, toast, t, navigate, lang]);

  if (!token || confirm.isError) {
    return (
      <div className="flex flex-col gap-5">
        <Notice tone="error" title={t('google.landing.failedTitle')}>
          {!token
            ? t('google.link.missingToken')
            : confirm.error instanceof ApiError
              ? confirm.error.message
              : t('accounts.networkError')}
        </Notice>
        <Link to={paths.login(lang)} className="text-sm font-semibold text-brand-700 underline">
          {t('google.landing.backToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3 text-slate-700" data-testid="google-link-confirming">
      <Spinner label={t('google.link.confirming')} />
      <span aria-hidden="true">{t('google.link.confirming')}</span>
    </div>
  );
}
