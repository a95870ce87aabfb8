import { ClientRegisterSchema } from '@app/shared/schemas/auth';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '#app/ui/field';
import { SearchableSelect } from '#app/ui/searchable-select';
import { useSignupForm } from '../hooks/use-signup-form';
import { PasswordField } from './password-field';
import { SignupFormFrame } from './signup-form-frame';
import { TermsCheckbox } from './terms-checkbox';

const FIELDS = [
  'email',
  'password',
  'confirmPassword',
  'firstName',
  'lastName',
  'phoneNumber',
  'countryIdentifier',
  'agreeToTerms',
] as const;

export interface ClientSignupFormProps {
  /** The operating countries: the wallet's currency follows the one chosen. */
  countries: Array<{ identifier: string; name: string }>;
  /** The visitor's country when it is one of them: the form starts with it. */
  defaultCountry?: string;
  onRegistered(email: string, password: string): void;
}

/** SPEC.md §5 "Sign up (client)" and the country (prefilled with the visitor's): the same schema the server checks. */
export function ClientSignupForm({ countries, defaultCountry, onRegistered }: ClientSignupFormProps) {
  const { t } = useTranslation();
  const { register, control, error, onSubmit, registering } = useSignupForm({
    schema: ClientRegisterSchema,
    defaultValues: {
      userType: 'client' as const,
      email: '',
      password: '',
      confirmPassword: '',
      firstName: '',
      lastName: '',
      phoneNumber: '',
      countryIdentifier: defaultCountry,
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
      <Controller
        control={control}
        name="countryIdentifier"
        render={({ field }) => (
          <div className="flex flex-col gap-1">
            <SearchableSelect
              label={t('accounts.signup.country')}
              placeholder={t('accounts.signup.countryPlaceholder')}
              options={countries.map((country) => ({ value: country.identifier, label: country.name }))}
              value={field.value ?? null}
              onChange={field.onChange}
              error={error('countryIdentifier')}
            />
            <p className="text-xs text-slate-600">{t('accounts.signup.countryHint')}</p>
          </div>
        )}
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
      <TermsCheckbox error={error('agreeToTerms')} {...register('agreeToTerms')} />
    </SignupFormFrame>
  );
}
