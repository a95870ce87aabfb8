import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartBand, ChartPoint, ChartSeries } from './chart-types';

/**
 * The drawing of a chart (recharts, SVG). Only ChartFigure loads it, lazily: the library stays
 * out of every page that does not chart. It is hidden from assistive technology, which reads the
 * same numbers from ChartFigure's table, so the chart takes no focus (no accessibility layer).
 */
export default function SeriesChart({
  kind,
  points,
  series,
  format,
  axisFormat,
  bands,
  yMax,
}: {
  kind: 'bar' | 'line';
  points: ChartPoint[];
  series: ChartSeries[];
  format: (value: number) => string;
  axisFormat: (value: number) => string;
  bands?: ChartBand[];
  yMax?: number;
}) {
  const data = points.map((point) => ({ label: point.label, ...point.values }));
  const common = {
    data,
    accessibilityLayer: false,
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
  };
  const axes = (
    <>
      {(bands ?? []).map((band) => (
        <ReferenceArea
          key={band.label}
          y1={band.from}
          y2={band.to}
          fill={band.fill}
          fillOpacity={1}
          ifOverflow="hidden"
        />
      ))}
      <CartesianGrid stroke="#e2e8f0" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} tickLine={false} minTickGap={12} />
      <YAxis
        tick={{ fontSize: 12, fill: '#475569' }}
        tickLine={false}
        axisLine={false}
        width={88}
        tickFormatter={axisFormat}
        allowDecimals={false}
        domain={yMax === undefined ? undefined : [0, yMax]}
      />
      <Tooltip formatter={(value) => format(Number(value))} />
      {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 13 }} /> : null}
    </>
  );
  return (
    <ResponsiveContainer width="100%" height="100%">
      {kind === 'bar' ? (
        <BarChart {...common}>
          {axes}
          {series.map((item) => (
            <Bar key={item.key} dataKey={item.key} name={item.label} fill={item.color} radius={[3, 3, 0, 0]} />
          ))}
        </BarChart>
      ) : (
        <LineChart {...common}>
          {axes}
          {series.map((item) => (
            <Line
              key={item.key}
              dataKey={item.key}
              name={item.label}
              stroke={item.color}
              strokeWidth={2}
              dot={bands ? { r: 4, fill: item.color } : false}
              type="linear"
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
