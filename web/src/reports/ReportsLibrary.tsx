import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Card, CardActionArea, CardContent, Chip, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import BarChartIcon from '@mui/icons-material/BarChart';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import PieChartIcon from '@mui/icons-material/PieChart';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import { useTranslate } from 'ra-core';
import type { ReportChart } from '@portal/contracts';
import { useReportLocale as useShortLocale } from './useLocale';
import { Loading } from '../layout/Loading';
import { compareNumbers, matchReports, titleOf } from './search';
import { useReports } from './useReports';

const CHART_ICONS: Record<ReportChart, typeof BarChartIcon> = {
  bars: BarChartIcon,
  line: ShowChartIcon,
  pie: PieChartIcon,
  table: TableChartIcon,
};

/** /report: the reports library (spec §1), the reports the user may open by display number, with a filter by number or title. */
export default function ReportsLibrary() {
  const translate = useTranslate();
  const locale = useShortLocale();
  const { reports, error } = useReports();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    if (!reports) return [];
    if (!filter.trim()) return [...reports].sort((a, b) => compareNumbers(a.displayNumber, b.displayNumber));
    return matchReports(reports, filter, locale);
  }, [reports, filter, locale]);

  if (!reports) return <Loading />;
  return (
    <Stack spacing={3} data-testid="reports-library">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          {translate('reports.library')}
        </Typography>
        <TextField
          id="reports-filter"
          size="small"
          type="search"
          label={translate('reports.filter')}
          placeholder={translate('reports.filterHint')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          sx={{ width: 320 }}
          slotProps={{
            htmlInput: { maxLength: 80 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
      {error && <Alert severity="error">{translate(`errors.${error}`, { _: translate('errors.unexpectedError') })}</Alert>}
      {!error && reports.length === 0 && (
        <Alert severity="info" data-testid="reports-none">
          {translate('reports.none')}
        </Alert>
      )}
      {reports.length > 0 && shown.length === 0 && (
        <Typography color="text.secondary">{translate('reports.noMatch', { filter })}</Typography>
      )}
      <Box
        component="ul"
        aria-label={translate('reports.library')}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}
      >
        {shown.map((report) => {
          const Icon = CHART_ICONS[report.chart] ?? TableChartIcon;
          return (
            <Card component="li" key={report.id} variant="outlined" data-testid="report-card" data-report-id={report.id}>
              <CardActionArea component={RouterLink} to={`/report/${encodeURIComponent(report.id)}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
                    <Chip size="small" color="primary" label={report.displayNumber} sx={{ fontWeight: 700 }} />
                    <Icon fontSize="small" titleAccess={translate(`reports.charts.${report.chart}`)} sx={{ color: 'text.secondary' }} />
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
                      {report.presetOf
                        ? translate('reports.presetOf', { id: report.presetOf })
                        : translate('reports.number', { id: report.id })}
                    </Typography>
                  </Stack>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                    {titleOf(report, locale)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {titleOf({ title: report.description }, locale)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
    </Stack>
  );
}
