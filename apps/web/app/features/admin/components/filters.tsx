import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';

/** A labelled native select (keyboard and screen-reader friendly as is). */
export function SelectFilter({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A filter form whose values go to the URL (so a filtered list can be linked and the back button
 * works): `onApply` receives the form's fields when submitted.
 */
export function FilterForm({
  onApply,
  children,
  searchValue,
}: {
  onApply(values: Record<string, string>): void;
  children?: ReactNode;
  /** Show the search box with this value (omit for no search box). */
  searchValue?: string;
}) {
  const { t } = useTranslation();
  const searchId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onApply(Object.fromEntries([...data.entries()].map(([key, value]) => [key, String(value).trim()])));
  };
  return (
    <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-3">
      {searchValue !== undefined ? (
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium">
            {t('admin.common.search')}
          </label>
          <input
            id={searchId}
            name="searchQuery"
            type="search"
            defaultValue={searchValue}
            placeholder={t('admin.common.searchPlaceholder')}
            className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          />
        </div>
      ) : null}
      {children}
      <Button type="submit" variant="secondary">
        {t('admin.common.filter')}
      </Button>
    </form>
  );
}

/**
 * A switch between the views of one list (a party, a state) as links that set `param` in the URL
 * (and drop the page), the current one marked with aria-current.
 */
export function SwitchLinks<T extends string>({
  label,
  param,
  current,
  options,
}: {
  label: string;
  param: string;
  current: T;
  options: { value: T; label: string }[];
}) {
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.value}>
            <Link
              to={`?${param}=${option.value}`}
              preventScrollReset
              aria-current={option.value === current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-10 items-center rounded-full border px-4 py-1 text-sm font-medium',
                option.value === current
                  ? 'border-brand-700 bg-brand-50 text-brand-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `value` when it is one of `values`, else `fallback` (a list's view read from the URL). */
export function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}
