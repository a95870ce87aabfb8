import { type TransactionType, WalletTransactionsQuerySchema } from '@app/shared/schemas/wallet';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';

export interface FilterValues {
  fromDate?: string;
  toDate?: string;
  transactionType?: TransactionType;
}

export interface TransactionFiltersProps {
  value: FilterValues;
  /** The types this person can have (a client has no earnings or payouts). */
  types: readonly TransactionType[];
  onApply(filters: FilterValues): void;
}

type Field = 'fromDate' | 'toDate' | 'transactionType';

const inputClass = 'min-h-10 rounded-lg border bg-white px-3 py-2 text-sm';

/**
 * Date range and type (SPEC.md §3 Wallet: fromDate, toDate, transactionType), checked with the
 * route's own query schema, so "to" before "from" is caught before any call.
 */
export function TransactionFilters({ value, types, onApply }: TransactionFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const [fromDate, setFromDate] = useState(value.fromDate ?? '');
  const [toDate, setToDate] = useState(value.toDate ?? '');
  const [type, setType] = useState<string>(value.transactionType ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  // The address is the truth: back/forward and "clear" change the fields too.
  useEffect(() => {
    setFromDate(value.fromDate ?? '');
    setToDate(value.toDate ?? '');
    setType(value.transactionType ?? '');
  }, [value.fromDate, value.toDate, value.transactionType]);

  const active = Boolean(value.fromDate || value.toDate || value.transactionType);

  function apply() {
    const candidate = {
      fromDate: fromDate || undefined,
      toDate: toDate || undefined,
      transactionType: type || undefined,
    };
    const parsed = WalletTransactionsQuerySchema.safeParse(candidate);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= tMessage(t, issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onApply({
      fromDate: parsed.data.fromDate,
      toDate: parsed.data.toDate,
      transactionType: parsed.data.transactionType,
    });
  }

  const field = (name: Field, label: string, control: (props: Record<string, unknown>) => ReactNode) => {
    const controlId = `${id}-${name}`;
    const errorId = `${controlId}-error`;
    const error = errors[name];
    return (
      <div className="flex min-w-36 flex-1 flex-col gap-1">
        <label htmlFor={controlId} className="text-sm font-medium">
          {label}
        </label>
        {control({
          id: controlId,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
          className: cn(inputClass, error ? 'border-red-600' : 'border-slate-300'),
        })}
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      noValidate
      aria-label={t('walletScreens.transactions.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      className="flex flex-wrap items-start gap-3"
    >
      {field('fromDate', t('walletScreens.transactions.fromDate'), (props) => (
        <input type="date" value={fromDate} onChange={(event) => setFromDate(event.target.value)} {...props} />
      ))}
      {field('toDate', t('walletScreens.transactions.toDate'), (props) => (
        <input type="date" value={toDate} onChange={(event) => setToDate(event.target.value)} {...props} />
      ))}
      {field('transactionType', t('walletScreens.transactions.type'), (props) => (
        <select value={type} onChange={(event) => setType(event.target.value)} {...props}>
          <option value="">{t('walletScreens.transactions.allTypes')}</option>
          {types.map((option) => (
            <option key={option} value={option}>
              {t(`walletScreens.transactions.types.${option}`)}
            </option>
          ))}
        </select>
      ))}
      <div className="flex items-end gap-2 self-end">
        <Button type="submit" variant="secondary">
          {t('walletScreens.transactions.apply')}
        </Button>
        {active ? (
          <Button
            variant="ghost"
            onClick={() => {
              setErrors({});
              onApply({});
            }}
          >
            {t('walletScreens.transactions.clear')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
