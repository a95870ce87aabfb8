import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { requireSession } from '#app/features/auth/lib/require-session';
import { EarningsHistory } from '#app/features/money/components/earnings-history';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import type { Route } from './+types/earnings-history';

/** /earnings/history/ (providers, SPEC.md §2): every earning and payout, page by page. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

const PER_PAGE = 20;

export default function EarningsHistoryPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [searchParams] = useSearchParams();
  const requested = Number(searchParams.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const historyPath = innerPaths.earningsHistory(lang);

  return (
    <>
      <title>{`${t('earningsScreens.history.title')} · ${t('nav.brand')}`}</title>
      <Link
        to={paths.earnings(lang)}
        className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline"
      >
        ‹ {t('earningsScreens.history.back')}
      </Link>
      <h1 className="mt-3 text-2xl font-semibold">{t('earningsScreens.history.title')}</h1>
      <p className="mt-1 mb-6 text-slate-600">{t('earningsScreens.history.intro')}</p>
      <section
        aria-label={t('earningsScreens.history.title')}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <EarningsHistory
          page={page}
          perPage={PER_PAGE}
          language={lang}
          pageHref={(next) => (next > 1 ? `${historyPath}?page=${next}` : historyPath)}
        />
      </section>
    </>
  );
}
