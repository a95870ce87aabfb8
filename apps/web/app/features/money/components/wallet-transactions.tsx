import type { Language } from '@app/shared/constants';
import type { TransactionType, WalletTransaction } from '@app/shared/schemas/wallet';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Pagination } from '#app/ui/pagination';
import { Spinner } from '#app/ui/spinner';
import { type TransactionFilters as Filters, useWalletTransactions } from '../api/list-wallet-transactions';
import { errorText } from '../lib/error-text';
import { type FilterValues, TransactionFilters } from './transaction-filters';
import { TransactionList } from './transaction-list';

/** What a client's statement can hold. */
export const CLIENT_TRANSACTION_TYPES: readonly TransactionType[] = ['top_up', 'booking_payment', 'refund'];

export interface WalletTransactionsProps {
  language: Language;
  filters: Filters;
  onFilters(filters: FilterValues): void;
  pageHref(page: number): string;
  detailHref(item: WalletTransaction): string;
}

/** The statement with its filters and pages (SPEC.md §7 GET /wallet/transactions). */
export function WalletTransactions({ language, filters, onFilters, pageHref, detailHref }: WalletTransactionsProps) {
  const { t } = useTranslation();
  const list = useWalletTransactions(filters, language);
  const filtered = Boolean(filters.fromDate || filters.toDate || filters.transactionType);

  return (
    <section
      aria-labelledby="wallet-transactions-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="wallet-transactions-heading" className="text-lg font-semibold">
        {t('walletScreens.transactions.heading')}
      </h2>
      <div className="mt-4 border-b border-slate-100 pb-4">
        <TransactionFilters value={filters} types={CLIENT_TRANSACTION_TYPES} onApply={onFilters} />
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner />
        </div>
      ) : list.isError ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-slate-700">
          <p role="alert">{errorText(t, list.error)}</p>
          <Button variant="secondary" onClick={() => list.refetch()} loading={list.isRefetching}>
            {t('walletScreens.retry')}
          </Button>
        </div>
      ) : list.data.data.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-600">
          {t(filtered ? 'walletScreens.transactions.emptyFiltered' : 'walletScreens.transactions.empty')}
        </p>
      ) : (
        <div aria-busy={list.isPlaceholderData || undefined} className={cn(list.isPlaceholderData && 'opacity-60')}>
          <TransactionList items={list.data.data} language={language} hrefFor={detailHref} />
          <Pagination page={list.data.meta.page} totalPages={list.data.meta.totalPages} hrefFor={pageHref} />
        </div>
      )}
    </section>
  );
}
