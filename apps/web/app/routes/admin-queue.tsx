import type { AdminChartPeriod } from '@app/shared/schemas/charts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminChartsPanel } from '#app/features/admin/components/admin-charts';
import { AdminPage } from '#app/features/admin/components/admin-page';
import { ProviderQueue } from '#app/features/admin/components/provider-queue';
import { useLocaleData } from '#app/lib/shell-data';

/** /admin/: the back office's home: the last 30 or 90 days at a glance (?days=90), then the review queue. */
export default function AdminQueuePage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [searchParams, setSearchParams] = useSearchParams();
  const days: AdminChartPeriod = searchParams.get('days') === '90' ? 90 : 30;
  return (
    <AdminPage title={t('admin.home.title')} intro={t('admin.home.intro')}>
      <AdminChartsPanel
        days={days}
        language={lang}
        onDays={(next) =>
          setSearchParams(
            (current) => {
              const params = new URLSearchParams(current);
              if (next === 30) params.delete('days');
              else params.set('days', String(next));
              return params;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      />
      <section aria-labelledby="admin-queue-heading">
        <h2 id="admin-queue-heading" className="text-lg font-semibold">
          {t('admin.queue.title')}
        </h2>
        <p className="mt-1 mb-4 max-w-3xl text-slate-600">{t('admin.queue.intro')}</p>
        <ProviderQueue />
      </section>
    </AdminPage>
  );
}
