import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Breadcrumbs, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { reportTitle, todayIn, type ReportResultDto } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { ExportButtons } from './ExportButtons';
import { useReportLocale as useShortLocale } from './useLocale';
import { useTimeZone } from '../user/useUser';
import { Loading } from '../layout/Loading';
import { hasFigures } from './chartData';
import { formatDay } from './format';
import { paramsFromSearch } from './params';
import { ReportParamsBar } from './ReportParamsBar';
import { exportReport, reportQuery, runReport, type ReportParams } from './reportsApi';
import { ReportTable } from './ReportTable';
import { titleOf } from './search';
import { useReports } from './useReports';

const ReportChart = lazy(() => import('./ReportChart'));

type Run = { state: 'loading' } | { state: 'done'; result: ReportResultDto } | { state: 'failed'; key: string };

/** /report/{id} (spec §2): parameters, chart, table and exports of one report of the library. */
export default function ReportPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const locale = useShortLocale();
  const today = todayIn(useTimeZone());
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => paramsFromSearch(search), [search]);
  const { reports } = useReports();
  const definition = reports?.find((r) => r.id === id);
  const [run, setRun] = useState<Run>({ state: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    setRun({ state: 'loading' });
    runReport(id, params, abort.signal).then(
      (result) => setRun({ state: 'done', result }),
      (error) => {
        if ((error as Error | null)?.name !== 'AbortError') setRun({ state: 'failed', key: errorKeyOf(error) });
      },
    );
    return () => abort.abort();
  }, [id, search.toString()]);

  const title = definition ? titleOf(definition, locale) : (reportTitle(id, locale) ?? '');
  if (run.state === 'failed' && ['permissionDenied', 'objectNotFound', 'forbiddenObject'].includes(run.key))
    return (
      <ReportRefused
        id={id}
        title={title}
        reason={run.key === 'permissionDenied' || run.key === 'forbiddenObject' ? 'denied' : 'unknown'}
      />
    );

  const apply = (next: ReportParams) => setSearch(reportQuery(next), { replace: false });
  const result = run.state === 'done' ? run.result : null;

  return (
    <Stack spacing={2.5} data-testid="report-page" data-report-id={id}>
      <Breadcrumbs aria-label={translate('reports.breadcrumb')}>
        <Link component={RouterLink} to="/report" underline="hover" color="inherit">
          {translate('reports.library')}
        </Link>
        <Typography color="text.primary">{definition?.displayNumber ?? id}</Typography>
      </Breadcrumbs>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        {definition && <Chip label={definition.displayNumber} color="primary" data-testid="report-number" sx={{ fontWeight: 700 }} />}
        <Typography variant="h4" component="h1" data-testid="report-title">
          {title || translate('dashboard.report', { id })}
        </Typography>
      </Stack>
      {definition && (
        <Typography color="text.secondary" sx={{ mt: '0 !important' }}>
          {titleOf({ title: definition.description }, locale)}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ReportParamsBar params={params} shown={result ? { from: result.from, to: result.to } : null} today={today} onApply={apply} />
      </Paper>
      {run.state === 'loading' && <Loading />}
      {run.state === 'failed' && (
        <Alert severity="error" data-testid="report-error">
          {translate(`errors.${run.key}`, { _: translate('errors.unexpectedError') })}
        </Alert>
      )}
      {result && (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" data-testid="report-period">
              {translate('reports.period', { from: formatDay(result.from), to: formatDay(result.to) })}
            </Typography>
            <ExportButtons run={(format) => exportReport(id, format, params)} testId="report-export" />
          </Stack>
          {hasFigures(result) && (
            <Paper variant="outlined" sx={{ p: 2, height: 340 }} data-testid="report-chart">
              <Box sx={{ height: '100%' }} aria-hidden="true">
                <Suspense fallback={null}>
                  <ReportChart result={result} locale={locale} />
                </Suspense>
              </Box>
            </Paper>
          )}
          <Paper variant="outlined">
            <ReportTable
              result={result}
              locale={locale}
              caption={title}
              totalLabel={translate('reports.total')}
              emptyText={translate('reports.empty')}
              truncatedText={(shown, count) => translate('reports.truncated', { shown, count })}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}

/** A report the user has no right to (403), or that does not exist (404): said plainly, with the way back. */
function ReportRefused({ id, title, reason }: { id: string; title: string; reason: 'denied' | 'unknown' }) {
  const translate = useTranslate();
  return (
    <Box component="section" data-testid={reason === 'denied' ? 'report-denied' : 'report-unknown'}>
      <Alert severity={reason === 'denied' ? 'warning' : 'info'} variant="outlined">
        <Typography variant="h6" component="h1">
          {translate(reason === 'denied' ? 'reports.deniedTitle' : 'reports.unknownTitle', { id })}
        </Typography>
        <Typography variant="body2">
          {reason === 'denied' ? translate('reports.deniedText', { title: title || id }) : translate('reports.unknownText')}
        </Typography>
      </Alert>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" component={RouterLink} to="/report">
          {translate('reports.backToLibrary')}
        </Button>
        <Button component={RouterLink} to="/dashboard">
          {translate('module.backToDashboard')}
        </Button>
      </Stack>
    </Box>
  );
}
