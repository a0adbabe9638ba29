import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'ra-core';
import {
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { formatDay, sortTourRates, type ShipmentRatesDto, type TourRateDto } from '@portal/contracts';
import { useShortLocale } from '../stock/ui';
import { hubyApi } from './hubyApi';

/** A quoted price in the user's language with its currency (`14,00 €`); empty without one. */
export function priceText(rate: Pick<TourRateDto, 'price' | 'currency'>, locale: string): string {
  if (rate.price === null || !rate.currency) return '';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: rate.currency }).format(rate.price);
  } catch {
    // A currency code Intl does not know: the amount and the code as the carrier wrote it.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rate.price)} ${rate.currency}`;
  }
}

/**
 * The carriers' quotes of a draft's fitting tours (issue 37 item 3), under the tour select: carrier,
 * service, price and promised delivery day, sorted by price or by date; a click on a row chooses its
 * tour. Carriers without online rates and quotes that failed say so in their row. Asked in the
 * background: the form never waits for them. `shipment` changes (a save) ask again.
 */
export function TourRates({
  uuid,
  shipment,
  chosen,
  onChoose,
}: {
  uuid: string;
  /** Anything that changes when the saved shipment does (its object): the quotes are asked again. */
  shipment: unknown;
  chosen: string;
  onChoose: (rate: TourRateDto) => void;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const locale = useShortLocale();
  const [answer, setAnswer] = useState<ShipmentRatesDto | null>(null);
  const [loading, setLoading] = useState(false);
  const [sort, setSort] = useState<ShipmentRatesDto['sort']>('price');

  useEffect(() => {
    let live = true;
    setLoading(true);
    hubyApi
      .ratesFor(uuid)
      .then((a) => live && setAnswer(a))
      .catch(() => live && setAnswer(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [uuid, shipment]);

  const rates = useMemo(() => (answer ? sortTourRates(answer.rates, sort) : []), [answer, sort]);
  if (!loading && !rates.length) return null;

  const sortable = (by: ShipmentRatesDto['sort'], label: string) => (
    <TableSortLabel active={sort === by} direction="asc" onClick={() => setSort(by)}>
      {label}
    </TableSortLabel>
  );
  const missing = (r: TourRateDto) =>
    r.status === 'noOnlineRates' ? (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate('huby.tours.rates.noOnline')}
      </Typography>
    ) : (
      <Tooltip title={translate('huby.tours.rates.unavailableWhy', { reason: r.reason ?? '' })}>
        <Typography variant="body2" color="warning.main" component="span">
          {translate('huby.tours.rates.unavailable')}
        </Typography>
      </Tooltip>
    );

  return (
    <Box sx={{ mb: 2 }} data-testid="tour-rates">
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {translate('huby.tours.rates.title')}
      </Typography>
      {loading && (
        <Box sx={{ mb: 1 }}>
          <LinearProgress />
          <Typography variant="caption" color="text.secondary">
            {translate('huby.tours.rates.loading')}
          </Typography>
        </Box>
      )}
      {rates.length > 0 && (
        // On a phone the service (the least read column) is left out and the cells come closer: the table fits 390 px.
        <Table size="small" sx={{ maxWidth: 900, ...(phone && { '& .MuiTableCell-root': { px: 0.5 } }) }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('huby.f.tour_code')}</TableCell>
              <TableCell>{translate('huby.tours.rates.carrier')}</TableCell>
              {!phone && <TableCell>{translate('huby.tours.rates.service')}</TableCell>}
              <TableCell align="right" sortDirection={sort === 'price' ? 'asc' : false}>
                {sortable('price', translate('huby.tours.rates.price'))}
              </TableCell>
              <TableCell sortDirection={sort === 'date' ? 'asc' : false}>{sortable('date', translate('huby.tours.rates.date'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rates.map((r) => (
              <TableRow
                key={r.tour_id}
                hover
                selected={r.tour_code === chosen}
                onClick={() => onChoose(r)}
                sx={{ cursor: 'pointer' }}
                aria-label={translate('huby.tours.rates.choose', { tour: r.tour_code })}
              >
                <TableCell>{r.tour_code}</TableCell>
                <TableCell>{r.carrier.name}</TableCell>
                {!phone && <TableCell>{r.service ?? ''}</TableCell>}
                {r.status === 'quoted' ? (
                  <>
                    <TableCell align="right">{priceText(r, locale)}</TableCell>
                    <TableCell>{r.delivery_date ? formatDay(r.delivery_date) : ''}</TableCell>
                  </>
                ) : (
                  <TableCell colSpan={2}>{missing(r)}</TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
