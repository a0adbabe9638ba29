import { Alert, AlertTitle, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { TRACKING_MAX_EXPORT_DAYS, TRACKING_MAX_SEARCH_DAYS, type OrderSearchFilter } from '@portal/contracts';
import { ExportButtons } from '../stock/ui';
import type { TrackerSort } from './searchFilter';

/**
 * Spec §5: the search was not sent because its date range is too wide for the screen; the export
 * (written in the background and mailed when large, §9) covers up to TRACKING_MAX_EXPORT_DAYS.
 */
export function TooWideNotice({
  days,
  exportable,
  filter,
  sort,
}: {
  days: number | null;
  exportable: boolean;
  filter: OrderSearchFilter;
  sort: TrackerSort;
}) {
  const translate = useTranslate();
  const limits = { max: TRACKING_MAX_SEARCH_DAYS, exportMax: TRACKING_MAX_EXPORT_DAYS };
  return (
    <Alert severity="warning" variant="outlined" data-testid="too-wide" sx={{ mb: 2 }}>
      <AlertTitle>{translate('pgt.tooWide.title')}</AlertTitle>
      <Stack spacing={1.5}>
        <Typography variant="body2">
          {days ? translate('pgt.tooWide.text', { ...limits, days }) : translate('pgt.tooWide.textServer', limits)}
        </Typography>
        {exportable ? (
          <>
            <Typography variant="body2">{translate('pgt.tooWide.offer', limits)}</Typography>
            <ExportButtons path="/orders/export" filter={filter} sort={sort} />
          </>
        ) : (
          <Typography variant="body2">{translate('pgt.tooWide.noExport', limits)}</Typography>
        )}
      </Stack>
    </Alert>
  );
}
