import { DIRECTORY_SORTS } from '@app/shared/directory-rules';
import type { NamedItem } from '@app/shared/schemas/common';
import type { Country, State } from '@app/shared/schemas/region';
import { Form } from 'react-router';
import { useWords } from '#app/lib/words';

/** Lists shown open (the common ones) and under "More filters". */
const MAIN_LISTS = ['language', 'therapyApproach', 'modality', 'specialities'] as const;
const MORE_LISTS = ['therapy', 'ageGroup', 'gender', 'religion', 'background', 'trait', 'communication'] as const;
/** Every preference list the form shows (the country list is the country select instead). */
export const FILTER_LISTS: readonly string[] = [...MAIN_LISTS, ...MORE_LISTS];

/** What the form shows of an option: its key (the value sent) and its name. */
export type FilterOption = Pick<NamedItem, 'key' | 'name'>;
/** What the form shows of a state: its code (the value sent) and its name. */
export type FilterState = Pick<State, 'code' | 'name'>;
const WITHIN_DAYS = [1, 3, 7, 14, 30] as const;

const inputClass = 'min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';

export interface SearchFiltersProps {
  /** The page's query string as the form shows it. */
  params: URLSearchParams;
  options: Record<string, FilterOption[]>;
  countries: Country[];
  /** The chosen country's states (for the state filter). */
  states: FilterState[];
  /** Selected country code, or '' for all countries. */
  country: string;
  currencyCode: string;
  /** Opens the US state picker (SPEC.md §2 "Select state"). */
  onPickState?: () => void;
}

/** One list's options as checkboxes, folded away unless some are chosen (the form stays short on a phone). */
function CheckboxGroup({ list, options, params }: { list: string; options: FilterOption[]; params: URLSearchParams }) {
  const { t } = useWords();
  const chosen = new Set(params.getAll(list).flatMap((value) => value.split(',')));
  const count = options.filter((option) => chosen.has(option.key)).length;
  return (
    <details open={count > 0} className="group rounded-lg border border-slate-200 px-3 py-2">
      <summary className="cursor-pointer text-sm font-semibold text-slate-800">
        {t(`searchScreens.lists.${list}`)}
        {count > 0 ? <span className="ml-1 font-normal text-brand-700">({count})</span> : null}
      </summary>
      <fieldset className="filter-options mt-2 flex flex-col gap-1.5">
        <legend className="sr-only">{t(`searchScreens.lists.${list}`)}</legend>
        {options.map((option) => (
          <label key={option.key}>
            <input type="checkbox" name={list} value={option.key} defaultChecked={chosen.has(option.key)} />
            {option.name}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/**
 * The directory's filters as a plain GET form: it works without JavaScript (the server renders
 * the answer) and, with it, navigates in place. Every filter of GET /providers is here.
 */
export function SearchFilters({
  params,
  options,
  countries,
  states,
  country,
  currencyCode,
  onPickState,
}: SearchFiltersProps) {
  const { t } = useWords();
  // Fields the form does not show still travel (none today); the cursor never does: a new search starts at page 1.
  const moreChosen = MORE_LISTS.some((list) => params.has(list));
  return (
    <Form method="get" className="flex flex-col gap-5" aria-label={t('searchScreens.filtersLabel')}>
      <div className="flex flex-col gap-1">
        <label htmlFor="search-q" className="text-sm font-semibold text-slate-800">
          {t('searchScreens.text')}
        </label>
        <input
          id="search-q"
          type="search"
          name="q"
          defaultValue={params.get('q') ?? ''}
          maxLength={100}
          placeholder={t('searchScreens.textPlaceholder')}
          className={inputClass}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="search-country" className="text-sm font-semibold text-slate-800">
            {t('bookingScreens.directory.country')}
          </label>
          <select id="search-country" name="country" defaultValue={country || 'all'} className={inputClass}>
            <option value="all">{t('bookingScreens.directory.allCountries')}</option>
            {countries.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="search-state" className="text-sm font-semibold text-slate-800">
            {t('searchScreens.state')}
          </label>
          <select id="search-state" name="state" defaultValue={params.get('state') ?? ''} className={inputClass}>
            <option value="">{t('searchScreens.anyState')}</option>
            {states.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {onPickState ? (
        <button
          type="button"
          onClick={onPickState}
          className="self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {t('searchScreens.pickUsState')}
        </button>
      ) : null}
      {MAIN_LISTS.map((list) => (
        <CheckboxGroup key={list} list={list} options={options[list] ?? []} params={params} />
      ))}
      <details open={moreChosen} className="rounded-xl border border-slate-200 px-3 py-2">
        <summary className="cursor-pointer text-sm font-semibold text-slate-800">
          {t('searchScreens.moreFilters')}
        </summary>
        <div className="mt-3 flex flex-col gap-4">
          {MORE_LISTS.map((list) => (
            <CheckboxGroup key={list} list={list} options={options[list] ?? []} params={params} />
          ))}
        </div>
      </details>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-semibold text-slate-800">
          {t('searchScreens.price', { currency: currencyCode })}
        </legend>
        <div className="grid grid-cols-2 gap-3">
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            {t('searchScreens.priceMin')}
            <input
              type="number"
              name="priceMin"
              min={0}
              step={1}
              inputMode="numeric"
              defaultValue={params.get('priceMin') ?? ''}
              className={inputClass}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            {t('searchScreens.priceMax')}
            <input
              type="number"
              name="priceMax"
              min={0}
              step={1}
              inputMode="numeric"
              defaultValue={params.get('priceMax') ?? ''}
              className={inputClass}
            />
          </label>
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="search-within" className="text-sm font-semibold text-slate-800">
            {t('searchScreens.availableWithin')}
          </label>
          <select
            id="search-within"
            name="availableWithinDays"
            defaultValue={params.get('availableWithinDays') ?? ''}
            className={inputClass}
          >
            <option value="">{t('searchScreens.anyTime')}</option>
            {WITHIN_DAYS.map((days) => (
              <option key={days} value={days}>
                {t('searchScreens.withinDays', { count: days })}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="search-sort" className="text-sm font-semibold text-slate-800">
            {t('searchScreens.sort')}
          </label>
          <select id="search-sort" name="sort" defaultValue={params.get('sort') ?? 'relevance'} className={inputClass}>
            {DIRECTORY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`searchScreens.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button
        type="submit"
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {t('searchScreens.apply')}
      </button>
    </Form>
  );
}
