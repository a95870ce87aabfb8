import { ProviderRegisterSchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tMessage } from '../../lib/t-message';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { SearchableSelect } from '../../ui/searchable-select';
import { useToast } from '../../ui/toast';
import { useRegister } from './api/register';
import { browserTimeZone } from './browser-timezone';
import { PasswordField } from './password-field';
import { showServerError } from './server-errors';
import { TermsCheckbox } from './terms-checkbox';
import { useHydrated } from './use-hydrated';

const FIELDS = ['email', 'confirmEmail', 'password', 'countryIdentifier', 'agreeToTerms'] as const;

export interface ProviderSignupFormProps {
  /** The operating countries (SPEC.md §5: a provider practises in one of them). */
  countries: Array<{ identifier: string; name: string }>;
  defaultCountry?: string;
  onRegistered(email: string): void;
}

/** SPEC.md §5 "Sign up (provider)": email twice, password, country, terms. */
export function ProviderSignupForm({ countries, defaultCountry, onRegistered }: ProviderSignupFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const hydrated = useHydrated();
  const registration = useRegister();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ProviderRegisterSchema),
    defaultValues: {
      userType: 'provider' as const,
      email: '',
      confirmEmail: '',
      password: '',
      countryIdentifier: defaultCountry as string,
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
      aria-label={t('accounts.providerSignup.title')}
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
      <TermsCheckbox label={t('accounts.signup.agree')} error={error('agreeToTerms')} {...register('agreeToTerms')} />
      <Button type="submit" loading={registration.isPending} disabled={!hydrated} className="mt-2 w-full">
        {t('accounts.providerSignup.submit')}
      </Button>
    </form>
  );
}
