import type { Language } from '@app/shared/constants';
import type { EarningsHistoryItem } from '@app/shared/schemas/wallet';
import { useTranslation } from 'react-i18next';
import { money } from '#app/lib/money';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Pagination } from '#app/ui/pagination';
import { Spinner } from '#app/ui/spinner';
import { useEarningsHistory } from '../api/list-earnings-history';
import { errorText } from '../lib/error-text';
import { TransactionList } from './transaction-list';

const PAYOUT_STYLES: Record<string, string> = {
  success: 'bg-green-50 text-green-800',
  pending: 'bg-amber-50 text-amber-900',
  failed: 'bg-red-50 text-red-800',
  reversed: 'bg-slate-100 text-slate-700',
};

function Extra({ item, language }: { item: EarningsHistoryItem; language: Language }) {
  const { t } = useTranslation();
  if (item.payoutStatus) {
    return (
      <span className={cn('inline-flex rounded-full px-2 py-0.5 font-semibold', PAYOUT_STYLES[item.payoutStatus])}>
        {t(`earningsScreens.history.payoutStatuses.${item.payoutStatus}`)}
      </span>
    );
  }
  if (item.grossAmount !== null && item.commission !== null) {
    return (
      <>
        {t('earningsScreens.history.breakdown', {
          gross: money(item.grossAmount, item.currencyCode, language),
          commission: money(item.commission, item.currencyCode, language),
        })}
      </>
    );
  }
  return null;
}

export interface EarningsHistoryProps {
  page: number;
  perPage: number;
  language: Language;
  /** Pages are links when given; the overview shows only the first page. */
  pageHref?(page: number): string;
}

/** Earnings (with price and commission) and payouts (with their status), newest first. */
export function EarningsHistory({ page, perPage, language, pageHref }: EarningsHistoryProps) {
  const { t } = useTranslation();
  const history = useEarningsHistory(page, perPage, language);

  if (history.isPending) {
    return (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner />
      </div>
    );
  }
  if (history.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-slate-700">
        <p role="alert">{errorText(t, history.error)}</p>
        <Button variant="secondary" onClick={() => history.refetch()} loading={history.isRefetching}>
          {t('walletScreens.retry')}
        </Button>
      </div>
    );
  }
  if (history.data.data.length === 0) {
    return <p className="py-10 text-center text-sm text-slate-600">{t('earningsScreens.history.empty')}</p>;
  }
  return (
    <div aria-busy={history.isPlaceholderData || undefined} className={cn(history.isPlaceholderData && 'opacity-60')}>
      <TransactionList
        items={history.data.data}
        language={language}
        extra={(item) => <Extra item={item} language={language} />}
      />
      {pageHref ? (
        <Pagination page={history.data.meta.page} totalPages={history.data.meta.totalPages} hrefFor={pageHref} />
      ) : null}
    </div>
  );
}
