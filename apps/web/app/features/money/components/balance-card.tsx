import type { Language } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { money, moneyList } from '#app/lib/money';
import { Button } from '#app/ui/button';
import { Spinner } from '#app/ui/spinner';
import { useWalletBalance } from '../api/get-wallet-balance';

export interface BalanceCardProps {
  language: Language;
  onTopUp(): void;
}

/** The balance in the owner's currency; 'Failed to load' when the call fails (SPEC.md §8). */
export function BalanceCard({ language, onTopUp }: BalanceCardProps) {
  const { t } = useTranslation();
  const balance = useWalletBalance();
  return (
    <section
      aria-labelledby="wallet-balance-heading"
      className="flex flex-col justify-between gap-6 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-800 p-6 text-white shadow-sm"
    >
      <div>
        <h2 id="wallet-balance-heading" className="text-sm font-medium text-brand-100">
          {t('walletScreens.balance.label')}
        </h2>
        {balance.isPending ? (
          <div className="mt-3">
            <Spinner />
          </div>
        ) : balance.isError ? (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <p role="alert" className="text-lg font-semibold">
              {t('common.failedToLoad')}
            </p>
            <button
              type="button"
              onClick={() => void balance.refetch()}
              className="rounded-md text-sm font-semibold text-white underline underline-offset-2"
            >
              {t('walletScreens.retry')}
            </button>
          </div>
        ) : (
          <>
            <p data-testid="wallet-balance" className="mt-2 text-4xl font-semibold tracking-tight tabular-nums">
              {money(balance.data.balance, balance.data.currency, language)}
            </p>
            <p className="mt-1 text-sm text-brand-100">
              {t('walletScreens.balance.currency', { currency: balance.data.currency })}
            </p>
            {balance.data.others.length > 0 ? (
              <p data-testid="wallet-other-balances" className="mt-2 text-sm text-white">
                {t('walletScreens.balance.others', { amounts: moneyList(balance.data.others, language) })}
              </p>
            ) : null}
          </>
        )}
      </div>
      <Button variant="secondary" onClick={onTopUp} className="self-start">
        {t('walletScreens.topUp.open')}
      </Button>
    </section>
  );
}
