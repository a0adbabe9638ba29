import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { ApiError, errorKeyOf } from '../core/api';
import { downloadStoredExport } from './download';

type State =
  | { kind: 'loading' }
  | { kind: 'done'; name: string }
  | { kind: 'gone' }
  | { kind: 'failed'; key: string; params: Record<string, unknown> };

/**
 * `/exports/:id`, the link of the mail sent when a large export is ready (spec §9). Behind the login,
 * so that a signed-out user comes back here after signing in; the file downloads with their token.
 */
export default function ExportDownloadPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const started = useRef<string | null>(null);

  const download = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'done', name: await downloadStoredExport(id) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setState({ kind: 'gone' });
      else setState({ kind: 'failed', key: errorKeyOf(error), params: error instanceof ApiError ? error.params : {} });
    }
  }, [id]);

  useEffect(() => {
    // Once per export, even when React runs effects twice (StrictMode): one download, not two.
    if (started.current === id) return;
    started.current = id;
    void download();
  }, [id, download]);

  return (
    <Box component="section" aria-labelledby="export-download-title" sx={{ maxWidth: 720, mx: 'auto', py: 4 }}>
      <Paper sx={{ p: 3 }}>
        <Typography id="export-download-title" variant="h5" component="h1" gutterBottom>
          {translate('exports.download.title')}
        </Typography>
        <Box role="status" aria-live="polite" sx={{ my: 2 }}>
          {state.kind === 'loading' && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <CircularProgress size={24} aria-hidden="true" />
              <Typography>{translate('exports.download.loading')}</Typography>
            </Stack>
          )}
          {state.kind === 'done' && <Alert severity="success">{translate('exports.download.done', { name: state.name })}</Alert>}
          {state.kind === 'gone' && (
            <Alert severity="warning">
              <Typography sx={{ fontWeight: 600 }}>{translate('exports.download.goneTitle')}</Typography>
              {translate('exports.download.goneText')}
            </Alert>
          )}
          {state.kind === 'failed' && (
            <Alert severity="error">{translate(`errors.${state.key}`, { _: translate('errors.unexpectedError'), ...state.params })}</Alert>
          )}
        </Box>
        <Stack direction="row" spacing={1}>
          {(state.kind === 'done' || state.kind === 'failed') && (
            <Button variant="contained" onClick={() => void download()}>
              {translate(state.kind === 'done' ? 'exports.download.again' : 'exports.download.retry')}
            </Button>
          )}
          <Button variant={state.kind === 'gone' ? 'contained' : 'text'} component={RouterLink} to="/dashboard">
            {translate('exports.download.home')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
