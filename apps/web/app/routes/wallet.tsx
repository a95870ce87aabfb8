import { currencyForCountry, DEFAULT_CURRENCY } from '@app/shared/currency';
import { HydrationBoundary } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { userInfoQuery } from '#app/api/get-user-info';
import { type AnswerableQuery, answerPageQueries, hydratePageQueries } from '#app/api/page-queries';
import { useUserInfo } from '#app/api/use-user-info';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useWalletBalance, walletBalanceQuery } from '#app/features/money/api/get-wallet-balance';
import { walletChartsQuery } from '#app/features/money/api/get-wallet-charts';
import { walletStatsQuery } from '#app/features/money/api/get-wallet-stats';
import { walletTransactionsQuery } from '#app/features/money/api/list-wallet-transactions';
import { BalanceCard } from '#app/features/money/components/balance-card';
import { WalletCharts } from '#app/features/money/components/money-charts';
import { TopUpDialog } from '#app/features/money/components/top-up-dialog';
import { TopUpReturn } from '#app/features/money/components/top-up-return';
import { WalletStats } from '#app/features/money/components/wallet-stats';
import { WalletTransactions } from '#app/features/money/components/wallet-transactions';
import { WALLET_MODALS } from '#app/features/money/lib/modals';
import { filtersFromSearch, searchFromFilters } from '#app/features/money/lib/search-filters';
import { languageOfPath, loadPageWords, preloadCatalog } from '#app/lib/i18n';
import { asCurrency } from '#app/lib/money';
import { useSignalPageShown } from '#app/lib/page-shown';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useModals } from '#app/ui/modal-manager';
import type { Route } from './+types/wallet';

// The wallet is server-rendered: its words (the public and signed-in parts) are there before it hydrates.
await loadPageWords('public', 'app');

/** The page's queries for an address: balance, stats, the user, the charts and the statement page it asks for. */
function walletQueries(url: URL): AnswerableQuery[] {
  return [
    walletBalanceQuery,
    walletStatsQuery,
    userInfoQuery,
    walletChartsQuery,
    walletTransactionsQuery(filtersFromSearch(url.searchParams), languageOfPath(url.pathname)),
  ];
}

/**
 * First load: the server renders the wallet of the client the page credential names, its queries
 * answered by the API in-process (docs/decisions/web-signed-in-pages-seed-their-queries-from-the-apis-answers.md);
 * without one (no cookie, a session that ended, not a client) the browser loads it.
 */
export function loader(args: Route.LoaderArgs) {
  return answerPageQueries(args, ['client'], () => walletQueries(new URL(args.request.url)));
}

/** At hydration, what the server rendered (this tab's person's) seeds the query cache; otherwise the queries start here. */
export function clientLoader(args: Route.ClientLoaderArgs) {
  return hydratePageQueries(
    args,
    () => requireSession(args.request, ['client']),
    () => walletQueries(new URL(args.request.url)),
  );
}
clientLoader.hydrate = true as const;

/** /wallet/ (clients, SPEC.md §2): balance, stats, statement, top-up by card or bank transfer. */
export default function Wallet({ loaderData }: Route.ComponentProps) {
  // On the server: the words this module awaits in the browser come with its modules, not after.
  preloadCatalog(useLocaleData().lang, 'public', 'app');
  useSignalPageShown();
  return (
    <HydrationBoundary state={loaderData?.queries}>
      <WalletPage />
    </HydrationBoundary>
  );
}

function WalletPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const modals = useModals();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const balance = useWalletBalance();
  const user = useUserInfo();
  const walletPath = paths.wallet(lang);
  const filters = filtersFromSearch(searchParams);
  // The card checkout comes back with ?reference= (and Paystack's ?trxref=).
  const reference = searchParams.get('reference') ?? searchParams.get('trxref');
  const currency = balance.data
    ? asCurrency(balance.data.currency)
    : currencyForCountry(user.data?.country?.code, { fallback: DEFAULT_CURRENCY });

  const onReturnFinished = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('reference');
        next.delete('trxref');
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  return (
    <>
      <title>{`${t('walletScreens.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('walletScreens.title')}</h1>
      <p className="mt-1 mb-6 text-slate-600">{t('walletScreens.intro')}</p>
      <div className="grid items-stretch gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <BalanceCard language={lang} onTopUp={() => modals.open(WALLET_MODALS.topUp)} />
        <WalletStats language={lang} />
      </div>
      <WalletCharts language={lang} />
      <div className="mt-6">
        <WalletTransactions
          language={lang}
          filters={filters}
          onFilters={(next) => navigate(`${walletPath}${searchFromFilters({ ...next, page: 1 })}`)}
          pageHref={(page) => `${walletPath}${searchFromFilters({ ...filters, page })}`}
          detailHref={(item) => innerPaths.walletTransaction(lang, item.identifier)}
        />
      </div>
      <TopUpDialog currency={currency} callbackUrl={walletPath} accountPath={paths.account(lang)} />
      {reference ? <TopUpReturn key={reference} reference={reference} onFinished={onReturnFinished} /> : null}
    </>
  );
}
