import type { AdminOverview as AdminOverviewData } from '@app/shared/schemas/overview';
import { useTranslation } from 'react-i18next';
import { type Page, paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import { FigureLink, linkClass } from './card';

type Count = keyof AdminOverviewData['counts'];

/** Each count and the back-office page where it is worked through. */
export const ADMIN_COUNT_PATHS: Record<Count, Page> = {
  providersAwaitingReview: paths.adminQueue,
  reportedReviews: innerPaths.adminReviews,
  contactMessages: innerPaths.adminContact,
  unreconciledPayments: innerPaths.adminOperations,
  failedPayments: innerPaths.adminOperations,
  bookingsToday: innerPaths.adminOperations,
  topUpsToday: innerPaths.adminOperations,
};

/** The operator's overview: the back office's queues as counts, each a link into it. */
export function AdminOverview({ overview }: { overview: AdminOverviewData }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const counts = Object.keys(ADMIN_COUNT_PATHS) as Count[];
  return (
    <section aria-labelledby="admin-counts-heading">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-counts-heading" className="text-lg font-semibold">
          {t('overview.admin.title')}
        </h2>
        <Link to={paths.adminQueue(lang)} className={linkClass}>
          {t('admin.title')}
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {counts.map((count) => (
          <li key={count}>
            <FigureLink
              to={ADMIN_COUNT_PATHS[count](lang)}
              label={t(`overview.admin.counts.${count}`)}
              value={String(overview.counts[count])}
              testId={`count-${count}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
