import { forwardRef, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from './cn';
import { FieldMessages } from './field';

interface Described {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return cn(error ? `${id}-error` : null, hint ? `${id}-hint` : null) || undefined;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, Described {
  options: { value: string; label: string }[];
  /** The first, empty option ("Select…" or "Not specified"). */
  emptyLabel: string;
}

/** A labelled native select (short lists: gender, religion, background, discipline). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, options, emptyLabel, className, id, ...rest },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={selectId} className="text-sm font-medium">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        className={cn(
          'min-h-10 rounded-lg border bg-white px-3 py-2 text-sm',
          error ? 'border-red-600' : 'border-slate-300',
        )}
        {...rest}
      >
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={selectId} error={error} hint={hint} />
    </div>
  );
});

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, Described {}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, className, id, ...rest },
  ref,
) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={areaId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        ref={ref}
        id={areaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(areaId, error, hint)}
        className={cn(
          'min-h-28 rounded-lg border bg-white px-3 py-2 text-sm',
          error ? 'border-red-600' : 'border-slate-300',
        )}
        {...rest}
      />
      <FieldMessages id={areaId} error={error} hint={hint} />
    </div>
  );
});

/** A white card with a heading, the container of each form on the profile screens. */
export function Card({
  title,
  description,
  children,
  className,
  headingId,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  headingId: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6', className)}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
