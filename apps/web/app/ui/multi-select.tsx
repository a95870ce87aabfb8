import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useWords } from '#app/lib/words';
import { cn } from './cn';
import { FieldMessages, fieldMessageIds } from './field';
import type { SelectOption } from './searchable-select';

export interface MultiSelectProps {
  label: string;
  options: SelectOption[];
  value: string[];
  onChange(value: string[]): void;
  placeholder?: string;
  hint?: string;
  error?: string;
  id?: string;
  disabled?: boolean;
}

/**
 * A searchable multi-select (WAI-ARIA combobox with a multi-selectable listbox), built like
 * SearchableSelect: type to filter, arrows to move, Enter or click to add or remove an option
 * (the list stays open), Backspace on an empty search removes the last choice, Escape closes.
 * Chosen options show as chips with a remove button. "No matching options found" when nothing matches.
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  placeholder,
  hint,
  error,
  id,
  disabled,
}: MultiSelectProps) {
  const { t } = useWords();
  const generated = useId();
  const baseId = id ?? generated;
  const listId = `${baseId}-list`;
  const { hintId, errorId } = fieldMessageIds(baseId);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const chosen = useMemo(() => new Set(value), [value]);
  const selected = useMemo(
    () => value.map((item) => options.find((option) => option.value === item)).filter((o): o is SelectOption => !!o),
    [options, value],
  );
  const filtered = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return needle ? options.filter((option) => option.label.toLocaleLowerCase().includes(needle)) : options;
  }, [options, query]);

  function toggle(option: SelectOption) {
    onChange(chosen.has(option.value) ? value.filter((item) => item !== option.value) : [...value, option.value]);
  }

  function close() {
    setOpen(false);
    setQuery('');
  }

  function remove(option: SelectOption) {
    onChange(value.filter((item) => item !== option.value));
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      setActive((index) => Math.min(index + 1, Math.max(filtered.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      const option = filtered[active];
      if (open && option) {
        event.preventDefault();
        toggle(option);
      }
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      close();
    } else if (event.key === 'Backspace' && query === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  const describedBy = cn(hint ? hintId : null, error ? errorId : null) || undefined;

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={baseId} className="text-sm font-medium">
        {label}
      </label>
      <div
        className={cn(
          'flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5 has-[input:focus-visible]:border-brand-600 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
          error ? 'border-red-600' : 'border-slate-300',
          disabled && 'bg-slate-100',
        )}
      >
        {selected.length > 0 ? (
          <ul className="contents" aria-label={t('select.chosen', { label })}>
            {selected.map((option) => (
              <li
                key={option.value}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-sm text-brand-800"
              >
                {option.label}
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => remove(option)}
                  aria-label={t('select.remove', { label: option.label })}
                  className="inline-flex h-5 w-5 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={inputRef}
          id={baseId}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && filtered[active] ? `${baseId}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          disabled={disabled}
          className="min-w-32 flex-1 bg-transparent px-1 py-0.5 text-sm"
          // The frame around the chips shows the focus instead (the app's global :focus-visible outline wins over classes).
          style={{ outline: 'none' }}
          placeholder={selected.length === 0 ? (placeholder ?? t('select.placeholder')) : t('select.addMore')}
          value={query}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onClick={() => setOpen(true)}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && filtered.length === 0 ? (
        <div
          id={listId}
          role="status"
          className="absolute top-full z-30 mt-1 w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg"
        >
          {t('select.noOptions')}
        </div>
      ) : null}
      {open && filtered.length > 0 ? (
        <div
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-label={label}
          className="absolute top-full z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {filtered.map((option, index) => {
            const isChosen = chosen.has(option.value);
            return (
              // biome-ignore lint/a11y/useFocusableInteractive: options are reached with aria-activedescendant from the combobox input, which keeps the focus.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works on the combobox input (arrows, Enter).
              <div
                key={option.value}
                id={`${baseId}-opt-${index}`}
                role="option"
                aria-selected={isChosen}
                className={cn(
                  'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                  index === active && 'bg-brand-50',
                  isChosen && 'font-semibold',
                )}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => toggle(option)}
                onMouseEnter={() => setActive(index)}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'inline-flex h-4 w-4 shrink-0 items-center justify-center rounded border text-[10px] leading-none',
                    isChosen ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-400',
                  )}
                >
                  {isChosen ? '✓' : ''}
                </span>
                {option.label}
              </div>
            );
          })}
        </div>
      ) : null}
      <FieldMessages id={baseId} hint={hint} error={error} />
    </div>
  );
}
