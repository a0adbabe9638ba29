import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { ImportLineDto, ImportLineStatus, ImportSimulationDto } from '@portal/contracts';
import { api, apiRequest } from '../core/api';
import { saveResponse } from '../core/files';
import { uploadFile } from '../core/upload';
import { useErrorText } from '../i18n/useErrorText';
import { SimulationTable } from './SimulationTable';

const PER_PAGE = 50;
const POLL_MS = 400;

export interface ImportScreenProps {
  /** The API base of the import: `${base}/simulations`, `${base}/sample/{csv|xlsx}`. */
  base: string;
  title: string;
  /** What the file holds, shown above the file choice. */
  help: ReactNode;
  /** A name for the downloaded samples. */
  sampleName: string;
  /** The i18n key of the simulation's summary (what `orders` counts: orders, or rows to write). */
  simulatedSummaryKey?: string;
}

/**
 * An import with simulation: choose a CSV or XLSX file, watch it upload and be read, check the
 * simulation line by line, then import (or import skipping the refused lines) and download the
 * report. The simulation id stays in the address, so a reload finds it again.
 */
export function ImportScreen({ base, title, help, sampleName, simulatedSummaryKey = 'imports.simulatedSummary' }: ImportScreenProps) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const id = search.get('simulation');
  const [sent, setSent] = useState<number | null>(null);
  const [simulation, setSimulation] = useState<ImportSimulationDto | null>(null);
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<ImportLineStatus | ''>('');
  const [lines, setLines] = useState<{ total: number; lines: ImportLineDto[] }>({ total: 0, lines: [] });
  const [error, setError] = useState<string | null>(null);
  /** Bumped when the import starts: the simulation is followed again until it is imported. */
  const [polls, setPolls] = useState(0);
  const busy = sent !== null || simulation?.state === 'reading' || simulation?.state === 'importing';

  // Follows the simulation while the server reads or imports the file.
  useEffect(() => {
    if (!id) return setSimulation(null);
    let stop = false;
    const poll = async () => {
      try {
        const s = await api<ImportSimulationDto>(`${base}/simulations/${id}`);
        if (stop) return;
        setSimulation(s);
        if (s.state === 'reading' || s.state === 'importing') setTimeout(() => void poll(), POLL_MS);
      } catch (e) {
        if (!stop) setError(errorText(e));
      }
    };
    void poll();
    return () => {
      stop = true;
    };
  }, [id, base, polls]);

  const state = simulation?.state;
  useEffect(() => {
    if (!id || (state !== 'simulated' && state !== 'imported' && state !== 'failed')) return;
    const q = new URLSearchParams({ offset: String(page * PER_PAGE), limit: String(PER_PAGE) });
    if (status) q.set('status', status);
    api<{ total: number; lines: ImportLineDto[] }>(`${base}/simulations/${id}/lines?${q}`).then(setLines, (e) => setError(errorText(e)));
  }, [id, base, state, page, status]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setSent(0);
    setPage(0);
    setStatus('');
    try {
      const s = await uploadFile<ImportSimulationDto>(`${base}/simulations?name=${encodeURIComponent(file.name)}`, file, setSent);
      setSimulation(s);
      setSearch({ simulation: s.id });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSent(null);
    }
  };

  const apply = async (force: boolean) => {
    setError(null);
    try {
      setSimulation(await api<ImportSimulationDto>(`${base}/simulations/${id}/import`, { method: 'POST', body: { force } }));
      setPolls((n) => n + 1);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const download = useCallback(
    (path: string, name: string) =>
      apiRequest(path, { accept: '*/*' })
        .then((r) => saveResponse(r, name))
        .catch((e) => setError(errorText(e))),
    [errorText],
  );

  const progress =
    sent !== null ? sent * 100 : state === 'reading' && simulation?.size ? (simulation.read_bytes / simulation.size) * 100 : null;
  const refused = simulation?.counts.refused ?? 0;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Box>{help}</Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" component="label" disabled={busy}>
              {translate('imports.chooseFile')}
              <input
                hidden
                type="file"
                accept=".csv,.xlsx,text/csv"
                data-testid="import-file"
                onChange={(e) => void choose(e.target.files?.[0])}
              />
            </Button>
            <Button variant="outlined" onClick={() => void download(`${base}/sample/csv`, `${sampleName}.csv`)}>
              {translate('imports.sampleCsv')}
            </Button>
            <Button variant="outlined" onClick={() => void download(`${base}/sample/xlsx`, `${sampleName}.xlsx`)}>
              {translate('imports.sampleXlsx')}
            </Button>
          </Stack>
          {busy && (
            <Box>
              <Typography variant="body2">
                {translate(sent !== null ? 'imports.uploading' : state === 'importing' ? 'imports.importing' : 'imports.reading')}
              </Typography>
              <LinearProgress
                aria-label={translate('imports.progress')}
                variant={progress === null ? 'indeterminate' : 'determinate'}
                value={progress ?? undefined}
              />
            </Box>
          )}
        </Stack>
      </Paper>
      {error && <Alert severity="error">{error}</Alert>}
      {simulation?.error && <Alert severity="error">{translate(`errors.${simulation.error.key}`, simulation.error.params ?? {})}</Alert>}
      {simulation && (state === 'simulated' || state === 'imported' || state === 'failed') && (
        <>
          <Alert severity={state === 'imported' ? 'success' : refused ? 'warning' : 'info'} data-testid="import-summary">
            {translate(state === 'imported' ? 'imports.importedSummary' : simulatedSummaryKey, {
              name: simulation.name,
              orders: simulation.orders,
              refused,
              imported: simulation.counts.imported ?? 0,
              already: simulation.counts.already ?? 0,
            })}
          </Alert>
          {state === 'simulated' && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" disabled={!!refused || !simulation.orders} onClick={() => void apply(false)}>
                {translate('imports.import')}
              </Button>
              <Button variant="outlined" color="warning" disabled={!refused || !simulation.orders} onClick={() => void apply(true)}>
                {translate('imports.importForce')}
              </Button>
            </Stack>
          )}
          <SimulationTable
            lines={lines.lines}
            total={lines.total}
            counts={simulation.counts}
            status={status}
            onStatus={(s) => {
              setStatus(s);
              setPage(0);
            }}
            page={page}
            perPage={PER_PAGE}
            onPage={setPage}
            onDownload={() =>
              void download(
                `${base}/simulations/${simulation.id}/report${status ? `?status=${status}` : ''}`,
                `${simulation.name}-report.csv`,
              )
            }
          />
        </>
      )}
    </Stack>
  );
}
