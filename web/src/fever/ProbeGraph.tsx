import { Area, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatDate, formatIn, type FeverGraphDto } from '@portal/contracts';
import { formatTemperature } from './feverLogic';

/**
 * The temperature curve (average per bucket; raw readings as they are), the band between each
 * bucket's min and max on the hourly roll-up, and the zone's thresholds as dashed lines.
 */
export function ProbeGraph({ graph, timeZone, locale }: { graph: FeverGraphDto; timeZone: string; locale: string }) {
  const translate = useTranslate();
  const theme = useTheme();
  const data = graph.points.map((p) => ({ t: Date.parse(p.at), avg: p.avg, band: [p.min, p.max] as [number, number] }));
  const spanDays = (Date.parse(graph.to) - Date.parse(graph.from)) / 86_400_000;
  const tick = (t: number) => formatIn(t, timeZone, spanDays <= 2 ? 'HH:mm' : 'dd/MM');
  const limits = [graph.minTemperature, graph.maxTemperature, graph.min, graph.max].filter((v): v is number => v !== null);
  const domain: [number, number] = limits.length ? [Math.floor(Math.min(...limits) - 1), Math.ceil(Math.max(...limits) + 1)] : [0, 10];
  const text = theme.palette.text.secondary;
  return (
    <ResponsiveContainer width="100%" height={340}>
      <ComposedChart data={data} margin={{ top: 10, right: 20, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={[Date.parse(graph.from), Date.parse(graph.to)]}
          tickFormatter={tick}
          tick={{ fill: text, fontSize: 12 }}
        />
        <YAxis domain={domain} unit=" °C" width={70} tick={{ fill: text, fontSize: 12 }} />
        <Tooltip
          labelFormatter={(t) => formatDate(Number(t), timeZone, true)}
          formatter={(value, name) =>
            Array.isArray(value)
              ? [value.map((v) => formatTemperature(Number(v), locale)).join(' – '), translate('fever.graph.band')]
              : [formatTemperature(Number(value), locale), String(name)]
          }
          contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }}
        />
        <Legend />
        {graph.resolution === 'hour' && (
          <Area
            dataKey="band"
            name={translate('fever.graph.band')}
            stroke="none"
            fill={theme.palette.primary.main}
            fillOpacity={0.2}
            isAnimationActive={false}
          />
        )}
        <Line
          dataKey="avg"
          name={translate('fever.f.temperature')}
          stroke={theme.palette.primary.main}
          dot={false}
          strokeWidth={2}
          isAnimationActive={false}
        />
        {graph.maxTemperature !== null && (
          <ReferenceLine
            y={graph.maxTemperature}
            stroke="#e53935"
            strokeDasharray="6 4"
            label={{
              value: translate('fever.graph.maxLine', { value: formatTemperature(graph.maxTemperature, locale) }),
              fill: '#e53935',
              fontSize: 12,
              position: 'insideTopRight',
            }}
          />
        )}
        {graph.minTemperature !== null && (
          <ReferenceLine
            y={graph.minTemperature}
            stroke="#1e88e5"
            strokeDasharray="6 4"
            label={{
              value: translate('fever.graph.minLine', { value: formatTemperature(graph.minTemperature, locale) }),
              fill: '#1e88e5',
              fontSize: 12,
              position: 'insideBottomRight',
            }}
          />
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
