import type { SelectHTMLAttributes } from 'react';
import { formatTime12, type TimeOption } from '#app/lib/time';
import { cn } from '#app/ui/cn';

export interface TimeSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  value: string;
  options: TimeOption[];
  onChange(value: string): void;
  /** Accessible name (the select has no visible label of its own). */
  label: string;
  invalid?: boolean;
}

/**
 * The time dropdown (SPEC.md §5): hourly options in 12-hour display; options that are impossible
 * or would overlap another range are disabled. A saved value off the hour stays selectable.
 */
export function TimeSelect({ value, options, onChange, label, invalid, className, ...rest }: TimeSelectProps) {
  const known = options.some((option) => option.value === value);
  return (
    <select
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cn(
        'min-h-10 rounded-lg border bg-white px-3 py-2 text-sm tabular-nums',
        invalid ? 'border-red-600' : 'border-slate-300',
        className,
      )}
      {...rest}
    >
      {known ? null : <option value={value}>{formatTime12(value)}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
