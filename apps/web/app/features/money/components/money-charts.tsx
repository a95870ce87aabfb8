import { useTranslation } from 'react-i18next';
import { CHART_COLORS, ChartFigure } from '#app/ui/charts/chart-figure';
import { chartCount, chartMoney, chartMonth } from '#app/ui/charts/chart-formats';
import { LoadGate } from '#app/ui/load-gate';
import { useEarningsCharts } from '../api/get-earnings-charts';
import { useWalletCharts } from '../api/get-wallet-charts';

function ChartsSection({
  id,
  heading,
  intro,
  children,
}: {
  id: string;
  heading: string;
  intro: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="text-lg font-semibold">
        {heading}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{intro}</p>
      {children}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-600 shadow-sm">{text}</p>;
}

/** /earnings/: a provider's earnings and sessions per month, one pair of charts per currency. */
export function EarningsCharts({ language }: { language: string }) {
  const { t } = useTranslation();
  const charts = useEarningsCharts();
  const count = chartCount(language);
  return (
    <ChartsSection
      id="earnings-charts-heading"
      heading={t('earningsScreens.charts.heading')}
      intro={t('earningsScreens.charts.intro')}
    >
      <LoadGate query={charts}>
        {(data) =>
          data.currencies.length === 0 ? (
            <Empty text={t('earningsScreens.charts.empty')} />
          ) : (
            <div className="grid gap-4 xl:grid-cols-2">
              {data.currencies.flatMap((currency) => {
                const { format, axisFormat } = chartMoney(currency.currencyCode, language);
                const points = (pick: (row: (typeof currency.monthly)[number]) => number, key: string) =>
                  currency.monthly.map((row) => ({
                    label: chartMonth(row.month, language),
                    values: { [key]: pick(row) },
                  }));
                return [
                  <ChartFigure
                    key={`${currency.currencyCode}-earned`}
                    title={t('earningsScreens.charts.earned', { currency: currency.currencyCode })}
                    kind="bar"
                    rowHeader={t('earningsScreens.charts.month')}
                    points={points((row) => row.earnedMinor, 'earned')}
                    series={[
                      { key: 'earned', label: t('earningsScreens.charts.earnedSeries'), color: CHART_COLORS[0] },
                    ]}
                    format={format}
                    axisFormat={axisFormat}
                  />,
                  <ChartFigure
                    key={`${currency.currencyCode}-sessions`}
                    title={t('earningsScreens.charts.sessions', { currency: currency.currencyCode })}
                    kind="line"
                    rowHeader={t('earningsScreens.charts.month')}
                    points={points((row) => row.sessions, 'sessions')}
                    series={[
                      { key: 'sessions', label: t('earningsScreens.charts.sessionsSeries'), color: CHART_COLORS[2] },
                    ]}
                    format={count}
                  />,
                ];
              })}
            </div>
          )
        }
      </LoadGate>
    </ChartsSection>
  );
}

/** /wallet/: what a client spent on sessions (net of refunds) and topped up per month, per currency. */
export function WalletCharts({ language }: { language: string }) {
  const { t } = useTranslation();
  const charts = useWalletCharts();
  return (
    <ChartsSection
      id="wallet-charts-heading"
      heading={t('walletScreens.charts.heading')}
      intro={t('walletScreens.charts.intro')}
    >
      <LoadGate query={charts}>
        {(data) =>
          data.currencies.length === 0 ? (
            <Empty text={t('walletScreens.charts.empty')} />
          ) : (
            <div className="grid gap-4 xl:grid-cols-2">
              {data.currencies.map((currency) => {
                const { format, axisFormat } = chartMoney(currency.currencyCode, language);
                return (
                  <ChartFigure
                    key={currency.currencyCode}
                    title={t('walletScreens.charts.spending', { currency: currency.currencyCode })}
                    kind="bar"
                    rowHeader={t('walletScreens.charts.month')}
                    points={currency.monthly.map((row) => ({
                      label: chartMonth(row.month, language),
                      values: { spent: row.spentMinor, toppedUp: row.toppedUpMinor },
                    }))}
                    series={[
                      { key: 'spent', label: t('walletScreens.charts.spent'), color: CHART_COLORS[0] },
                      { key: 'toppedUp', label: t('walletScreens.charts.toppedUp'), color: CHART_COLORS[1] },
                    ]}
                    format={format}
                    axisFormat={axisFormat}
                  />
                );
              })}
            </div>
          )
        }
      </LoadGate>
    </ChartsSection>
  );
}
