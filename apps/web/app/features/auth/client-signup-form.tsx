import { ClientRegisterSchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tMessage } from '../../lib/t-message';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useRegister } from './api/register';
import { browserTimeZone } from './browser-timezone';
import { PasswordField } from './password-field';
import { showServerError } from './server-errors';
import { TermsCheckbox } from './terms-checkbox';
import { useHydrated } from './use-hydrated';

const FIELDS = [
  'email',
  'password',
  'confirmPassword',
  'firstName',
  'lastName',
  'phoneNumber',
  'agreeToTerms',
] as const;

/** SPEC.md §5 "Sign up (client)": the same schema the server checks. */
export function ClientSignupForm({ onRegistered }: { onRegistered(email: string): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const hydrated = useHydrated();
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ClientRegisterSchema),
    defaultValues: {
      userType: 'client' as const,
      email: '',
      password: '',
      confirmPassword: '',
      firstName: '',
      lastName: '',
      phoneNumber: '',
      // The checkbox starts unticked; the schema insists on true.
      agreeToTerms: false as unknown as true,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registration.mutateAsync({ ...values, timezone: browserTimeZone() });
      onRegistered(values.email);
    } catch (error) {
      showServerError(error, { setError, fields: FIELDS, toast, t });
    }
  });

  const error = (field: (typeof FIELDS)[number]) => tMessage(t, errors[field]?.message);

  return (
    <form
      noValidate
      method="post"
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={t('accounts.signup.title')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('accounts.signup.firstName')}
          autoComplete="given-name"
          error={error('firstName')}
          {...register('firstName')}
        />
        <Field
          label={t('accounts.signup.lastName')}
          autoComplete="family-name"
          error={error('lastName')}
          {...register('lastName')}
        />
      </div>
      <Field
        label={t('accounts.signup.email')}
        type="email"
        autoComplete="email"
        error={error('email')}
        {...register('email')}
      />
      <Field
        label={t('accounts.signup.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t('accounts.signup.phoneHint')}
        error={error('phoneNumber')}
        {...register('phoneNumber')}
      />
      <PasswordField
        label={t('accounts.signup.password')}
        autoComplete="new-password"
        hint={t('accounts.signup.passwordHint')}
        error={error('password')}
        {...register('password')}
      />
      <PasswordField
        label={t('accounts.signup.confirmPassword')}
        autoComplete="new-password"
        error={error('confirmPassword')}
        {...register('confirmPassword')}
      />
      <TermsCheckbox label={t('accounts.signup.agree')} error={error('agreeToTerms')} {...register('agreeToTerms')} />
      <Button type="submit" loading={registration.isPending} disabled={!hydrated} className="mt-2 w-full">
        {t('accounts.signup.submit')}
      </Button>
    </form>
  );
}
