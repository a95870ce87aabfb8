import { ADMIN_CHART_PERIODS, type AdminChartPeriod, type AdminCharts } from '@app/shared/schemas/charts';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS, ChartFigure } from '#app/ui/charts/chart-figure';
import { chartCount, chartDay, chartMoney, chartPercent } from '#app/ui/charts/chart-formats';
import { LoadGate } from '#app/ui/load-gate';
import { useAdminCharts } from '../api/get-admin-charts';

/** The back office's home: how the marketplace went over the last 30 or 90 days. */
export function AdminChartsPanel({
  days,
  onDays,
  language,
}: {
  days: AdminChartPeriod;
  onDays: (days: AdminChartPeriod) => void;
  language: string;
}) {
  const { t } = useTranslation();
  const charts = useAdminCharts(days);
  return (
    <section aria-labelledby="admin-charts-heading" className="mb-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-charts-heading" className="text-lg font-semibold">
          {t('admin.charts.heading')}
        </h2>
        <fieldset className="flex rounded-lg border border-slate-300 bg-white p-0.5">
          <legend className="sr-only">{t('admin.charts.period')}</legend>
          {ADMIN_CHART_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={period === days}
              onClick={() => onDays(period)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700 ${
                period === days ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {t('admin.charts.lastDays', { days: period })}
            </button>
          ))}
        </fieldset>
      </div>
      <LoadGate query={charts}>{(data) => <Charts data={data} language={language} />}</LoadGate>
    </section>
  );
}

function Charts({ data, language }: { data: AdminCharts; language: string }) {
  const { t } = useTranslation();
  const count = chartCount(language);
  const day = t('admin.charts.day');
  const daily = (pick: (row: AdminCharts['daily'][number]) => Record<string, number>) =>
    data.daily.map((row) => ({ label: chartDay(row.date, language), values: pick(row) }));
  const { noShows } = data;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFigure
        title={t('admin.charts.bookings')}
        kind="bar"
        rowHeader={day}
        points={daily((row) => ({ bookings: row.bookings }))}
        series={[{ key: 'bookings', label: t('admin.charts.bookingsSeries'), color: CHART_COLORS[0] }]}
        format={count}
      />
      {data.revenue.length === 0 ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-600 shadow-sm">
          <p className="font-semibold text-slate-900">{t('admin.charts.revenue')}</p>
          <p className="mt-2">{t('admin.charts.noRevenue')}</p>
        </div>
      ) : (
        data.revenue.map((currency) => {
          const { format, axisFormat } = chartMoney(currency.currencyCode, language);
          return (
            <ChartFigure
              key={currency.currencyCode}
              title={t('admin.charts.revenueIn', { currency: currency.currencyCode })}
              description={t('admin.charts.revenueTotal', { amount: format(currency.totalMinor) })}
              kind="bar"
              rowHeader={day}
              points={currency.daily.map((point) => ({
                label: chartDay(point.date, language),
                values: { revenue: point.amountMinor },
              }))}
              series={[{ key: 'revenue', label: t('admin.charts.revenueSeries'), color: CHART_COLORS[0] }]}
              format={format}
              axisFormat={axisFormat}
            />
          );
        })
      )}
      <ChartFigure
        title={t('admin.charts.signUps')}
        kind="line"
        rowHeader={day}
        points={daily((row) => ({ providers: row.newProviders, clients: row.newClients }))}
        series={[
          { key: 'providers', label: t('admin.charts.newProviders'), color: CHART_COLORS[0] },
          { key: 'clients', label: t('admin.charts.newClients'), color: CHART_COLORS[1] },
        ]}
        format={count}
      />
      <ChartFigure
        title={t('admin.charts.topUpFailures')}
        kind="bar"
        rowHeader={day}
        points={daily((row) => ({ failures: row.topUpFailures }))}
        series={[{ key: 'failures', label: t('admin.charts.topUpFailuresSeries'), color: CHART_COLORS[3] }]}
        format={count}
      />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="font-semibold">{t('admin.charts.noShowRate')}</h3>
        <p className="mt-2 text-3xl font-semibold text-slate-900">
          {noShows.rate === null ? '—' : chartPercent(noShows.rate, language)}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {noShows.sessions === 0
            ? t('admin.charts.noSessions')
            : t('admin.charts.noShowDetail', {
                sessions: count(noShows.sessions),
                clients: count(noShows.clientNoShows),
                providers: count(noShows.providerNoShows),
              })}
        </p>
      </div>
    </div>
  );
}
