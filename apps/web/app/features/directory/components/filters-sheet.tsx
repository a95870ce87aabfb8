import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useWords } from '#app/lib/words';

export interface FiltersSheetProps {
  /** How many filters the search has, shown on the button ("Filters (2)"). */
  count: number;
  /** Changes with every search: the sheet closes once the form has navigated. */
  search: string;
  children: ReactNode;
}

/**
 * The filters beside the results on a wide screen, and on a phone behind a "Filters (n)" button
 * that opens them as a full-screen sheet, so the first result is the first thing below the
 * heading. On a phone they are hidden from the first paint, so hydrating moves nothing; without
 * JavaScript (which the button needs) a `noscript` style shows them below the results instead.
 */
export function FiltersSheet({ count, search, children }: FiltersSheetProps) {
  const { t } = useWords();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const sheetId = useId();

  // A new search (the form navigated) closes the sheet on the results it asked for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search changes
  useEffect(() => setOpen(false), [search]);
  useEffect(() => {
    if (!open) return;
    closer.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      opener.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function close() {
    setOpen(false);
    opener.current?.focus();
  }

  const sheet = open
    ? 'fixed inset-0 z-50 overflow-y-auto bg-white p-4 lg:static lg:z-auto lg:overflow-visible lg:p-4'
    : 'max-lg:hidden';
  const frame = 'h-fit rounded-2xl border border-slate-200 bg-white p-4 shadow-sm max-lg:order-last lg:order-first';
  return (
    <>
      <noscript>
        <style>{'[data-filters-opener]{display:none!important}[data-filters-sheet]{display:block!important}'}</style>
      </noscript>
      <button
        ref={opener}
        type="button"
        onClick={() => setOpen(true)}
        aria-expanded={open}
        aria-controls={sheetId}
        className="mb-4 inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-900 shadow-sm lg:hidden"
        data-testid="filters-button"
        data-filters-opener
      >
        {t('searchScreens.filtersButton', { count })}
      </button>
      {open ? (
        <div
          id={sheetId}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className={`${frame} ${sheet}`}
          data-testid="filters-sheet"
        >
          <div className="mb-4 flex items-center justify-between gap-3 lg:hidden">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {t('searchScreens.filtersTitle')}
            </h2>
            <button
              ref={closer}
              type="button"
              onClick={close}
              className="min-h-11 rounded-lg px-3 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t('searchScreens.closeFilters')}
            </button>
          </div>
          {children}
        </div>
      ) : (
        <aside id={sheetId} className={`${frame} ${sheet}`} data-testid="filters-sheet" data-filters-sheet>
          {children}
        </aside>
      )}
    </>
  );
}

/** How many filters a directory address asks for: each option, the state, the fee range, the time and the text. */
export function filterCount(params: URLSearchParams, lists: readonly string[]): number {
  const options = lists.reduce(
    (sum, list) =>
      sum +
      params
        .getAll(list)
        .flatMap((value) => value.split(','))
        .filter(Boolean).length,
    0,
  );
  const single = ['q', 'state', 'availableWithinDays'].filter((name) => params.get(name)).length;
  const price = params.get('priceMin') || params.get('priceMax') ? 1 : 0;
  return options + single + price;
}
