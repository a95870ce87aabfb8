import { INSTRUMENTS } from '@app/shared/instruments';
import type { MeasureSeries } from '@app/shared/schemas/forms';
import { useTranslation } from 'react-i18next';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { CHART_COLORS, ChartFigure } from '#app/ui/charts/chart-figure';
import { LoadGate } from '#app/ui/load-gate';
import { useProgress } from '../api/get-progress';
import { BAND_FILLS, dayOf } from '../lib/format';

/** One measure's scores over time, its severity bands shaded behind (half a point past each edge, so they meet). */
function MeasureChart({ series }: { series: MeasureSeries }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone();
  const name = INSTRUMENTS[series.instrument].name;
  const seen = new Map<string, number>();
  // Days in the reader's zone: drawn once it is known (the server cannot know a browser's).
  if (!zone) return null;
  const points = series.points.map((point) => {
    const day = dayOf(point.at, lang, zone);
    const count = (seen.get(day) ?? 0) + 1;
    seen.set(day, count);
    return { label: count > 1 ? `${day} (${count})` : day, values: { score: point.score } };
  });
  return (
    <ChartFigure
      title={t('forms.progress.caption', { name })}
      description={t('forms.progress.description')}
      kind="line"
      points={points}
      series={[{ key: 'score', label: t('forms.progress.score'), color: CHART_COLORS[2] }]}
      format={(value) => String(value)}
      rowHeader={t('forms.progress.date')}
      yMax={series.maxScore}
      bands={{
        header: t('forms.progress.band'),
        items: series.bands.map((band) => ({
          from: Math.max(0, band.min - 0.5),
          to: Math.min(series.maxScore, band.max + 0.5),
          label: t(`forms.bands.${band.band}`),
          fill: BAND_FILLS[band.band] ?? '#f8fafc',
        })),
      }}
    />
  );
}

/** Every measure's chart: a provider's client (`clientId`) or the client's own. */
export function ProgressCharts({ clientId }: { clientId?: string }) {
  const { t } = useTranslation();
  const progress = useProgress(clientId);
  return (
    <section aria-labelledby="forms-progress" className="flex flex-col gap-3">
      <h2 id="forms-progress" className="text-xl font-semibold">
        {t('forms.progress.title')}
      </h2>
      <LoadGate query={progress}>
        {({ data }) =>
          data.length === 0 ? (
            <p className="text-slate-600">{t('forms.progress.empty')}</p>
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              {data.map((series) => (
                <MeasureChart key={series.instrument} series={series} />
              ))}
            </div>
          )
        }
      </LoadGate>
    </section>
  );
}
