import { ProviderRegisterSchema } from '@app/shared/schemas/auth';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '#app/ui/field';
import { SearchableSelect } from '#app/ui/searchable-select';
import { useSignupForm } from '../hooks/use-signup-form';
import { PasswordField } from './password-field';
import { SignupFormFrame } from './signup-form-frame';
import { TermsCheckbox } from './terms-checkbox';

const FIELDS = ['email', 'confirmEmail', 'password', 'countryIdentifier', 'agreeToTerms'] as const;

export interface ProviderSignupFormProps {
  /** The operating countries (SPEC.md §5: a provider practises in one of them). */
  countries: Array<{ identifier: string; name: string }>;
  defaultCountry?: string;
  onRegistered(email: string, password: string): void;
}

/** SPEC.md §5 "Sign up (provider)": email twice, password, country, terms. */
export function ProviderSignupForm({ countries, defaultCountry, onRegistered }: ProviderSignupFormProps) {
  const { t } = useTranslation();
  const { register, control, error, onSubmit, registering } = useSignupForm({
    schema: ProviderRegisterSchema,
    defaultValues: {
      userType: 'provider' as const,
      email: '',
      confirmEmail: '',
      password: '',
      countryIdentifier: defaultCountry as string,
      agreeToTerms: false as unknown as true,
    },
    fields: FIELDS,
    onRegistered,
  });

  return (
    <SignupFormFrame
      label={t('accounts.providerSignup.title')}
      submitLabel={t('accounts.providerSignup.submit')}
      onSubmit={onSubmit}
      registering={registering}
    >
      <Field
        label={t('accounts.providerSignup.email')}
        type="email"
        autoComplete="email"
        error={error('email')}
        {...register('email')}
      />
      <Field
        label={t('accounts.providerSignup.confirmEmail')}
        type="email"
        autoComplete="email"
        error={error('confirmEmail')}
        {...register('confirmEmail')}
      />
      <PasswordField
        label={t('accounts.providerSignup.password')}
        autoComplete="new-password"
        hint={t('accounts.signup.passwordHint')}
        error={error('password')}
        {...register('password')}
      />
      <Controller
        control={control}
        name="countryIdentifier"
        render={({ field }) => (
          <SearchableSelect
            label={t('accounts.providerSignup.country')}
            placeholder={t('accounts.providerSignup.countryPlaceholder')}
            options={countries.map((country) => ({ value: country.identifier, label: country.name }))}
            value={field.value ?? null}
            onChange={field.onChange}
            error={error('countryIdentifier')}
          />
        )}
      />
      <TermsCheckbox error={error('agreeToTerms')} {...register('agreeToTerms')} />
    </SignupFormFrame>
  );
}
