import { useWords } from '#app/lib/words';
import { Link } from '#app/ui/link';
import type { FilterOption, FilterState } from './search-filters';

/** How many providers elsewhere see clients online (counted up to a limit: `moreThanTotal`), and the search that lists them. */
export interface OnlineElsewhere {
  total: number;
  moreThanTotal: boolean;
  href: string;
}

export interface WidenSearchProps {
  /** The page's query string. */
  params: URLSearchParams;
  /** The lists the page filters by, with their options' names. */
  lists: readonly string[];
  options: Record<string, FilterOption[]>;
  states: FilterState[];
  /** The chosen country's name ('' when every country is searched). */
  countryName: string;
  /** Providers in other countries who see clients online and match the rest (null: not asked). */
  onlineElsewhere: OnlineElsewhere | null;
}

interface Removal {
  key: string;
  label: string;
  href: string;
}

/** The address without one value of a parameter (or the whole parameter), back on the first page. */
function without(params: URLSearchParams, name: string, value?: string): string {
  const next = new URLSearchParams();
  for (const [key, item] of params) {
    if (key === 'cursor' || (key === name && value === undefined)) continue;
    if (key === name && value !== undefined) {
      const kept = item
        .split(',')
        .filter((part) => part !== value)
        .join(',');
      if (kept) next.append(key, kept);
      continue;
    }
    next.append(key, item);
  }
  return `?${next}`;
}

/**
 * What an empty result offers instead of a dead end: each filter to drop, every country, and
 * the providers elsewhere who see clients online.
 */
export function WidenSearch({ params, lists, options, states, countryName, onlineElsewhere }: WidenSearchProps) {
  const { t } = useWords();
  const removals: Removal[] = [];
  const text = params.get('q');
  if (text) removals.push({ key: 'q', label: `“${text}”`, href: without(params, 'q') });
  for (const list of lists) {
    for (const value of params.getAll(list).flatMap((item) => item.split(','))) {
      const name = options[list]?.find((option) => option.key === value)?.name ?? value;
      removals.push({ key: `${list}:${value}`, label: name, href: without(params, list, value) });
    }
  }
  const state = params.get('state');
  if (state) {
    const name = states.find((item) => item.code === state)?.name ?? state;
    removals.push({ key: 'state', label: name, href: without(params, 'state') });
  }
  if (params.get('priceMin') || params.get('priceMax')) {
    const next = new URLSearchParams(without(params, 'priceMin'));
    next.delete('priceMax');
    removals.push({ key: 'price', label: t('searchScreens.widen.price'), href: `?${next}` });
  }
  const within = params.get('availableWithinDays');
  if (within) {
    removals.push({
      key: 'within',
      label: t('searchScreens.withinDays', { count: Number(within) }),
      href: without(params, 'availableWithinDays'),
    });
  }
  const everywhere = new URLSearchParams(without(params, 'state'));
  everywhere.set('country', 'all');
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-6 text-slate-700" data-testid="widen-search">
      <p className="text-center">{t('searchScreens.empty')}</p>
      {removals.length > 0 ? (
        <>
          <h2 className="mt-4 text-sm font-semibold text-slate-900">{t('searchScreens.widen.title')}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {removals.map((removal) => (
              <li key={removal.key}>
                <Link
                  to={removal.href}
                  className="inline-flex min-h-10 items-center rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:border-brand-600"
                >
                  {t('searchScreens.widen.remove', { name: removal.label })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ul className="mt-4 flex flex-col gap-2 text-sm">
        {onlineElsewhere && onlineElsewhere.total > 0 ? (
          <li>
            <Link to={onlineElsewhere.href} className="font-semibold text-brand-700 hover:underline">
              {t(onlineElsewhere.moreThanTotal ? 'searchScreens.widen.onlineMore' : 'searchScreens.widen.online', {
                count: onlineElsewhere.total,
              })}
            </Link>
          </li>
        ) : null}
        {countryName ? (
          <li>
            <Link to={`?${everywhere}`} className="font-semibold text-brand-700 hover:underline">
              {t('searchScreens.widen.allCountries', { country: countryName })}
            </Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
