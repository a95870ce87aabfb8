import { useWords } from '#app/lib/words';

/** How many therapists a search found; past the API's count limit, "more than" that many. */
export function SearchCount({ total, moreThanTotal }: { total: number; moreThanTotal: boolean }) {
  const { t } = useWords();
  return (
    <p className="mb-4 text-sm text-slate-600" aria-live="polite" data-testid="search-count">
      {t(moreThanTotal ? 'bookingScreens.directory.countMore' : 'bookingScreens.directory.count', { count: total })}
    </p>
  );
}
