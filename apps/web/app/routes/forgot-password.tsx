import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordReset } from '#app/features/auth/api/request-password-reset';
import { AuthCard, Notice } from '#app/features/auth/components/auth-card';
import { EmailRequestForm } from '#app/features/auth/components/email-request-form';
import { useApiContext } from '#app/features/auth/hooks/use-api-context';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';

/** Asks for a reset link; the answer is the same for every address. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const reset = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  useApiContext();

  return (
    <AuthCard
      title={sent ? t('accounts.forgot.sentTitle') : t('accounts.forgot.title')}
      intro={sent ? undefined : t('accounts.forgot.intro')}
      footer={
        <Link to={paths.login(lang)} className="font-semibold text-brand-700 underline">
          {t('accounts.forgot.backToLogin')}
        </Link>
      }
    >
      <title>{`${t('accounts.forgot.title')} · ${t('nav.brand')}`}</title>
      {sent ? (
        <Notice tone="success">{sent}</Notice>
      ) : (
        <EmailRequestForm
          label={t('accounts.forgot.email')}
          submitLabel={t('accounts.forgot.submit')}
          pending={reset.isPending}
          request={reset.mutateAsync}
          onDone={setSent}
        />
      )}
    </AuthCard>
  );
}
