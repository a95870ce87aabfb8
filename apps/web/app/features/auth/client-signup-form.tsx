import { ClientRegisterSchema } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Field } from '#app/ui/field';
import { PasswordField } from './password-field';
import { SignupFormFrame } from './signup-form-frame';
import { TermsCheckbox } from './terms-checkbox';
import { useSignupForm } from './use-signup-form';

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
export function ClientSignupForm({ onRegistered }: { onRegistered(email: string, password: string): void }) {
  const { t } = useTranslation();
  const { register, error, onSubmit, registering } = useSignupForm({
    schema: ClientRegisterSchema,
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
    fields: FIELDS,
    onRegistered,
  });

  return (
    <SignupFormFrame
      label={t('accounts.signup.title')}
      submitLabel={t('accounts.signup.submit')}
      onSubmit={onSubmit}
      registering={registering}
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
    </SignupFormFrame>
  );
}
