import { useWords } from '#app/lib/words';
import { Link } from '#app/ui/link';

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The address of a page (keeps the list's filters). */
  hrefFor(page: number): string;
}

/** `?…&page=N` from the current search: the href of a page of a list filtered in the URL. */
export function pageSearch(params: URLSearchParams, page: number): string {
  const search = new URLSearchParams(params);
  search.set('page', String(page));
  return `?${search.toString()}`;
}

const linkClass =
  'inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50';
const disabledClass =
  'inline-flex min-h-10 items-center rounded-lg border border-slate-200 px-3 py-2 text-sm font-semibold text-slate-400';

/** Previous / Next links and "Page 2 of 5"; nothing when everything fits on one page. */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  const { t } = useWords();
  if (totalPages <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;
  return (
    <nav aria-label={t('pagination.label')} className="mt-4 flex items-center justify-between gap-3">
      {hasPrevious ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev" preventScrollReset>
          ‹ {t('pagination.previous')}
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          ‹ {t('pagination.previous')}
        </span>
      )}
      <p className="text-sm text-slate-600" aria-current="page">
        {t('pagination.page', { page, total: totalPages })}
      </p>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next" preventScrollReset>
          {t('pagination.next')} ›
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          {t('pagination.next')} ›
        </span>
      )}
    </nav>
  );
}
