import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTheme } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReportResultDto } from '@portal/contracts';
import { foldSlices } from '../core/chartColours';
import { chartData, SERIES_COLOURS } from './chartData';
import { formatCell } from './format';

/**
 * A report's chart (bars, line or pie, as the report declares it), filling its box: the report page
 * gives it a fixed height, a dashboard tile its own size (`compact`: no legend for one series, small ticks).
 */
export default function ReportChart({ result, locale, compact = false }: { result: ReportResultDto; locale: string; compact?: boolean }) {
  const theme = useTheme();
  const translate = useTranslate();
  const { points, series } = chartData(result, locale);
  if (result.chart.type === 'table' || series.length === 0) return null;
  const tick = { fill: theme.palette.text.secondary, fontSize: compact ? 11 : 12 };
  const tooltip = {
    contentStyle: {
      background: theme.palette.background.paper,
      color: theme.palette.text.primary,
      border: `1px solid ${theme.palette.divider}`,
    },
    formatter: (value: unknown, _name: unknown, item: { dataKey?: unknown }) => {
      const column = series.find((s) => s.key === item.dataKey)?.column ?? series[0].column;
      return formatCell(value as number, column.type, locale);
    },
  };
  const legend = series.length > 1 || !compact;
  // One colour per slice: beyond the palette, the rest is one « Autres » slice.
  const key = series[0].key;
  const slices = foldSlices(points, (rest) => ({
    label: translate('common.others'),
    [key]: rest.reduce((t, p) => t + Number(p[key] ?? 0), 0),
  }));
  const valueTick = (value: number) => (series.length === 1 ? formatCell(value, series[0].column.type, locale) : String(value));
  const margin = { top: 8, right: 12, bottom: 0, left: compact ? 0 : 8 };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
      <XAxis dataKey="label" tick={tick} stroke={theme.palette.text.secondary} />
      <YAxis
        tick={tick}
        stroke={theme.palette.text.secondary}
        tickFormatter={valueTick}
        width={compact ? 48 : 72}
        tickCount={compact ? 3 : 5}
      />
      <Tooltip {...tooltip} />
      {legend && <Legend wrapperStyle={{ fontSize: 12, color: theme.palette.text.primary }} itemSorter={null} />}
    </>
  );
  const chart =
    result.chart.type === 'pie' ? (
      <PieChart accessibilityLayer={false}>
        <Pie data={slices} dataKey={series[0].key} nameKey="label" outerRadius="75%" isAnimationActive={false}>
          {slices.map((p, i) => (
            <Cell key={`${p.label}-${i}`} fill={SERIES_COLOURS[i]} />
          ))}
        </Pie>
        <Tooltip {...tooltip} />
        <Legend
          layout="vertical"
          align="right"
          verticalAlign="middle"
          wrapperStyle={{ fontSize: 12 }}
          itemSorter={null}
          formatter={(label) => <span style={{ color: theme.palette.text.primary }}>{label}</span>}
        />
      </PieChart>
    ) : result.chart.type === 'line' ? (
      <LineChart data={points} margin={margin} accessibilityLayer={false}>
        {axes}
        {series.map((s, i) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.name}
            stroke={SERIES_COLOURS[i % SERIES_COLOURS.length]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    ) : (
      <BarChart data={points} margin={margin} accessibilityLayer={false}>
        {axes}
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={SERIES_COLOURS[i % SERIES_COLOURS.length]} isAnimationActive={false} />
        ))}
      </BarChart>
    );
  return (
    <ResponsiveContainer width="100%" height="100%">
      {chart}
    </ResponsiveContainer>
  );
}
