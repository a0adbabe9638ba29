import { useEffect, useRef, useState } from 'react';
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
} from '@mui/material';
import type { CarrierHealthDto, CarrierHealthError } from '@portal/contracts';
import { api, ApiError } from '../../core/api';
import { useErrorText } from '../../i18n/useErrorText';
import { useNumber, useShortLocale, useTimeZone } from '../../stock/ui';

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
  const when = useWhen();
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
      ) : rows ? (
        <TableContainer>
          <Table size="small" aria-labelledby="carrier-health-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('tour')}</TableCell>
                <TableCell>{t('connector')}</TableCell>
                <TableCell align="right">{t('calls')}</TableCell>
                <TableCell align="right">{t('successRate')}</TableCell>
                <TableCell align="right">{t('p95')}</TableCell>
                <TableCell>{t('circuit')}</TableCell>
                <TableCell>{t('lastError')}</TableCell>
                <TableCell>{t('lastRefusal')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.tourId}>
                  <TableCell>
                    <Link component={RouterLink} to={`${base}/tours/${r.tourId}`}>
                      {r.tourCode}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {r.depositorCode ?? ''}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {r.carrierName}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {translate(`adminTransport.account.connectors.${r.connector}`)} ·{' '}
                      {translate(`adminTransport.account.environments.${r.environment}`)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{number(r.calls)}</TableCell>
                  <TableCell align="right">{r.successRate === null ? '–' : `${number(r.successRate * 100, 1)} %`}</TableCell>
                  <TableCell align="right">{r.p95Ms === null ? '–' : t('seconds', { value: number(r.p95Ms / 1000, 2) })}</TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={CIRCUIT_COLOURS[r.circuit]} label={t(`circuits.${r.circuit}`)} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 160, maxWidth: 240 }}>{incident(r.lastError)}</TableCell>
                  <TableCell sx={{ minWidth: 160, maxWidth: 240 }}>{incident(r.lastRefusal)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}

/** A moment in the user's language and time zone (day and time). */
function useWhen() {
  const locale = useShortLocale();
  const timeZone = useTimeZone();
  return (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone }).format(new Date(iso));
}
