import { lazy, Suspense, useId } from 'react';
import type { ChartBand, ChartPoint, ChartSeries } from './chart-types';

/** The palette of every chart, in order; each keeps 3:1 against white. */
export const CHART_COLORS = ['#0f766e', '#b45309', '#4338ca', '#be123c'] as const;

const SeriesChart = lazy(() => import('./series-chart'));

/**
 * A chart with its numbers: the figure's caption names it, the drawing (loaded on demand, hidden
 * from assistive technology) shows it, and a table with the same numbers, formatted for the
 * reader, is what a screen reader reads. The app's one chart library stays behind this.
 */
export function ChartFigure({
  title,
  description,
  kind,
  points,
  series,
  format,
  axisFormat = format,
  rowHeader,
  bands,
  yMax,
}: {
  title: string;
  description?: string;
  kind: 'bar' | 'line';
  points: ChartPoint[];
  series: ChartSeries[];
  /** A value as people read it (money in its currency, a count in the reader's language). */
  format: (value: number) => string;
  /** A shorter form for the axis (compact numbers); `format` when absent. */
  axisFormat?: (value: number) => string;
  /** The heading of the table's first column ("Day", "Month"). */
  rowHeader: string;
  /** Ranges shaded behind the values (severity bands); the table names each value's band. */
  bands?: { header: string; items: ChartBand[] };
  /** The top of the value axis (a measure's maximum score); the data's own when absent. */
  yMax?: number;
}) {
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <figcaption id={titleId} className="font-semibold">
        {title}
      </figcaption>
      {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      <div aria-hidden="true" className="mt-3 h-56">
        <Suspense fallback={null}>
          <SeriesChart
            kind={kind}
            points={points}
            series={series}
            format={format}
            axisFormat={axisFormat}
            bands={bands?.items}
            yMax={yMax}
          />
        </Suspense>
      </div>
      {/* Hidden through a wrapper: a table is never narrower than its content, so a hidden table
          itself still widened the page on a phone and made it scroll sideways. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{rowHeader}</th>
              {series.map((item) => (
                <th key={item.key} scope="col">
                  {item.label}
                </th>
              ))}
              {bands ? <th scope="col">{bands.header}</th> : null}
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                {series.map((item) => (
                  <td key={item.key}>{format(point.values[item.key] ?? 0)}</td>
                ))}
                {bands ? <td>{bandLabel(bands.items, point.values[series[0]?.key ?? ''] ?? 0)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function bandLabel(bands: ChartBand[], value: number): string {
  return bands.find((band) => value >= band.from && value <= band.to)?.label ?? '';
}
