import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { CarrierHealthDto, CarrierHealthError } from '@portal/contracts';
import { api, ApiError } from '../../core/api';
import { useErrorText } from '../../i18n/useErrorText';
import { useDateTime } from '../../delivery/ui';
import { useNumber } from '../../stock/ui';

const CIRCUIT_COLOURS = { closed: 'success', halfOpen: 'warning', open: 'error' } as const;

/**
 * "Santé des connecteurs" (issue 37 item 4): per tour with a carrier account, its connector's last
 * hour as the Huby service measured it: calls, share the carrier answered, p95 time, the circuit
 * breaker's state, the last outage and the last refusal in words. Read again with "Actualiser".
 */
export function CarrierHealthPanel({ base }: { base: string }) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const number = useNumber();
  const when = useDateTime();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [rows, setRows] = useState<CarrierHealthDto[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hidden, setHidden] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) => translate(`adminTransport.health.${key}`, options);

  // Read on mount and on each "Actualiser" (errorText is a new function at each render: not a dependency).
  const [round, setRound] = useState(0);
  const errorTextRef = useRef(errorText);
  errorTextRef.current = errorText;
  useEffect(() => {
    let live = true;
    setBusy(true);
    api<CarrierHealthDto[]>('/admin/transport/carrier-health').then(
      (read) => {
        if (!live) return;
        setRows(read);
        setFailure(null);
        setBusy(false);
      },
      (error: unknown) => {
        if (!live) return;
        // Not the provider's carrier administrator: no panel.
        if (error instanceof ApiError && error.status === 403) setHidden(true);
        else setFailure(errorTextRef.current(error));
        setBusy(false);
      },
    );
    return () => {
      live = false;
    };
  }, [round]);
  const load = () => setRound((n) => n + 1);

  const incident = (e: CarrierHealthError | null) =>
    e ? (
      <Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t(`outcomes.${e.outcome}`)} · {t(`operations.${e.operation}`)}
          {e.code ? ` · ${e.code}` : ''}
        </Typography>
        {e.message ? (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
            « {e.message} »
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {when(e.at)}
        </Typography>
      </Box>
    ) : (
      '–'
    );

  if (hidden) return null;
  // One account's figures, in the table's column order: a table row at 1366 px, a card on a phone.
  const cells = (r: CarrierHealthDto): { label: string; value: ReactNode; numeric?: boolean; wide?: boolean }[] => [
    {
      label: t('tour'),
      value: (
        <>
          <Link component={RouterLink} to={`${base}/tours/${r.tourId}`}>
            {r.tourCode}
          </Link>
          <Typography variant="caption" color="text.secondary" component="div">
            {r.depositorCode ?? ''}
          </Typography>
        </>
      ),
    },
    {
      label: t('connector'),
      value: (
        <>
          {r.carrierName}
          <Typography variant="caption" color="text.secondary" component="div">
            {translate(`adminTransport.account.connectors.${r.connector}`)} ·{' '}
            {translate(`adminTransport.account.environments.${r.environment}`)}
          </Typography>
        </>
      ),
    },
    { label: t('calls'), value: number(r.calls), numeric: true },
    { label: t('successRate'), value: r.successRate === null ? '–' : `${number(r.successRate * 100, 1)} %`, numeric: true },
    { label: t('p95'), value: r.p95Ms === null ? '–' : t('seconds', { value: number(r.p95Ms / 1000, 2) }), numeric: true },
    {
      label: t('circuit'),
      value: (
        <Chip
          size="small"
          variant="outlined"
          color={CIRCUIT_COLOURS[r.circuit]}
          label={t(`circuits.${r.circuit}`)}
          sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }}
        />
      ),
    },
    { label: t('lastError'), value: incident(r.lastError), wide: true },
    { label: t('lastRefusal'), value: incident(r.lastRefusal), wide: true },
  ];

  return (
    <Paper component="section" variant="outlined" aria-labelledby="carrier-health-title" sx={{ p: 2 }} data-testid="carrier-health">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="carrier-health-title" variant="h6" component="h2">
          {t('title')}
        </Typography>
        <Button onClick={load} disabled={busy}>
          {t('refresh')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : rows && !rows.length ? (
        <Typography>{t('none')}</Typography>
      ) : rows && phone ? (
        <Stack spacing={1.5}>
          {rows.map((r) => (
            <Paper key={r.tourId} variant="outlined" component="dl" sx={{ p: 1.5, m: 0 }}>
              {cells(r).map((c) => (
                <Box key={c.label} sx={{ display: 'grid', gridTemplateColumns: '40% 1fr', gap: 1, py: 0.25 }}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {c.label}
                  </Typography>
                  <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {c.value}
                  </Box>
                </Box>
              ))}
            </Paper>
          ))}
        </Stack>
      ) : rows ? (
        <TableContainer>
          <Table size="small" aria-labelledby="carrier-health-title">
            <TableHead>
              <TableRow>
                {cells(rows[0]).map((c) => (
                  <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                    {c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.tourId}>
                  {cells(r).map((c) => (
                    <TableCell
                      key={c.label}
                      align={c.numeric ? 'right' : 'left'}
                      sx={c.wide ? { minWidth: 160, maxWidth: 240 } : undefined}
                    >
                      {c.value}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}
