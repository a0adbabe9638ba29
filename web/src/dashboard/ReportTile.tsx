import { useEffect, useState } from 'react';
import { Box, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { DateRange, ReportResultDto } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import ReportChart from '../reports/ReportChart';
import { hasFigures } from '../reports/chartData';
import { formatCell, formatDay } from '../reports/format';
import { runReport } from '../reports/reportsApi';

const TABLE_ROWS = 4;

/**
 * A report pinned on the dashboard: its chart at tile size, for the tile's range or the report's
 * default one, in the user's scope (the server runs it as on /report/{id}); a table-only report
 * shows its first rows.
 */
export default function ReportTile({ id, range, locale }: { id: string; range?: DateRange; locale: string }) {
  const translate = useTranslate();
  const [result, setResult] = useState<ReportResultDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    setResult(null);
    setError(null);
    runReport(id, range ? { range } : {}, abort.signal).then(setResult, (e) => {
      if ((e as Error | null)?.name !== 'AbortError') setError(errorKeyOf(e));
    });
    return () => abort.abort();
  }, [id, range]);

  if (error)
    return (
      <Typography color="error" variant="body2">
        {translate(`errors.${error}`, { _: translate('errors.unexpectedError') })}
      </Typography>
    );
  if (!result) return <Typography color="text.secondary">{translate('app.loading')}</Typography>;
  const period = (
    <Typography variant="caption" color="text.secondary" data-testid="report-tile-period">
      {translate('reports.period', { from: formatDay(result.from), to: formatDay(result.to) })}
    </Typography>
  );
  if (result.rows.length === 0)
    return (
      <>
        {period}
        <Typography color="text.secondary" variant="body2" data-testid="chart-empty">
          {translate('reports.empty')}
        </Typography>
      </>
    );
  if (!hasFigures(result)) {
    const columns = result.columns.slice(0, 3);
    return (
      <>
        {period}
        <Table size="small" data-testid="report-tile-table">
          <TableBody>
            {result.rows.slice(0, TABLE_ROWS).map((row, i) => (
              <TableRow key={i}>
                {columns.map((c) => (
                  <TableCell
                    key={c.key}
                    sx={{ py: 0.25, px: 0.5, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 160 }}
                  >
                    {formatCell(row[c.key], c.type, locale)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </>
    );
  }
  return (
    <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="report-tile-chart">
      {period}
      <Box sx={{ flexGrow: 1, minHeight: 0, position: 'relative' }}>
        <Box sx={{ position: 'absolute', inset: 0 }} aria-hidden="true" inert>
          <ReportChart result={result} locale={locale} compact />
        </Box>
      </Box>
    </Box>
  );
}
