import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import {
  Box,
  Button,
  Chip,
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
import { TOUR_FLAGS, type TourDto } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { useNumber } from '../stock/ui';
import { hubyApi } from './hubyApi';

/** The transport plan (spec §2): each depositor's tours, their carrier, limits and the services they allow. */
export default function TourPlan() {
  const translate = useTranslate();
  const notify = useNotify();
  const number = useNumber();
  const [tours, setTours] = useState<TourDto[] | null>(null);
  useEffect(() => {
    hubyApi
      .tours()
      .then(setTours)
      .catch((error: unknown) => {
        setTours([]);
        notify(`errors.${errorKeyOf(error)}`, { type: 'error' });
      });
  }, [notify]);
  const range = (min: number | null, max: number | null) =>
    min === null && max === null ? '–' : `${number(min ?? 0)} – ${max === null ? '∞' : number(max)}`;
  const heads = [
    'huby.f.depositor',
    'huby.tours.code',
    'huby.tours.carrier',
    'huby.tours.tour_type',
    'huby.tours.account_number',
    'huby.tours.weight',
    'huby.tours.volume',
    'huby.tours.max_packages',
    'huby.tours.delivery_delay_days',
    'huby.tours.flags',
  ];
  return (
    <Box aria-labelledby="huby-tours-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id="huby-tours-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('huby.tours.title')}
        </Typography>
        <Button component={RouterLink} to="/dashtower">
          {translate('huby.actions.back')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <TableContainer tabIndex={0} role="region" aria-label={translate('huby.tours.title')}>
          <Table size="small" aria-busy={tours === null}>
            <caption style={{ position: 'absolute', left: -10000 }}>{translate('huby.tours.title')}</caption>
            <TableHead>
              <TableRow>
                {heads.map((h) => (
                  <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>
                    {translate(h)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(tours ?? []).map((t) => (
                <TableRow key={t.id} data-tour={t.code}>
                  <TableCell>{t.depositor_code}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{t.code}</TableCell>
                  <TableCell>{t.carrier.name}</TableCell>
                  <TableCell>
                    {translate(`huby.tours.type_${t.tour_type}`)} · {translate(`huby.tours.mode_${t.transport_mode}`)}
                  </TableCell>
                  <TableCell>
                    {t.account_number ?? <Chip size="small" color="warning" variant="outlined" label={translate('huby.tours.noAccount')} />}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{range(t.weight_min_kg, t.weight_max_kg)}</TableCell>
                  <TableCell>{t.volume_max_m3 === null ? '–' : number(t.volume_max_m3)}</TableCell>
                  <TableCell>{t.max_packages ?? '–'}</TableCell>
                  <TableCell>{t.delivery_delay_days ?? '–'}</TableCell>
                  <TableCell sx={{ minWidth: 300 }}>
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {TOUR_FLAGS.filter((f) => t.flags[f]).map((f) => (
                        <Chip key={f} size="small" label={translate(`huby.tours.flag_${f}`)} />
                      ))}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
