import { useEffect, useState } from 'react';
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
import { Box, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'ra-core';
import { LiveEventNames, type ChartKind, type LiveDashboardEvent } from '@portal/contracts';
import { useLiveRefresh } from '../core/liveHooks';
import { CHART_COLOURS, foldSlices } from '../core/chartColours';
import { errorKeyOf } from '../core/api';
import { useShortLocale } from '../stock/ui';
import { figures, type Figures } from './dashboardApi';
import { axisTick, figureLabel, SOURCE_AXES } from './figureLabels';

/** A chart tile: the real figures of GET /api/dashboard/figures/{source}, nothing invented. */
export default function ChartTile({ source, kind }: { source: string; kind: ChartKind }) {
  const translate = useTranslate();
  const theme = useTheme();
  const locale = useShortLocale();
  const [data, setData] = useState<Figures | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** Bumped when the live stream says this source's figures may have changed: read again, the chart kept meanwhile. */
  const [round, setRound] = useState(0);
  useLiveRefresh(
    [LiveEventNames.dashboard],
    () => setRound((r) => r + 1),
    (m) => (m.data as LiveDashboardEvent).sources.includes(source),
  );

  useEffect(() => {
    figures(source)
      .then((next) => {
        setData(next);
        setError(null);
      })
      .catch((e) => setError(errorKeyOf(e)));
  }, [source, round]);

  if (error) return <Typography color="error">{translate(`errors.${error}`)}</Typography>;
  if (!data) return <Typography color="text.secondary">{translate('app.loading')}</Typography>;
  if (data.series.every((p) => p.value === 0))
    return (
      <Typography color="text.secondary" data-testid="chart-empty">
        {translate(`dashboard.emptyFigures.${source}`, { _: translate('dashboard.noFigures') })}
      </Typography>
    );

  const series = data.series.map((p) => ({ ...p, label: figureLabel(source, p.label, locale, translate) }));
  const slices = foldSlices(series, (rest) => ({ label: translate('common.others'), value: rest.reduce((t, p) => t + p.value, 0) }));
  const axes = SOURCE_AXES[source];
  const xLabel = axes && translate(`dashboard.axis.${axes.x}`);
  const yLabel = axes && translate(`dashboard.axis.${axes.y}`);

  const axis = { stroke: theme.palette.text.secondary, fontSize: 12 };
  const axisTitle = { fill: theme.palette.text.secondary, fontSize: 12 };
  const margin = { top: 4, right: 8, bottom: xLabel ? 14 : 0, left: 0 };
  const tooltip = { contentStyle: { background: theme.palette.background.paper, color: theme.palette.text.primary } };
  const valueName = yLabel ?? translate('dashboard.value');
  const xAxis = (
    <XAxis
      dataKey="label"
      tick={axis}
      tickFormatter={(label: string) => axisTick(source, label)}
      label={xLabel ? { value: xLabel, position: 'insideBottom', offset: -10, ...axisTitle } : undefined}
    />
  );
  const yAxis = <YAxis allowDecimals={false} tickCount={3} tick={axis} />;
  const chart =
    kind === 'pie' ? (
      <PieChart accessibilityLayer={false}>
        <Pie data={slices} dataKey="value" nameKey="label" outerRadius="75%" isAnimationActive={false}>
          {slices.map((point, i) => (
            <Cell key={point.label} fill={CHART_COLOURS[i]} />
          ))}
        </Pie>
        <Tooltip {...tooltip} />
        {/* Beside the pie, so that a one-row tile keeps room for it; in the order of the series (statuses in their course). */}
        <Legend
          layout="vertical"
          align="right"
          verticalAlign="middle"
          wrapperStyle={{ fontSize: 12 }}
          itemSorter={null}
          formatter={(label) => <span style={{ color: theme.palette.text.primary }}>{label}</span>}
        />
      </PieChart>
    ) : kind === 'line' ? (
      <LineChart data={series} margin={margin} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        {xAxis}
        {yAxis}
        <Tooltip {...tooltip} />
        <Line dataKey="value" name={valueName} stroke={theme.palette.primary.main} strokeWidth={2} isAnimationActive={false} />
      </LineChart>
    ) : (
      <BarChart data={series} margin={margin} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        {xAxis}
        {yAxis}
        <Tooltip {...tooltip} />
        <Bar dataKey="value" name={valueName} fill={theme.palette.primary.main} isAnimationActive={false} />
      </BarChart>
    );

  return (
    <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      {/* The value axis titled above it: a rotated title does not fit a one-row tile. */}
      {yLabel && kind !== 'pie' && (
        <Typography variant="caption" color="text.secondary" aria-hidden="true" sx={{ lineHeight: 1.2 }}>
          {yLabel}
        </Typography>
      )}
      <Box sx={{ flexGrow: 1, minHeight: 0, position: 'relative' }}>
        <Box sx={{ position: 'absolute', inset: 0 }} aria-hidden="true" inert>
          <ResponsiveContainer width="100%" height="100%">
            {chart}
          </ResponsiveContainer>
        </Box>
      </Box>
      {/* The same figures as a table for screen readers, hidden in a box: a table ignores the 1 px width
          of .visually-hidden and would widen the page on a phone. */}
      <div className="visually-hidden">
        <table data-testid="chart-figures">
          <caption>{translate('dashboard.figuresTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{xLabel ?? translate('dashboard.label')}</th>
              <th scope="col">{yLabel ?? translate('dashboard.value')}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.label}>
                <td>{point.label}</td>
                <td>{point.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Box>
  );
}
