import { Fragment, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  ButtonBase,
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
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import {
  STATISTICS_GRAINS,
  STATISTICS_METRICS,
  todayIn,
  type StatisticsDto,
  type StatisticsGrain,
  type StatisticsMetric,
} from '@portal/contracts';
import { errorKeyOf } from '../../core/api';
import { CHART_COLOURS } from '../../core/chartColours';
import { Loading } from '../../layout/Loading';
import { fitLabelSx } from '../../lists/fitLabel';
import { ExportButtons } from '../../reports/ExportButtons';
import { formatCell, formatDay } from '../../reports/format';
import { ReportParamsBar } from '../../reports/ReportParamsBar';
import { useReportLocale } from '../../reports/useLocale';
import { useTimeZone } from '../../user/useUser';
import { AreaTitle } from '../reference/kit';
import { exportStatistics, readStatistics, statisticsParamsFrom, statisticsQuery, type StatisticsParams } from './statisticsApi';

const StatisticsChart = lazy(() => import('./StatisticsChart'));

/** The metrics drawn when the page opens; a card's click adds or removes its line. */
const FIRST_DRAWN: StatisticsMetric[] = ['activeUsers', 'signIns', 'searches'];

type Read = { state: 'loading' } | { state: 'done'; result: StatisticsDto } | { state: 'failed'; key: string };

/** Statistics (ADMIN_STATISTICS, spec §6 "plus statistics"): the portal's use per depositor over time. */
export default function StatisticsArea() {
  return (
    <Routes>
      <Route index element={<StatisticsPage />} />
      <Route path="*" element={<Navigate to="/admin/statistics" replace />} />
    </Routes>
  );
}

function StatisticsPage() {
  const translate = useTranslate();
  const locale = useReportLocale();
  const today = todayIn(useTimeZone());
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => statisticsParamsFrom(search), [search]);
  const [read, setRead] = useState<Read>({ state: 'loading' });
  const [drawn, setDrawn] = useState<StatisticsMetric[]>(FIRST_DRAWN);
  // The depositors one may choose stay while a new period loads.
  const [choices, setChoices] = useState<StatisticsDto['choices']>(undefined);

  useEffect(() => {
    const abort = new AbortController();
    setRead({ state: 'loading' });
    readStatistics(params, abort.signal).then(
      (result) => {
        setRead({ state: 'done', result });
        setChoices(result.choices);
      },
      (error) => {
        if ((error as Error | null)?.name !== 'AbortError') setRead({ state: 'failed', key: errorKeyOf(error) });
      },
    );
    return () => abort.abort();
  }, [search.toString()]);

  const apply = (next: StatisticsParams) => setSearch(statisticsQuery(next), { replace: false });
  const result = read.state === 'done' ? read.result : null;
  const number = (n: number) => formatCell(n, 'integer', locale);
  const toggle = (metric: StatisticsMetric) =>
    setDrawn((now) =>
      now.includes(metric) ? now.filter((m) => m !== metric) : STATISTICS_METRICS.filter((m) => m === metric || now.includes(m)),
    );

  return (
    <Box component="section" aria-labelledby="statistics-title" data-testid="statistics-page">
      <AreaTitle id="statistics-title" title={translate('adminStatistics.title')}>
        <ExportButtons run={(format) => exportStatistics(format, params)} testId="statistics-export" />
      </AreaTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('adminStatistics.hint')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <ReportParamsBar
          params={params}
          shown={result ? { from: result.from, to: result.to } : null}
          today={today}
          onApply={(next) => apply({ ...next, grain: params.grain })}
          depositors={choices ?? []}
        >
          <TextField
            id="statistics-grain"
            select
            size="small"
            label={translate('adminStatistics.grain')}
            value={params.grain ?? 'day'}
            onChange={(e) => apply({ ...params, grain: e.target.value as StatisticsGrain })}
            sx={fitLabelSx(
              translate('adminStatistics.grain'),
              150,
              STATISTICS_GRAINS.map((g) => translate(`adminStatistics.grains.${g}`)),
            )}
            slotProps={{ inputLabel: { shrink: true } }}
          >
            {STATISTICS_GRAINS.map((g) => (
              <MenuItem key={g} value={g}>
                {translate(`adminStatistics.grains.${g}`)}
              </MenuItem>
            ))}
          </TextField>
        </ReportParamsBar>
      </Paper>
      {read.state === 'loading' && <Loading />}
      {read.state === 'failed' && (
        <Alert severity="error" data-testid="statistics-error">
          {translate(`errors.${read.key}`, { _: translate('errors.unexpectedError') })}
        </Alert>
      )}
      {result && (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary" data-testid="statistics-period">
            {translate('reports.period', { from: formatDay(result.from), to: formatDay(result.to) })}
          </Typography>
          <Box
            role="group"
            aria-label={translate('adminStatistics.drawn')}
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))' }}
          >
            {STATISTICS_METRICS.map((metric) => {
              const on = drawn.includes(metric);
              const colour = CHART_COLOURS[STATISTICS_METRICS.indexOf(metric) % CHART_COLOURS.length];
              return (
                <ButtonBase
                  key={metric}
                  onClick={() => toggle(metric)}
                  aria-pressed={on}
                  title={translate(`adminStatistics.help.${metric}`)}
                  data-testid={`statistics-total-${metric}`}
                  sx={{
                    display: 'block',
                    textAlign: 'left',
                    p: 1.5,
                    borderRadius: 1,
                    border: 1,
                    borderColor: on ? colour : 'divider',
                    borderLeftWidth: 4,
                    borderLeftColor: on ? colour : 'divider',
                    bgcolor: 'background.paper',
                  }}
                >
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {translate(`adminStatistics.metrics.${metric}`)}
                  </Typography>
                  <Typography variant="h5" component="p">
                    {number(result.totals[metric])}
                  </Typography>
                </ButtonBase>
              );
            })}
          </Box>
          <Paper variant="outlined" sx={{ p: 2, height: 320 }} data-testid="statistics-chart">
            <Box sx={{ height: '100%' }} aria-hidden="true">
              <Suspense fallback={null}>
                <StatisticsChart result={result} metrics={drawn} locale={locale} />
              </Suspense>
            </Box>
          </Paper>
          <DepositorsTable result={result} number={number} />
        </Stack>
      )}
    </Box>
  );
}

/** Each depositor's figures over the period, most active first, and the totals (a user of several depositors once). */
function DepositorsTable({ result, number }: { result: StatisticsDto; number: (n: number) => string }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!result.depositors.length)
    return (
      <Alert severity="info" data-testid="statistics-empty">
        {translate('adminStatistics.empty')}
      </Alert>
    );
  // On a phone, a card per depositor: each figure with its name, nothing to scroll sideways.
  if (phone)
    return (
      <Stack spacing={1.5} data-testid="statistics-depositors" aria-label={translate('adminStatistics.perDepositor')}>
        {[...result.depositors, null].map((d) => (
          <Paper
            key={d?.depositorId ?? 'total'}
            variant="outlined"
            sx={{ p: 1.5 }}
            data-depositor={d ? (d.code ?? d.depositorId) : undefined}
          >
            <Typography variant="subtitle2">{d ? (d.code ?? d.depositorId) : translate('reports.total')}</Typography>
            {d?.label && (
              <Typography variant="caption" color="text.secondary">
                {d.label}
              </Typography>
            )}
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.25, m: 0, mt: 1 }}
            >
              {STATISTICS_METRICS.map((m) => (
                <Fragment key={m}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {translate(`adminStatistics.metrics.${m}`)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: d ? 400 : 700 }}>
                    {number((d ?? result.totals)[m])}
                  </Typography>
                </Fragment>
              ))}
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Paper variant="outlined">
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="statistics-depositors">
          <caption style={{ captionSide: 'top', textAlign: 'left' }}>{translate('adminStatistics.perDepositor')}</caption>
          <TableHead>
            <TableRow>
              <TableCell>{translate('adminStatistics.depositor')}</TableCell>
              {STATISTICS_METRICS.map((m) => (
                <TableCell key={m} align="right">
                  {translate(`adminStatistics.metrics.${m}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {result.depositors.map((d) => (
              <TableRow key={d.depositorId} data-depositor={d.code ?? d.depositorId}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {d.code ?? d.depositorId}
                  </Typography>
                  {d.label && (
                    <Typography variant="caption" color="text.secondary">
                      {d.label}
                    </Typography>
                  )}
                </TableCell>
                {STATISTICS_METRICS.map((m) => (
                  <TableCell key={m} align="right">
                    {number(d[m])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            <TableRow sx={{ '& td': { fontWeight: 700 } }}>
              <TableCell>{translate('reports.total')}</TableCell>
              {STATISTICS_METRICS.map((m) => (
                <TableCell key={m} align="right">
                  {number(result.totals[m])}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
