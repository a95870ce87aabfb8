import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useWords } from '#app/lib/words';
import { cn } from './cn';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SearchableSelectProps {
  label: string;
  options: SelectOption[];
  value: string | null;
  onChange(value: string): void;
  placeholder?: string;
  error?: string;
  id?: string;
}

/**
 * A select with a search box (WAI-ARIA combobox with a listbox): type to filter, arrows to move,
 * Enter to choose, Escape to close. Shows "No matching options found" when nothing matches.
 */
export function SearchableSelect({ label, options, value, onChange, placeholder, error, id }: SearchableSelectProps) {
  const { t } = useWords();
  const generated = useId();
  const baseId = id ?? generated;
  const listId = `${baseId}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const selected = options.find((option) => option.value === value) ?? null;
  const filtered = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return needle ? options.filter((option) => option.label.toLocaleLowerCase().includes(needle)) : options;
  }, [options, query]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function choose(option: SelectOption) {
    onChange(option.value);
    setOpen(false);
    setQuery('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, Math.max(filtered.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      const option = filtered[active];
      if (open && option) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  return (
    <div ref={rootRef} className="relative flex flex-col gap-1">
      <label htmlFor={baseId} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={inputRef}
        id={baseId}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && filtered[active] ? `${baseId}-opt-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        className={cn(
          'min-h-10 rounded-lg border bg-white px-3 py-2 text-sm',
          error ? 'border-red-600' : 'border-slate-300',
        )}
        placeholder={selected?.label ?? placeholder ?? t('select.placeholder')}
        value={open ? query : (selected?.label ?? '')}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute top-full z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {filtered.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-600">{t('select.noOptions')}</p>
          ) : (
            filtered.map((option, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: options are reached with aria-activedescendant from the combobox input, which keeps the focus.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works on the combobox input (arrows, Enter, Escape).
              <div
                key={option.value}
                id={`${baseId}-opt-${index}`}
                role="option"
                aria-selected={option.value === value}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  index === active && 'bg-brand-50',
                  option.value === value && 'font-semibold',
                )}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(index)}
              >
                {option.label}
              </div>
            ))
          )}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
