import { NIGERIAN_BANKS } from '@app/shared/bank-rules';
import { intlLocale, type Language } from '@app/shared/constants';
import {
  ACCOUNT_OWNERSHIPS,
  ACCOUNT_TYPES,
  BANK_ACCOUNT_SCHEMAS,
  type BankAccount,
  type BankAccountBody,
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

const SCHEMAS = BANK_ACCOUNT_SCHEMAS as unknown as Record<
  BankAccountVariant,
  z.ZodType<BankAccountBody, BankFormValues>
>;

/** What the bank code is called where it is typed (NG picks the bank from a list; IBAN countries type a BIC). */
const BANK_CODE_LABEL: Record<'general' | 'GB' | 'US', string> = {
  general: 'earningsScreens.bank.bankCode',
  GB: 'earningsScreens.bank.sortCode',
  US: 'earningsScreens.bank.routingNumber',
};
const BANK_CODE_HINT: Record<'general' | 'GB' | 'US', string | null> = {
  general: null,
  GB: 'earningsScreens.bank.sortCodeHelp',
  US: 'earningsScreens.bank.routingHelp',
};
const ACCOUNT_NUMBER_HINT: Record<'general' | 'NG' | 'GB' | 'US', string | null> = {
  general: null,
  NG: 'earningsScreens.bank.nubanHelp',
  GB: 'earningsScreens.bank.ukAccountNumberHelp',
  US: null,
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
  { label, error, placeholder, options, className, ...rest },
  ref,
) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'min-h-10 w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm',
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
  /** The provider's country: it picks the rules (bank-rules.ts), as on the server. */
  countryCode: string | null | undefined;
  account: BankAccount | null;
  language: Language;
}

/**
 * The payout bank account in the provider's country's banking (bank-rules.ts): NG picks the bank
 * and types a NUBAN; GB a sort code and account number, US a "Routine Number" and account number,
 * both also address, postal code, account type, ownership and date of birth; IBAN countries an
 * IBAN and an optional BIC; elsewhere SPEC.md §5 "Bank (general)". Validated with the same schema
 * the server uses.
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

  const extended = variant === 'GB' || variant === 'US';

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="bank-account-heading" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('earningsScreens.bank.accountName')}
          autoComplete="name"
          error={error('accountName')}
          {...register('accountName')}
        />
        {variant === 'NG' ? (
          <Choice
            label={t('earningsScreens.bank.bank')}
            placeholder={t('earningsScreens.bank.select')}
            options={NIGERIAN_BANKS.map((bank) => ({ value: bank.code, label: bank.name }))}
            error={error('bankCode')}
            {...register('bankCode')}
          />
        ) : (
          <Field
            label={t('earningsScreens.bank.bankName')}
            autoComplete="off"
            error={error('bankName')}
            {...register('bankName')}
          />
        )}
        {variant === 'IBAN' ? (
          <>
            <Field
              label={t('earningsScreens.bank.iban')}
              hint={t('earningsScreens.bank.ibanHelp')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              error={error('accountNumber')}
              {...register('accountNumber')}
            />
            <Field
              label={t('earningsScreens.bank.bic')}
              hint={t('earningsScreens.bank.bicHelp')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              error={error('bankCode')}
              {...register('bankCode')}
            />
          </>
        ) : (
          <>
            {variant === 'NG' ? null : (
              <Field
                label={t(BANK_CODE_LABEL[variant])}
                hint={BANK_CODE_HINT[variant] ? t(BANK_CODE_HINT[variant]) : undefined}
                inputMode="numeric"
                autoComplete="off"
                error={error('bankCode')}
                {...register('bankCode')}
              />
            )}
            <Field
              label={t(variant === 'NG' ? 'earningsScreens.bank.nuban' : 'earningsScreens.bank.accountNumber')}
              hint={ACCOUNT_NUMBER_HINT[variant] ? t(ACCOUNT_NUMBER_HINT[variant]) : undefined}
              inputMode="numeric"
              autoComplete="off"
              error={error('accountNumber')}
              {...register('accountNumber')}
            />
          </>
        )}
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
                date: new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(
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
