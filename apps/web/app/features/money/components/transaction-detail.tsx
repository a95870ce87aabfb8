import type { Language } from '@app/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money, signedMoney } from '#app/lib/money';
import { useReaderDates } from '#app/lib/reader-dates';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Spinner } from '#app/ui/spinner';
import { useWalletTransaction } from '../api/get-wallet-transaction';
import { errorText } from '../lib/error-text';

const STATUS_STYLES: Record<string, string> = {
  success: 'bg-green-50 text-green-800',
  pending: 'bg-amber-50 text-amber-900',
  failed: 'bg-red-50 text-red-800',
  abandoned: 'bg-slate-100 text-slate-700',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-all text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

/** One statement entry (GET /wallet/transactions/{id}); someone else's answers 404 with its message. */
export function TransactionDetail({ id, language }: { id: string; language: Language }) {
  const when = useReaderDates();
  const { t } = useTranslation();
  const transaction = useWalletTransaction(id, language);

  if (transaction.isPending) {
    return (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner />
      </div>
    );
  }
  if (transaction.isError) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white py-10 text-center text-sm text-slate-700">
        <p role="alert">{errorText(t, transaction.error)}</p>
        <Button variant="secondary" onClick={() => transaction.refetch()} loading={transaction.isRefetching}>
          {t('walletScreens.retry')}
        </Button>
      </div>
    );
  }

  const item = transaction.data;
  return (
    <section
      aria-labelledby="transaction-title"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 bg-slate-50 px-5 py-5">
        <div>
          <h2 id="transaction-title" className="text-lg font-semibold">
            {item.title}
          </h2>
          <p className="text-sm text-slate-600">{t(`walletScreens.detail.directions.${item.direction}`)}</p>
        </div>
        <p
          data-testid="transaction-amount"
          className={cn(
            'text-2xl font-semibold tabular-nums',
            item.direction === 'credit' ? 'text-green-700' : 'text-slate-900',
          )}
        >
          {signedMoney(item.amount, item.direction, item.currencyCode, language)}
        </p>
      </div>
      <dl className="divide-y divide-slate-100">
        <Row label={t('walletScreens.detail.type')}>{t(`walletScreens.transactions.types.${item.type}`)}</Row>
        <Row label={t('walletScreens.detail.date')}>
          <time dateTime={item.createdAt}>{when.dateTime(item.createdAt)}</time>
        </Row>
        <Row label={t('walletScreens.detail.balanceAfter')}>
          {money(item.balanceAfter, item.currencyCode, language)}
        </Row>
        {item.description ? <Row label={t('walletScreens.detail.description')}>{item.description}</Row> : null}
        <Row label={t('walletScreens.detail.reference')}>
          <span className="font-mono text-xs">{item.reference}</span>
        </Row>
        {item.payment ? (
          <>
            <Row label={t('walletScreens.detail.channel')}>
              {t(`walletScreens.detail.channels.${item.payment.channel}`)}
            </Row>
            <Row label={t('walletScreens.detail.status')}>
              <span
                className={cn(
                  'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
                  STATUS_STYLES[item.payment.status],
                )}
              >
                {t(`walletScreens.detail.statuses.${item.payment.status}`)}
              </span>
            </Row>
          </>
        ) : null}
      </dl>
    </section>
  );
}
