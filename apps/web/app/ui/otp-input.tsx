import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useWords } from '#app/lib/words';
import { cn } from './cn';

export interface OtpInputProps {
  /** The group's label ("One-time code"). */
  label: string;
  value: string;
  onChange(value: string): void;
  /** Called once every box holds a character. */
  onComplete?(value: string): void;
  length?: number;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
}

const characters = (text: string) => [...text].filter((char) => !/\s/.test(char));

function toBoxes(value: string, length: number): string[] {
  const chars = characters(value).slice(0, length);
  return Array.from({ length }, (_, index) => chars[index] ?? '');
}

/**
 * A one-time code in single-character boxes (SPEC.md §5 "Update email"): typing moves to the next
 * box, Backspace goes back, arrows move, and pasting exactly `length` characters fills every box.
 */
export function OtpInput({
  label,
  value,
  onChange,
  onComplete,
  length = 6,
  error,
  disabled,
  autoFocus,
  id,
}: OtpInputProps) {
  const { t } = useWords();
  const generated = useId();
  const baseId = id ?? generated;
  const labelId = `${baseId}-label`;
  const errorId = `${baseId}-error`;
  const [boxes, setBoxes] = useState(() => toBoxes(value, length));
  const refs = useRef<Array<HTMLInputElement | null>>([]);

  // A value set from outside (a reset) replaces the boxes; our own changes already match it.
  useEffect(() => {
    setBoxes((current) => (current.join('') === value ? current : toBoxes(value, length)));
  }, [value, length]);

  function focusBox(index: number) {
    const target = refs.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus();
    target?.select();
  }

  function commit(next: string[]) {
    setBoxes(next);
    const joined = next.join('');
    onChange(joined);
    if (next.every(Boolean)) onComplete?.(joined);
  }

  function fillAll(chars: string[]) {
    commit(chars.slice(0, length));
    focusBox(length - 1);
  }

  function onInput(index: number, raw: string) {
    const chars = characters(raw);
    // Autofill (one-time-code) may put the whole code into one box.
    if (chars.length === length) {
      fillAll(chars);
      return;
    }
    const next = [...boxes];
    if (chars.length === 0) {
      next[index] = '';
      commit(next);
      return;
    }
    // The box's text is selected on focus, so what was typed is the last character.
    next[index] = chars[chars.length - 1] ?? '';
    commit(next);
    if (index < length - 1) focusBox(index + 1);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...boxes];
      if (next[index]) {
        next[index] = '';
        commit(next);
      } else if (index > 0) {
        next[index - 1] = '';
        commit(next);
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const chars = characters(event.clipboardData.getData('text'));
    if (chars.length === length) fillAll(chars);
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend id={labelId} className="mb-1 text-sm font-medium">
        {label}
      </legend>
      <div className="flex gap-2">
        {boxes.map((char, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, fixed in number and order.
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            id={index === 0 ? baseId : undefined}
            value={char}
            onChange={(event) => onInput(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
            onFocus={(event) => event.target.select()}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // biome-ignore lint/a11y/noAutofocus: the code step opens to type the code at once.
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            aria-label={t('accounts.otp.digit', { index: index + 1, count: length })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={cn(
              'h-12 w-11 rounded-lg border bg-white text-center text-lg font-semibold text-slate-900 sm:w-12',
              error ? 'border-red-600' : 'border-slate-300',
              disabled && 'bg-slate-100',
            )}
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
