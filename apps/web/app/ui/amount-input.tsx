import type { CurrencyCode } from '@app/shared/currency';
import { groupThousands } from '@app/shared/money';
import { forwardRef, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { currencySymbol } from '#app/lib/money';
import { cn } from './cn';
import { FieldMessages, fieldMessageIds } from './field';

export interface AmountInputProps {
  label: ReactNode;
  currency: CurrencyCode;
  /** The text as shown, with thousands separators ("12,500"). */
  value: string;
  onChange(text: string): void;
  onBlur?(): void;
  name?: string;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
}

/** Digits and commas only; the separators are recomputed, so "12500" and "1,2500" both read "12,500". */
export function formatAmountText(typed: string): string {
  return groupThousands(typed.replace(/[^\d,]/g, ''));
}

/** How many digits stand before `position` in `text`: the caret's place that survives regrouping. */
function digitsBefore(text: string, position: number): number {
  return text.slice(0, position).replace(/\D/g, '').length;
}

function positionAfterDigits(text: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (/\d/.test(text[index] as string)) seen += 1;
    if (seen === digits) return index + 1;
  }
  return text.length;
}

/**
 * A money amount in major units (SPEC.md §5 "Top-up"): only digits and commas can be typed and
 * thousands separators appear while typing, with the caret kept beside the digit it was next to.
 */
export const AmountInput = forwardRef<HTMLInputElement, AmountInputProps>(function AmountInput(
  { label, currency, value, onChange, onBlur, name, error, hint, disabled },
  forwardedRef,
) {
  const id = useId();
  const inputId = `${id}-amount`;
  const { hintId, errorId } = fieldMessageIds(id);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const caretDigits = useRef<number | null>(null);

  // After React writes the regrouped text, put the caret back after the same digit.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || caretDigits.current === null || document.activeElement !== input) return;
    const position = positionAfterDigits(value, caretDigits.current);
    input.setSelectionRange(position, position);
    caretDigits.current = null;
  }, [value]);

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div
        className={cn(
          'flex min-h-11 items-center rounded-lg border bg-white has-[input:focus-visible]:border-brand-600 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
          error ? 'border-red-600' : 'border-slate-300',
          disabled && 'bg-slate-100',
        )}
      >
        <span aria-hidden="true" className="pl-3 text-base font-semibold text-slate-600">
          {currencySymbol(currency)}
        </span>
        <input
          ref={(node) => {
            inputRef.current = node;
            if (typeof forwardedRef === 'function') forwardedRef(node);
            else if (forwardedRef) forwardedRef.current = node;
          }}
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          disabled={disabled}
          onBlur={onBlur}
          onChange={(event) => {
            const typed = event.target.value;
            const caret = event.target.selectionStart ?? typed.length;
            caretDigits.current = digitsBefore(typed, caret);
            onChange(formatAmountText(typed));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(hint ? hintId : null, error ? errorId : null) || undefined}
          className="min-w-0 flex-1 rounded-lg bg-transparent px-2 py-2 text-base tabular-nums"
          // The frame with the currency symbol shows the focus instead.
          style={{ outline: 'none' }}
        />
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
});
