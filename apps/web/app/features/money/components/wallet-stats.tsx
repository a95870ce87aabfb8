import type { Language } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { money } from '#app/lib/money';
import { Button } from '#app/ui/button';
import { Spinner } from '#app/ui/spinner';
import { useWalletStats } from '../api/get-wallet-stats';

/** Money in and out, ever and this month, and how many entries the statement has. */
export function WalletStats({ language }: { language: Language }) {
  const { t } = useTranslation();
  const stats = useWalletStats();
  return (
    <section
      aria-labelledby="wallet-stats-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="wallet-stats-heading" className="text-lg font-semibold">
        {t('walletScreens.stats.heading')}
      </h2>
      {stats.isPending ? (
        <div className="flex justify-center py-6 text-brand-700">
          <Spinner />
        </div>
      ) : stats.isError ? (
        <div className="flex items-center gap-3 py-4 text-sm">
          <p role="alert">{t('common.failedToLoad')}</p>
          <Button variant="secondary" onClick={() => stats.refetch()} loading={stats.isRefetching}>
            {t('walletScreens.retry')}
          </Button>
        </div>
      ) : (
        <dl className="mt-4 grid grid-cols-2 gap-3">
          {(
            [
              ['totalIn', stats.data.totalIn],
              ['totalOut', stats.data.totalOut],
              ['thisMonthIn', stats.data.thisMonthIn],
              ['thisMonthOut', stats.data.thisMonthOut],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="rounded-xl bg-slate-50 p-3">
              <dt className="text-xs font-medium text-slate-600">{t(`walletScreens.stats.${key}`)}</dt>
              <dd className="mt-1 font-semibold tabular-nums">{money(value, stats.data.currency, language)}</dd>
            </div>
          ))}
          <div className="col-span-2 flex items-center justify-between rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-600">{t('walletScreens.stats.count')}</dt>
            <dd className="font-semibold tabular-nums">{stats.data.transactionCount}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
