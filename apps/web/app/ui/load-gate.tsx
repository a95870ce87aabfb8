import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Spinner } from './spinner';

/** Loading and error states of a query, then its data. */
export function LoadGate<T>({ query, children }: { query: UseQueryResult<T>; children(data: T): ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-slate-700">
        <p role="alert">{t('common.failedToLoad')}</p>
        <Button variant="secondary" onClick={() => query.refetch()} loading={query.isRefetching}>
          {t('profileScreens.retry')}
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
