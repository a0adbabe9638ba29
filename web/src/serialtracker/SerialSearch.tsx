import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Link,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import type { SerialHitDto } from '@portal/contracts';
import { apiRequest } from '../core/api';
import { pageOf } from '../core/dataProvider';
import { formatDate } from '@portal/contracts';
import { Loading } from '../layout/Loading';
import { fromList } from '../delivery/navigation';
import { useStatusLabel } from '../delivery/Sections';
import { useErrorText } from '../i18n/useErrorText';
import { useTimeZone } from '../stock/ui';
import { serialQuery, serialSearchOf, type SerialSearchBy } from './query';

type Hit = SerialHitDto & { id: string };
type Result =
  { state: 'idle' } | { state: 'loading' } | { state: 'done'; hits: Hit[]; total: number } | { state: 'failed'; error: unknown };

/** GET /api/serials: the newest hits, and the total of matches from Content-Range (beyond the rows answered). */
async function readSerials(search: NonNullable<ReturnType<typeof serialSearchOf>>): Promise<{ hits: Hit[]; total: number }> {
  const response = await apiRequest(`/serials?${serialQuery(search)}`);
  const hits = (await response.json()) as Hit[];
  return { hits, total: pageOf(hits, response.headers, 1).total ?? hits.length };
}

/** GET /api/serials for the search in the URL (a deep link reruns it). */
function useSerialHits(search: ReturnType<typeof serialSearchOf>): Result {
  const [result, setResult] = useState<Result>({ state: 'idle' });
  const key = search ? `${search.by}:${search.value}` : '';
  useEffect(() => {
    if (!search) {
      setResult({ state: 'idle' });
      return;
    }
    let current = true;
    setResult({ state: 'loading' });
    readSerials(search)
      .then(({ hits, total }) => current && setResult({ state: 'done', hits, total }))
      .catch((error: unknown) => current && setResult({ state: 'failed', error }));
    return () => {
      current = false;
    };
  }, [key]);
  return result;
}

/** Serial Tracker search: by serial or lot number (a prefix is enough), newest orders first. */
export default function SerialSearch() {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const search = serialSearchOf(params);
  const [by, setBy] = useState<SerialSearchBy>(search?.by ?? 'serial');
  const [value, setValue] = useState(search?.value ?? '');
  const [tried, setTried] = useState(false);
  const result = useSerialHits(search);

  useEffect(() => {
    setBy(search?.by ?? 'serial');
    setValue(search?.value ?? '');
  }, [search?.by, search?.value]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const wanted = value.trim();
    if (!wanted) return;
    setParams({ [by]: wanted });
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="serial-title">
      <Typography id="serial-title" variant="h4" component="h1">
        {translate('apps.serialtracker')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box component="form" role="search" aria-label={translate('serial.form')} onSubmit={submit} noValidate>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate('serial.intro')}
          </Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <RadioGroup row aria-label={translate('serial.by')} value={by} onChange={(e) => setBy(e.target.value as SerialSearchBy)}>
              <FormControlLabel value="serial" control={<Radio />} label={translate('serial.bySerial')} />
              <FormControlLabel value="lot" control={<Radio />} label={translate('serial.byLot')} />
            </RadioGroup>
            <TextField
              id="serial-value"
              size="small"
              label={translate(by === 'serial' ? 'serial.serialValue' : 'serial.lotValue')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              required
              error={tried && !value.trim()}
              helperText={tried && !value.trim() ? translate('fields.required') : translate('serial.prefixHelp')}
              slotProps={{ htmlInput: { maxLength: 64, autoComplete: 'off', spellCheck: false } }}
              sx={{ width: 320 }}
            />
            <Button type="submit" variant="contained">
              {translate('serial.search')}
            </Button>
          </Stack>
        </Box>
      </Paper>
      {result.state === 'loading' && <Loading />}
      {result.state === 'failed' && (
        <Alert severity="error" role="alert">
          {errorText(result.error)}
        </Alert>
      )}
      {result.state === 'done' && search && <Results hits={result.hits} total={result.total} search={search} />}
    </Stack>
  );
}

function Results({ hits, total, search }: { hits: Hit[]; total: number; search: NonNullable<ReturnType<typeof serialSearchOf>> }) {
  const translate = useTranslate();
  const location = useLocation();
  const timeZone = useTimeZone();
  const statusLabel = useStatusLabel();
  const day = (v: string | null) => (v ? formatDate(v, timeZone) : '');
  if (hits.length === 0) {
    return (
      <Alert severity="info" role="status" data-testid="serial-empty">
        {translate(search.by === 'serial' ? 'serial.noSerial' : 'serial.noLot', { value: search.value })}
      </Alert>
    );
  }
  const caption = translate(search.by === 'serial' ? 'serial.captionSerial' : 'serial.captionLot', { value: search.value });
  // A lot search has no serial column, a serial of an article without lots no lot column: room for the recipient.
  const showSerial = search.by === 'serial' || hits.some((h) => h.serial);
  const showLot = search.by === 'lot' || hits.some((h) => h.lot);
  const columns = [
    ...(showSerial ? ['serial'] : []),
    ...(showLot ? ['lot'] : []),
    'article',
    'order',
    'status',
    'orderedAt',
    'shippedAt',
    'deliveredAt',
    'recipient',
    'town',
  ];
  return (
    <Stack spacing={1}>
      {total > hits.length ? (
        <Alert severity="warning" role="status" data-testid="serial-limit">
          {translate('serial.capped', { shown: hits.length, total: total.toLocaleString() })}
        </Alert>
      ) : (
        <Typography role="status" data-testid="serial-count">
          {translate('serial.count', { smart_count: hits.length })}
        </Typography>
      )}
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: '70vh' }}>
          <Table size="small" stickyHeader sx={{ '& th, & td': { px: 1, verticalAlign: 'top' } }}>
            <caption className="visually-hidden">{caption}</caption>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c} sx={{ whiteSpace: 'nowrap' }}>
                    {translate(`serial.f.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {hits.map((h, i) => (
                <TableRow key={`${h.id}-${i}`} hover>
                  {showSerial && <TableCell sx={{ whiteSpace: 'nowrap' }}>{h.serial}</TableCell>}
                  {showLot && <TableCell sx={{ whiteSpace: 'nowrap' }}>{h.lot}</TableCell>}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{h.articleReference}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link
                      component={RouterLink}
                      to={`/serialtracker/${h.orderId}`}
                      state={fromList(location, h.reference)}
                      aria-label={translate('serial.open', { reference: h.reference })}
                    >
                      {h.reference}
                    </Link>
                    <Typography variant="caption" component="div" color="text.secondary" title={translate('serial.f.depositor')}>
                      {h.depositorCode}
                    </Typography>
                  </TableCell>
                  <TableCell>{statusLabel(h.status)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(h.createdAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(h.shippedAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(h.deliveredAt)}</TableCell>
                  <TableCell>
                    {h.recipient.company && <Box sx={{ fontWeight: 600 }}>{h.recipient.company}</Box>}
                    {h.recipient.name && <Box>{h.recipient.name}</Box>}
                  </TableCell>
                  <TableCell>
                    <Box>{[h.recipient.zip, h.recipient.town].filter(Boolean).join(' ')}</Box>
                    <Box sx={{ color: 'text.secondary' }}>{h.recipient.country}</Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}
