import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '#app/ui/cn';
import { FieldMessages, fieldMessageIds } from '#app/ui/field';

/** The "agree to terms" checkbox with its error linked and announced. */
export const TermsCheckbox = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string }
>(function TermsCheckbox({ label, error, id, className, ...rest }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  const { errorId } = fieldMessageIds(inputId);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="flex cursor-pointer items-start gap-3 text-sm">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
          {...rest}
        />
        <span>{label}</span>
      </label>
      <FieldMessages id={inputId} error={error} />
    </div>
  );
});
