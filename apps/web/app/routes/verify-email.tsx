import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '#app/api/client';
import { useRequestVerification } from '#app/features/auth/api/request-verification';
import { useVerifyEmail } from '#app/features/auth/api/verify-email';
import { AuthCard, Notice } from '#app/features/auth/components/auth-card';
import { EmailRequestForm } from '#app/features/auth/components/email-request-form';
import { useApiContext } from '#app/features/auth/hooks/use-api-context';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import { Spinner } from '#app/ui/spinner';

/** The link of the confirmation email: confirms in the browser, then offers to sign in. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [params] = useSearchParams();
  const token = params.get('token');
  const verify = useVerifyEmail();
  const resend = useRequestVerification();
  const [resent, setResent] = useState<string | null>(null);
  const started = useRef(false);
  useApiContext();

  // A link token works once: redeem it exactly once per page view.
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify.mutate]);

  let body: React.ReactNode;
  if (verify.isSuccess) {
    body = (
      <div className="flex flex-col gap-4">
        <Notice tone="success" title={t('accounts.verify.successTitle')}>
          {t('accounts.verify.success')}
        </Notice>
        <div>
          <Link
            to={paths.login(lang)}
            className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('accounts.verify.login')}
          </Link>
        </div>
      </div>
    );
  } else if (!token || verify.isError) {
    body = (
      <div className="flex flex-col gap-5">
        <Notice tone="error" title={t('accounts.verify.failedTitle')}>
          {verify.error instanceof ApiError
            ? verify.error.message
            : verify.error
              ? t('accounts.networkError')
              : t('accounts.verify.missingToken')}
        </Notice>
        {resent ? (
          <Notice tone="success">{resent}</Notice>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-slate-700">{t('accounts.verify.newLinkPrompt')}</p>
            <EmailRequestForm
              label={t('accounts.verify.email')}
              submitLabel={t('accounts.verify.sendLink')}
              pending={resend.isPending}
              request={resend.mutateAsync}
              onDone={setResent}
            />
          </div>
        )}
      </div>
    );
  } else {
    body = (
      <div className="flex items-center gap-3 text-slate-700" data-testid="verify-pending">
        <Spinner label={t('accounts.verify.verifying')} />
        <span aria-hidden="true">{t('accounts.verify.verifying')}</span>
      </div>
    );
  }

  return (
    <AuthCard title={t('accounts.verify.title')}>
      <title>{`${t('accounts.verify.title')} · ${t('nav.brand')}`}</title>
      {body}
    </AuthCard>
  );
}
