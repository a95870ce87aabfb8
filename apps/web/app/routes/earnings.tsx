import { useTranslation } from 'react-i18next';
import { useUserInfo } from '#app/api/use-user-info';
import { requireSession } from '#app/features/auth/lib/require-session';
import { StatementDownloads } from '#app/features/documents/components/statement-downloads';
import { useBankAccount } from '#app/features/money/api/get-bank-account';
import { useEarningsSummary } from '#app/features/money/api/get-earnings-summary';
import { BankAccountForm } from '#app/features/money/components/bank-account-form';
import { EarningsHistory } from '#app/features/money/components/earnings-history';
import { EarningsSummary } from '#app/features/money/components/earnings-summary';
import { EarningsCharts } from '#app/features/money/components/money-charts';
import { PayoutDialog } from '#app/features/money/components/payout-dialog';
import { EARNINGS_MODALS } from '#app/features/money/lib/earnings-modals';
import { monthOf, todayInZone } from '#app/lib/dates';
import { asCurrency } from '#app/lib/money';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { useModals } from '#app/ui/modal-manager';
import { Spinner } from '#app/ui/spinner';
import type { Route } from './+types/earnings';

/** /earnings/ (providers, SPEC.md §2): what can be paid out, payouts, the payout bank account. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

const RECENT = 5;

export default function EarningsPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const modals = useModals();
  const summary = useEarningsSummary();
  const bankAccount = useBankAccount();
  const user = useUserInfo();
  const zone = useViewerZone();

  return (
    <>
      <title>{`${t('earningsScreens.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('earningsScreens.title')}</h1>
      <p className="mt-1 mb-6 text-slate-600">{t('earningsScreens.intro')}</p>
      <LoadGate query={summary}>
        {(data) => (
          <>
            <EarningsSummary
              summary={data}
              language={lang}
              hasBankAccount={Boolean(bankAccount.data)}
              onPayout={() => modals.open(EARNINGS_MODALS.payout)}
            />
            <PayoutDialog currency={asCurrency(data.currency)} available={data.available} language={lang} />
          </>
        )}
      </LoadGate>
      {zone ? (
        <div className="mt-6">
          <StatementDownloads initialMonth={monthOf(todayInZone(zone))} />
        </div>
      ) : null}
      <div className="mt-6 grid items-start gap-6 xl:grid-cols-2">
        <section
          aria-labelledby="bank-account-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="bank-account-heading" className="text-lg font-semibold">
            {t('earningsScreens.bank.heading')}
          </h2>
          <p className="mt-1 mb-5 text-sm text-slate-600">{t('earningsScreens.bank.intro')}</p>
          {user.isPending ? (
            <div className="flex justify-center py-10 text-brand-700">
              <Spinner />
            </div>
          ) : (
            <LoadGate query={bankAccount}>
              {(account) => (
                <BankAccountForm
                  key={account?.updatedAt ?? 'new'}
                  countryCode={user.data?.country?.code}
                  account={account}
                  language={lang}
                />
              )}
            </LoadGate>
          )}
        </section>
        <section
          aria-labelledby="earnings-recent-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="earnings-recent-heading" className="text-lg font-semibold">
              {t('earningsScreens.history.recent')}
            </h2>
            <Link
              to={innerPaths.earningsHistory(lang)}
              className="rounded text-sm font-semibold text-brand-700 hover:underline"
            >
              {t('earningsScreens.history.viewAll')} ›
            </Link>
          </div>
          <EarningsHistory page={1} perPage={RECENT} language={lang} />
        </section>
      </div>
      <EarningsCharts language={lang} />
    </>
  );
}
