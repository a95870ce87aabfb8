import { type LoginResponse, LoginSchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { useToast } from '#app/ui/toast';
import { useLogin } from '../api/login';
import { useRequestVerification } from '../api/request-verification';
import { useHydrated } from '../hooks/use-hydrated';
import { Notice } from './auth-card';
import { PasswordField } from './password-field';

export interface LoginFormProps {
  /** Called with the answer once the session is stored. */
  onSignedIn(answer: LoginResponse): void;
  /** The "Forgot password?" link, shown under the password. */
  forgotLink?: ReactNode;
}

/** SPEC.md §5 "Login": email and password; an unverified account can ask for a new link. */
export function LoginForm({ onSignedIn, forgotLink }: LoginFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const hydrated = useHydrated();
  const login = useLogin();
  const resend = useRequestVerification();
  const [unverified, setUnverified] = useState<{ email: string; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setUnverified(null);
    try {
      onSignedIn(await login.mutateAsync(values));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        setUnverified({ email: values.email, message: error.message });
        return;
      }
      showServerError(error, { setError, fields: ['email', 'password'], toast, t });
    }
  });

  async function resendLink() {
    if (!unverified) return;
    try {
      const answer = await resend.mutateAsync(unverified.email);
      toast.success(answer.message);
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  return (
    <form
      noValidate
      method="post"
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={t('accounts.login.title')}
    >
      {unverified ? (
        <Notice tone="error" title={t('accounts.login.unverifiedTitle')}>
          <p>{unverified.message}</p>
          <Button variant="secondary" className="mt-3" onClick={resendLink} loading={resend.isPending}>
            {t('accounts.login.resend')}
          </Button>
        </Notice>
      ) : null}
      <Field
        label={t('accounts.login.email')}
        type="email"
        autoComplete="email"
        error={tMessage(t, errors.email?.message)}
        {...register('email')}
      />
      <div className="flex flex-col gap-1">
        <PasswordField
          label={t('accounts.login.password')}
          autoComplete="current-password"
          error={tMessage(t, errors.password?.message)}
          {...register('password')}
        />
        {forgotLink ? <div className="text-right text-sm">{forgotLink}</div> : null}
      </div>
      <Button type="submit" loading={login.isPending} disabled={!hydrated} className="mt-2 w-full">
        {t('accounts.login.submit')}
      </Button>
    </form>
  );
}
