import { GoogleLinkPasswordSchema } from '@app/shared/schemas/auth-google';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '#app/api/client';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useEmailGoogleLink } from '../api/email-google-link';
import { useGoogleLink } from '../api/google-link';
import { useLinkGoogleWithPassword } from '../api/link-google-with-password';
import { useHydrated } from '../hooks/use-hydrated';
import { Notice } from './auth-card';
import { PasswordField } from './password-field';

export interface GoogleLinkPanelProps {
  /** Where to go once linked and signed in. */
  target: string;
  /** What to offer when the waiting link is gone (start again). */
  retry: ReactNode;
}

/**
 * An account with the Google address exists: the person proves it is theirs with its password
 * or a link emailed to it, and only then is Google linked to it (docs/decisions/accounts-linking-needs-proof-of-the-account-its-password.md).
 */
export function GoogleLinkPanel({ target, retry }: GoogleLinkPanelProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const info = useGoogleLink();
  const linkWithPassword = useLinkGoogleWithPassword();
  const emailLink = useEmailGoogleLink();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(GoogleLinkPasswordSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await linkWithPassword.mutateAsync(values);
      toast.success(t('google.link.linked'));
      navigate(target, { replace: true });
    } catch (error) {
      showServerError(error, { setError, fields: ['password'], toast, t });
      // Too many wrong passwords, or the account turned out to need the email: show what is left.
      if (error instanceof ApiError && !error.fieldErrors?.password) void info.refetch();
    }
  });

  async function sendEmail() {
    try {
      setSent((await emailLink.mutateAsync()).message);
    } catch (error) {
      showServerError(error, { toast, t });
      void info.refetch();
    }
  }

  if (info.isPending) {
    return (
      <div className="flex items-center gap-3 text-slate-700">
        <Spinner />
      </div>
    );
  }
  if (info.isError) {
    return (
      <div className="flex flex-col gap-5">
        <Notice tone="error" title={t('google.link.title')}>
          {info.error instanceof ApiError ? info.error.message : t('accounts.networkError')}
        </Notice>
        {retry}
      </div>
    );
  }

  const { email, passwordAllowed, emailSent } = info.data;
  return (
    <div className="flex flex-col gap-5" data-testid="google-link">
      <p className="text-sm text-slate-700">{t('google.link.intro', { email })}</p>
      {passwordAllowed ? (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('google.link.title')}>
          <PasswordField
            label={t('google.link.password')}
            autoComplete="current-password"
            error={tMessage(t, errors.password?.message)}
            {...register('password')}
          />
          <Button type="submit" loading={linkWithPassword.isPending} disabled={!hydrated} className="w-full">
            {t('google.link.submit')}
          </Button>
        </form>
      ) : null}
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
        {sent ? (
          <Notice tone="success">{sent}</Notice>
        ) : (
          <p className="text-sm text-slate-700">
            {passwordAllowed ? t('google.link.emailPrompt') : t('google.link.emailOnly', { email })}
          </p>
        )}
        <div>
          <Button
            variant={passwordAllowed ? 'secondary' : 'primary'}
            onClick={sendEmail}
            loading={emailLink.isPending}
            disabled={!hydrated}
          >
            {sent || emailSent ? t('google.link.sendAgain') : t('google.link.sendEmail')}
          </Button>
        </div>
      </div>
    </div>
  );
}
