import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { refusalText } from '#app/lib/error-text';
import { useWords } from '#app/lib/words';
import { Button } from './button';
import { Spinner } from './spinner';

/** Loading and error states of a query (a refusal says the server's reason), then its data. */
export function LoadGate<T>({ query, children }: { query: UseQueryResult<T>; children(data: T): ReactNode }) {
  const { t } = useWords();
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    const refusal = refusalText(query.error);
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-slate-700">
        <p role="alert">{refusal ?? t('common.failedToLoad')}</p>
        {refusal ? null : (
          <Button variant="secondary" onClick={() => query.refetch()} loading={query.isRefetching}>
            {t('profileScreens.retry')}
          </Button>
        )}
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
