import type { Language } from '@app/shared/constants';
import {
  ACCOUNT_OWNERSHIPS,
  ACCOUNT_TYPES,
  type BankAccount,
  type BankAccountBody,
  BankAccountGeneralSchema,
  BankAccountUkSchema,
  BankAccountUsSchema,
  type BankAccountVariant,
  bankAccountVariant,
} from '@app/shared/schemas/wallet';
import type { z } from '@app/shared/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { forwardRef, type SelectHTMLAttributes, useId, useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Field } from '#app/ui/field';
import { useToast } from '#app/ui/toast';
import { useSaveBankAccount } from '../api/save-bank-account';

/** The form holds text; "" is an unanswered field (the schema says "required" or the rule's words). */
interface BankFormValues {
  accountName: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  address: string;
  postalCode: string;
  accountType: string;
  accountOwnership: string;
  dateOfBirth: string;
}

const FIELDS = [
  'accountName',
  'bankCode',
  'bankName',
  'accountNumber',
  'address',
  'postalCode',
  'accountType',
  'accountOwnership',
  'dateOfBirth',
] as const;

const SCHEMAS: Record<BankAccountVariant, z.ZodType<BankAccountBody, BankFormValues>> = {
  general: BankAccountGeneralSchema as unknown as z.ZodType<BankAccountBody, BankFormValues>,
  GB: BankAccountUkSchema as unknown as z.ZodType<BankAccountBody, BankFormValues>,
  US: BankAccountUsSchema as unknown as z.ZodType<BankAccountBody, BankFormValues>,
};

function valuesOf(account: BankAccount | null): BankFormValues {
  return {
    accountName: account?.accountName ?? '',
    bankCode: account?.bankCode ?? '',
    bankName: account?.bankName ?? '',
    accountNumber: account?.accountNumber ?? '',
    address: account?.address ?? '',
    postalCode: account?.postalCode ?? '',
    accountType: account?.accountType ?? '',
    accountOwnership: account?.accountOwnership ?? '',
    dateOfBirth: account?.dateOfBirth ?? '',
  };
}

interface ChoiceProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  placeholder: string;
  options: { value: string; label: string }[];
}

const Choice = forwardRef<HTMLSelectElement, ChoiceProps>(function Choice(
  { label, error, placeholder, options, ...rest },
  ref,
) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'min-h-10 rounded-lg border bg-white px-3 py-2 text-sm',
          error ? 'border-red-600' : 'border-slate-300',
        )}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
});

export interface BankAccountFormProps {
  /** The provider's country: it picks the rules (general, GB or US), as on the server. */
  countryCode: string | null | undefined;
  account: BankAccount | null;
  language: Language;
}

/**
 * The payout bank account (SPEC.md §5 "Bank (general)"): name, sort code, bank, number; GB adds
 * address, postal code, account type, ownership and date of birth; US requires the same and
 * calls the bank code "Routine Number". Validated with the same schema the server uses.
 */
export function BankAccountForm({ countryCode, account, language }: BankAccountFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveBankAccount();
  const variant = countryCode ? bankAccountVariant(countryCode) : (account?.variant ?? 'general');
  const resolver = useMemo(
    () => zodResolver(SCHEMAS[variant]) as unknown as Resolver<BankFormValues, unknown, BankAccountBody>,
    [variant],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<BankFormValues, unknown, BankAccountBody>({ resolver, defaultValues: valuesOf(account) });

  const error = (field: keyof BankFormValues) => tMessage(t, errors[field]?.message);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      reset(valuesOf(saved));
      toast.success(t('earningsScreens.bank.saved'));
    } catch (failure) {
      showServerError(failure, { setError, fields: FIELDS, toast, t });
    }
  });

  const extended = variant !== 'general';

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="bank-account-heading" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('earningsScreens.bank.accountName')}
          autoComplete="name"
          error={error('accountName')}
          {...register('accountName')}
        />
        <Field
          label={t('earningsScreens.bank.bankName')}
          autoComplete="off"
          error={error('bankName')}
          {...register('bankName')}
        />
        <Field
          label={t(variant === 'US' ? 'earningsScreens.bank.routingNumber' : 'earningsScreens.bank.bankCode')}
          inputMode="numeric"
          autoComplete="off"
          error={error('bankCode')}
          {...register('bankCode')}
        />
        <Field
          label={t('earningsScreens.bank.accountNumber')}
          inputMode="numeric"
          autoComplete="off"
          error={error('accountNumber')}
          {...register('accountNumber')}
        />
        {extended ? (
          <>
            <Field
              label={t('earningsScreens.bank.address')}
              autoComplete="street-address"
              className="sm:col-span-2"
              error={error('address')}
              {...register('address')}
            />
            <Field
              label={t('earningsScreens.bank.postalCode')}
              autoComplete="postal-code"
              error={error('postalCode')}
              {...register('postalCode')}
            />
            <Field
              label={t('earningsScreens.bank.dateOfBirth')}
              type="date"
              autoComplete="bday"
              max={new Date().toISOString().slice(0, 10)}
              error={error('dateOfBirth')}
              {...register('dateOfBirth')}
            />
            <Choice
              label={t('earningsScreens.bank.accountType')}
              placeholder={t('earningsScreens.bank.select')}
              options={ACCOUNT_TYPES.map((value) => ({
                value,
                label: t(`earningsScreens.bank.accountTypes.${value}`),
              }))}
              error={error('accountType')}
              {...register('accountType')}
            />
            <Choice
              label={t('earningsScreens.bank.accountOwnership')}
              placeholder={t('earningsScreens.bank.select')}
              options={ACCOUNT_OWNERSHIPS.map((value) => ({
                value,
                label: t(`earningsScreens.bank.ownerships.${value}`),
              }))}
              error={error('accountOwnership')}
              {...register('accountOwnership')}
            />
          </>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-slate-600">
          {account
            ? t('earningsScreens.bank.updatedAt', {
                date: new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium' }).format(
                  new Date(account.updatedAt),
                ),
              })
            : null}
        </p>
        <Button type="submit" loading={save.isPending}>
          {t('earningsScreens.bank.save')}
        </Button>
      </div>
    </form>
  );
}
