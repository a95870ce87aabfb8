import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '#app/ui/cn';

export interface ChoiceOption {
  value: string;
  label: string;
  detail?: ReactNode;
}

export interface ChoiceGroupProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  legend: ReactNode;
  options: ChoiceOption[];
  error?: string;
  /** The selected value (for styling only; the input itself is registered with the form). */
  selected?: string;
}

/**
 * A labelled group of radio cards (modality, therapy, payment method). The error is announced
 * and linked to every option; the focus ring shows on the card.
 */
export const ChoiceGroup = forwardRef<HTMLInputElement, ChoiceGroupProps>(function ChoiceGroup(
  { legend, options, error, selected, name, className, ...rest },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={cn('flex flex-col gap-2', className)} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const checked = selected === option.value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 text-sm transition-colors has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
                checked
                  ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
                  : error
                    ? 'border-red-600 bg-white hover:bg-slate-50'
                    : 'border-slate-300 bg-white hover:border-brand-600 hover:bg-brand-50',
              )}
            >
              <input
                ref={ref}
                type="radio"
                name={name}
                value={option.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
                {...rest}
              />
              <span className="flex flex-col">
                <span className="font-medium text-slate-900">{option.label}</span>
                {option.detail ? <span className="text-slate-600">{option.detail}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
});
