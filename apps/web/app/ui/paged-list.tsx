import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { refusalText } from '#app/lib/error-text';
import { useWords } from '#app/lib/words';
import { Button } from './button';
import { Pagination } from './pagination';
import { Spinner } from './spinner';

/** The spinner of a list page while its page loads. */
export function PagedListLoading() {
  return (
    <div className="flex justify-center py-16 text-brand-700">
      <Spinner />
    </div>
  );
}

export interface PagedListProps<Page> {
  /** One page of a list endpoint (`{ data, meta }`). */
  query: UseQueryResult<Page>;
  /** Said when the page has no items. */
  empty: ReactNode;
  /** The page shown, and the address of another (see Pagination). */
  page: number;
  hrefFor(page: number): string;
  /** The items of a page that has some. */
  children(found: Page): ReactNode;
}

/**
 * The body of a paged list page (the directory, the appointments): a spinner while the page
 * loads, "Failed to load" with a retry (a refusal: the server's reason), the `empty` message when the page has no items, else the
 * items and the Previous / Next links.
 */
export function PagedList<Page extends { data: readonly unknown[]; meta: { totalPages: number } }>({
  query,
  empty,
  page,
  hrefFor,
  children,
}: PagedListProps<Page>) {
  const { t } = useWords();
  if (query.isPending) return <PagedListLoading />;
  if (query.isError) {
    const refusal = refusalText(query.error);
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center">
        <p role="alert" className="text-slate-700">
          {refusal ?? t('common.failedToLoad')}
        </p>
        {refusal ? null : (
          <Button variant="secondary" onClick={() => query.refetch()} loading={query.isRefetching}>
            {t('bookingScreens.retry')}
          </Button>
        )}
      </div>
    );
  }
  const found = query.data;
  if (found.data.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        {empty}
      </p>
    );
  }
  return (
    <>
      {children(found)}
      {found.meta ? <Pagination page={page} totalPages={found.meta.totalPages} hrefFor={hrefFor} /> : null}
    </>
  );
}
