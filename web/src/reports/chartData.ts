import type { ReportColumn, ReportResultDto } from '@portal/contracts';
import { formatCell } from './format';
import { titleOf } from './search';

/** Colours of the series and pie slices (web/src/core/chartColours). */
export { CHART_COLOURS as SERIES_COLOURS } from '../core/chartColours';

export interface ChartSeries {
  key: string;
  name: string;
  column: ReportColumn;
}

export interface ChartData {
  /** One point per row: `label` (the x column, formatted) and a number per series key. */
  points: Record<string, string | number>[];
  series: ChartSeries[];
}

/**
 * What recharts draws for a report result: the x column as labels (days DD/MM/YYYY…), the y
 * columns as numbers (an empty cell counts 0). Columns the result does not know are left out.
 */
export function chartData(result: ReportResultDto, locale: string): ChartData {
  const byKey = new Map(result.columns.map((c) => [c.key, c]));
  const x = byKey.get(result.chart.x);
  const series = result.chart.y
    .map((key) => byKey.get(key))
    .filter((c): c is ReportColumn => !!c)
    .map((column) => ({ key: column.key, name: titleOf(column, locale), column }));
  const points = result.rows.map((row) => {
    const point: Record<string, string | number> = { label: x ? formatCell(row[x.key], x.type, locale) : '' };
    for (const s of series) {
      const value = Number(row[s.key] ?? 0);
      point[s.key] = Number.isFinite(value) ? value : 0;
    }
    return point;
  });
  return { points, series };
}

/** Whether there is anything to draw: a chart type, series and at least one figure other than 0. */
export function hasFigures(result: ReportResultDto): boolean {
  return result.chart.type !== 'table' && result.rows.some((row) => result.chart.y.some((key) => Number(row[key] ?? 0) !== 0));
}
