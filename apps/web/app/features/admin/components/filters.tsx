import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';

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
