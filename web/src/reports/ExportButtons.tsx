import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { exportFailure } from '../exports/download';
import type { ReportExportResult } from './reportsApi';

/** CSV and XLSX of the run shown; a large one is mailed: said on the page, not only in a passing notice. */
export function ExportButtons({ run: exportAs, testId }: { run: (format: 'csv' | 'xlsx') => Promise<ReportExportResult>; testId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    setMailedTo(null);
    try {
      const result = await exportAs(format);
      // Said on the page, where it stays until closed: a passing notice is easily missed.
      if (result.mailed) setMailedTo(result.email);
    } catch (error) {
      const [key, args] = exportFailure(error);
      notify(key, { type: 'error', messageArgs: args });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-end' }}>
      <Stack direction="row" spacing={1}>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            size="small"
            disabled={busy !== null}
            onClick={() => run(format)}
            data-testid={`${testId}-${format}`}
          >
            {busy === format ? translate('stock.exporting') : translate(`stock.export_${format}`)}
          </Button>
        ))}
      </Stack>
      {mailedTo && (
        <Alert severity="info" role="status" data-testid={`${testId}-mailed`} onClose={() => setMailedTo(null)}>
          {translate('exports.mailed', { email: mailedTo })}
        </Alert>
      )}
    </Stack>
  );
}
