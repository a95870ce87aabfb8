import { PasswordResetSchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '#app/api/client';
import { showServerError } from '#app/api/server-errors';
import { useResetPassword } from '#app/features/auth/api/reset-password';
import { AuthCard, Notice } from '#app/features/auth/components/auth-card';
import { PasswordField } from '#app/features/auth/components/password-field';
import { useApiContext } from '#app/features/auth/hooks/use-api-context';
import { useHydrated } from '#app/features/auth/hooks/use-hydrated';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Link } from '#app/ui/link';
import { useToast } from '#app/ui/toast';

/** SPEC.md §5 "Reset password": a new password and its confirmation, with the link's token. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  useApiContext();

  const loginLink = (
    <Link
      to={paths.login(lang)}
      className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
    >
      {t('accounts.reset.login')}
    </Link>
  );
  const requestNewLink = (
    <Link to={innerPaths.forgotPassword(lang)} className="font-semibold text-brand-700 underline">
      {t('accounts.reset.requestNew')}
    </Link>
  );

  let body: React.ReactNode;
  if (outcome?.tone === 'success') {
    body = (
      <div className="flex flex-col gap-4">
        <Notice tone="success">{outcome.message}</Notice>
        <div>{loginLink}</div>
      </div>
    );
  } else if (!token || outcome) {
    body = (
      <div className="flex flex-col gap-4">
        <Notice tone="error">{outcome?.message ?? t('accounts.reset.missingToken')}</Notice>
        <p className="text-sm">{requestNewLink}</p>
      </div>
    );
  } else {
    body = <ResetForm token={token} onDone={setOutcome} />;
  }

  return (
    <AuthCard title={outcome?.tone === 'success' ? t('accounts.reset.doneTitle') : t('accounts.reset.title')}>
      <title>{`${t('accounts.reset.title')} · ${t('nav.brand')}`}</title>
      {body}
    </AuthCard>
  );
}

function ResetForm({
  token,
  onDone,
}: {
  token: string;
  onDone(outcome: { tone: 'success' | 'error'; message: string }): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const hydrated = useHydrated();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(PasswordResetSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      onDone({ tone: 'success', message: (await reset.mutateAsync(values)).message });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN') {
        onDone({ tone: 'error', message: error.message });
        return;
      }
      showServerError(error, { setError, fields: ['password', 'confirmPassword'], toast, t });
    }
  });

  return (
    <form noValidate method="post" onSubmit={onSubmit} className="flex flex-col gap-4">
      <PasswordField
        label={t('accounts.reset.password')}
        autoComplete="new-password"
        hint={t('accounts.signup.passwordHint')}
        error={tMessage(t, errors.password?.message)}
        {...register('password')}
      />
      <PasswordField
        label={t('accounts.reset.confirmPassword')}
        autoComplete="new-password"
        error={tMessage(t, errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      <Button type="submit" loading={reset.isPending} disabled={!hydrated} className="w-full">
        {t('accounts.reset.submit')}
      </Button>
    </form>
  );
}
