import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import {
  Alert,
  Box,
  Button,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  formatDate,
  rangeOf,
  todayIn,
  type DateRange,
  type FeverExcursionDto,
  type FeverGraphDto,
  type FeverProbeDto,
} from '@portal/contracts';
import { ApiError, errorKeyOf } from '../core/api';
import { DateInput } from '../dates/DateInput';
import { Loading } from '../layout/Loading';
import { useTimeZone, useUser } from '../user/useUser';
import { feverApi } from './feverApi';
import { excursionMinutes, formatDuration, formatHumidity, formatTemperature, GRAPH_RANGES, periodOf } from './feverLogic';
import { ProbeGraph } from './ProbeGraph';
import { ProbeStateChip } from './ProbeMarker';

/** A probe's page: its live values, the graph over a §9 range or custom days, its excursions and the export. */
export default function ProbePage() {
  const { id } = useParams();
  const probeId = Number(id);
  const translate = useTranslate();
  const notify = useNotify();
  const timeZone = useTimeZone();
  const locale = useUser()?.language.code.replace('_', '-') ?? 'fr-FR';
  const [probe, setProbe] = useState<FeverProbeDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange | ''>('rolling30');
  const [custom, setCustom] = useState<{ from: string; to: string }>(() => {
    const [from, to] = rangeOf('rolling30', todayIn(timeZone));
    return { from, to };
  });
  const [graph, setGraph] = useState<FeverGraphDto | null>(null);
  const [graphError, setGraphError] = useState<string | null>(null);
  const [excursions, setExcursions] = useState<FeverExcursionDto[] | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const period = periodOf(range, custom.from, custom.to);
  const periodKey = JSON.stringify(period);

  useEffect(() => {
    feverApi
      .probe(probeId)
      .then(setProbe)
      .catch((e) => setError(errorKeyOf(e)));
    feverApi
      .excursions(probeId)
      .then((rows) => setExcursions(rows ?? []))
      .catch(() => setExcursions(null));
  }, [probeId]);

  useEffect(() => {
    if (!period) return;
    let current = true;
    setGraphError(null);
    feverApi
      .graph(probeId, period)
      .then((g) => current && setGraph(g))
      .catch((e) => current && setGraphError(errorKeyOf(e)));
    return () => {
      current = false;
    };
  }, [probeId, periodKey]);

  const exportAs = async (format: 'csv' | 'xlsx') => {
    if (!period) return;
    setExporting(format);
    try {
      const result = await feverApi.export(probeId, period, format);
      if (result.mailed) notify('exports.mailed', { type: 'info', messageArgs: { email: result.email } });
    } catch (e) {
      const reason = e instanceof ApiError ? e.params.reason : undefined;
      if (errorKeyOf(e) === 'temperatureExportImpossible' && typeof reason === 'string')
        notify(`fever.exportImpossible.${reason}`, { type: 'error' });
      else notify(`errors.${errorKeyOf(e)}`, { type: 'error', messageArgs: e instanceof ApiError ? e.params : {} });
    } finally {
      setExporting(null);
    }
  };

  if (error) return <Alert severity="error">{translate(`errors.${error}`)}</Alert>;
  if (!probe) return <Loading />;
  const chooseRange = (value: string) => {
    if (!value) {
      const [from, to] = range ? rangeOf(range, todayIn(timeZone)) : [custom.from, custom.to];
      setCustom({ from, to });
    }
    setRange(value as DateRange | '');
  };

  return (
    <Box>
      <Link component={RouterLink} to={probe.planId ? `/fever?plan=${probe.planId}` : '/fever'}>
        {translate('fever.actions.back')}
      </Link>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {probe.label}
        </Typography>
        <ProbeStateChip probe={probe} />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Figure label={translate('fever.f.zone')} value={probe.zone} />
        <Figure label={translate('fever.f.temperature')} value={formatTemperature(probe.temperature, locale)} />
        <Figure label={translate('fever.f.humidity')} value={formatHumidity(probe.humidity, locale)} />
        <Figure
          label={translate('fever.f.minMaxAvg24')}
          value={[probe.minTemperature, probe.maxTemperature, probe.avgTemperature].map((v) => formatTemperature(v, locale)).join(' / ')}
        />
        <Figure
          label={translate('fever.f.lastReading')}
          value={probe.lastReadingAt ? formatDate(probe.lastReadingAt, timeZone, true) : translate('fever.msg.never')}
        />
        <Figure label={translate('fever.f.voltage')} value={probe.voltage === null ? '—' : `${probe.voltage} V`} />
        <Figure label={translate('fever.f.mac')} value={probe.mac} />
      </Stack>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', mb: 1 }}
        >
          <TextField
            select
            size="small"
            label={translate('fever.f.range')}
            value={range}
            onChange={(e) => chooseRange(e.target.value)}
            sx={{ minWidth: 220 }}
            slotProps={{ select: { inputProps: { 'data-range-select': true } } }}
          >
            {GRAPH_RANGES.map((r) => (
              <MenuItem key={r} value={r} data-range={r}>
                {translate(`stock.ranges.${r}`)}
              </MenuItem>
            ))}
            <MenuItem value="" data-range="custom">
              {translate('stock.ranges.custom')}
            </MenuItem>
          </TextField>
          {!range && (
            <>
              <DateInput
                id="fever-from"
                label={translate('fever.f.from')}
                value={custom.from}
                onChange={(from) => setCustom((c) => ({ ...c, from }))}
              />
              <DateInput
                id="fever-to"
                label={translate('fever.f.to')}
                value={custom.to}
                onChange={(to) => setCustom((c) => ({ ...c, to }))}
              />
            </>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={1}>
            {(['csv', 'xlsx'] as const).map((f) => (
              <Button
                key={f}
                variant="outlined"
                size="small"
                disabled={!period || exporting !== null}
                onClick={() => exportAs(f)}
                data-export={f}
              >
                {exporting === f ? translate('stock.exporting') : translate(`stock.export_${f}`)}
              </Button>
            ))}
          </Stack>
        </Stack>
        {graphError && <Alert severity="error">{translate(`errors.${graphError}`)}</Alert>}
        {graph && (
          <>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }} data-graph-figures={graph.resolution}>
              <Figure label={translate('fever.graph.min')} value={formatTemperature(graph.min, locale)} />
              <Figure label={translate('fever.graph.max')} value={formatTemperature(graph.max, locale)} />
              <Figure label={translate('fever.graph.avg')} value={formatTemperature(graph.avg, locale)} />
              <Figure label={translate('fever.graph.resolution')} value={translate(`fever.graph.${graph.resolution}`)} />
            </Stack>
            {graph.points.length ? (
              <ProbeGraph graph={graph} timeZone={timeZone} locale={locale} />
            ) : (
              <Alert severity="info">{translate('fever.msg.noReadings')}</Alert>
            )}
          </>
        )}
      </Paper>

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('fever.excursions.title')}
      </Typography>
      <Excursions excursions={excursions} timeZone={timeZone} locale={locale} />
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 1.5, py: 0.75, minWidth: 120 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Paper>
  );
}

/** The probe's excursions (start, end, duration, peak against its threshold); an excursion in progress says so. */
export function Excursions({ excursions, timeZone, locale }: { excursions: FeverExcursionDto[] | null; timeZone: string; locale: string }) {
  const translate = useTranslate();
  if (excursions === null) return <Alert severity="info">{translate('fever.excursions.unavailable')}</Alert>;
  if (!excursions.length) return <Alert severity="success">{translate('fever.excursions.none')}</Alert>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={translate('fever.excursions.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('fever.excursions.kind')}</TableCell>
            <TableCell>{translate('fever.excursions.start')}</TableCell>
            <TableCell>{translate('fever.excursions.end')}</TableCell>
            <TableCell align="right">{translate('fever.excursions.duration')}</TableCell>
            <TableCell align="right">{translate('fever.excursions.peak')}</TableCell>
            <TableCell align="right">{translate('fever.excursions.threshold')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {excursions.map((e) => (
            <TableRow key={e.id} data-excursion={e.id}>
              <TableCell>{translate(`fever.excursions.kinds.${e.kind}`)}</TableCell>
              <TableCell>{formatDate(e.startedAt, timeZone, true)}</TableCell>
              <TableCell>{e.endedAt ? formatDate(e.endedAt, timeZone, true) : translate('fever.excursions.ongoing')}</TableCell>
              <TableCell align="right">{formatDuration(excursionMinutes(e))}</TableCell>
              <TableCell align="right">
                {e.kind === 'humidity' ? formatHumidity(e.peak, locale) : formatTemperature(e.peak, locale)}
              </TableCell>
              <TableCell align="right">
                {e.kind === 'humidity' ? formatHumidity(e.threshold, locale) : formatTemperature(e.threshold, locale)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
