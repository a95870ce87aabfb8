import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import { cn } from '#app/ui/cn';

export type PayScope = 'series' | 'session';

/**
 * On the payment step of a series' session: pay every unpaid session of the series at once (one
 * payment, the total of those sessions) or only this session.
 */
export function SeriesPayChoice({
  value,
  onChange,
  unpaidCount,
  totalMinor,
  priceMinor,
  currencyCode,
  disabled,
}: {
  value: PayScope;
  onChange(value: PayScope): void;
  unpaidCount: number;
  totalMinor: number;
  priceMinor: number;
  currencyCode: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const options: Array<{ scope: PayScope; label: string; amount: number }> = [
    {
      scope: 'series',
      label: t('bookingScreens.payment.scopeSeries', { count: unpaidCount }),
      amount: totalMinor,
    },
    { scope: 'session', label: t('bookingScreens.payment.scopeOne'), amount: priceMinor },
  ];
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="series-pay-choice">
      <fieldset>
        <legend className="mb-3 text-lg font-semibold">{t('bookingScreens.payment.scope')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map((option) => (
            <label
              key={option.scope}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 text-sm has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
                value === option.scope
                  ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
                  : 'border-slate-300 bg-white hover:border-brand-600',
              )}
            >
              <input
                type="radio"
                name={`${id}-scope`}
                value={option.scope}
                checked={value === option.scope}
                disabled={disabled}
                onChange={() => onChange(option.scope)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
              />
              <span className="flex flex-col">
                <span className="font-medium text-slate-900">{option.label}</span>
                <span className="text-slate-700 tabular-nums">{priceText(option.amount, currencyCode, lang)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
