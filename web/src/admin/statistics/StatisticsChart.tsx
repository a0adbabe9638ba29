import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material';
import { useTranslate } from 'ra-core';
import { STATISTICS_METRICS, type StatisticsDto, type StatisticsMetric } from '@portal/contracts';
import { CHART_COLOURS } from '../../core/chartColours';
import { formatCell, formatDay, formatMonth } from '../../reports/format';

/** The period as the axis says it: a day DD/MM/YYYY, a week by its Monday, a month MM/YYYY. */
export function periodLabel(period: string, grain: StatisticsDto['grain'], weekOf: (day: string) => string): string {
  if (grain === 'month') return formatMonth(period);
  return grain === 'week' ? weekOf(formatDay(period)) : formatDay(period);
}

/** One line per metric chosen on the page, one point per period (zeros included). */
export default function StatisticsChart({
  result,
  metrics,
  locale,
}: {
  result: StatisticsDto;
  metrics: StatisticsMetric[];
  locale: string;
}) {
  const theme = useTheme();
  const translate = useTranslate();
  const points = result.series.map((p) => ({
    ...p,
    label: periodLabel(p.period, result.grain, (day) => translate('adminStatistics.weekOf', { day })),
  }));
  const tick = { fill: theme.palette.text.secondary, fontSize: 12 };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis dataKey="label" tick={tick} stroke={theme.palette.text.secondary} minTickGap={16} />
        <YAxis tick={tick} stroke={theme.palette.text.secondary} allowDecimals={false} width={56} />
        <Tooltip
          contentStyle={{
            background: theme.palette.background.paper,
            color: theme.palette.text.primary,
            border: `1px solid ${theme.palette.divider}`,
          }}
          formatter={(value: unknown) => formatCell(Number(value), 'integer', locale)}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: theme.palette.text.primary }} />
        {metrics.map((metric) => (
          <Line
            key={metric}
            type="monotone"
            dataKey={metric}
            name={translate(`adminStatistics.metrics.${metric}`)}
            stroke={CHART_COLOURS[STATISTICS_METRICS.indexOf(metric) % CHART_COLOURS.length]}
            strokeWidth={2}
            dot={result.series.length <= 31}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
