import { forwardRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#app/ui/cn';
import { FieldMessages, type FieldProps, fieldMessageIds } from '#app/ui/field';

/** Field's props but `type`, which the show/hide toggle sets. */
export type PasswordFieldProps = Omit<FieldProps, 'type'>;

/** A labelled password input with a show/hide toggle; its error is announced and linked. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, error, hint, className, id, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const generated = useId();
  const inputId = id ?? generated;
  const { hintId, errorId } = fieldMessageIds(inputId);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(error ? errorId : null, hint ? hintId : null) || undefined}
          className={cn(
            'min-h-10 w-full rounded-lg border bg-white py-2 pr-11 pl-3 text-sm',
            error ? 'border-red-600' : 'border-slate-300',
          )}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? t('accounts.password.hide') : t('accounts.password.show')}
          aria-pressed={visible}
          aria-controls={inputId}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? <path d="M4 4l16 16" /> : null}
          </svg>
        </button>
      </div>
      <FieldMessages id={inputId} hint={hint} error={error} />
    </div>
  );
});
