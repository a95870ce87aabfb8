// What a chart draws, in a file of its own: the figure and its lazily loaded drawing both read
// these shapes, and neither imports the other for them.

/** One x position of a chart: its label as people read it, and a value per series key. */
export interface ChartPoint {
  label: string;
  values: Record<string, number>;
}

export interface ChartSeries {
  key: string;
  label: string;
  /** A colour that keeps 3:1 against white (WCAG 1.4.11 for graphics). */
  color: string;
}

/** A range of values shaded behind a chart (a measure's severity band), with its name. */
export interface ChartBand {
  from: number;
  to: number;
  label: string;
  fill: string;
}
