import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import {
  TRACKING_STATUS_LABELS,
  formatDay,
  type OrderDatesDto,
  type OrderDetailDto,
  type PartyDto,
  type TrackingStatusCode,
} from '@portal/contracts';
import { useNumber, useShortLocale } from '../stock/ui';
import { shortLines } from './model';
import { TrackingNumberLink, useTrackingUrlTemplate } from './TrackingNumberLink';
import { usePlatformLabel } from '../tracking/useReferenceData';
import { Facts, Section, useDateTime } from './ui';

/** Status label of a spec §4 code, or the code itself when unknown. */
export function useStatusLabel() {
  const locale = useShortLocale();
  return (status: number) => TRACKING_STATUS_LABELS[status as TrackingStatusCode]?.[locale] ?? String(status);
}

/** Transport: carrier, tracking numbers, tour, platform, activity, weights, parcels, insurance, customs. */
export function TransportSection({ order }: { order: OrderDetailDto }) {
  const translate = useTranslate();
  const n = useNumber();
  const platform = usePlatformLabel(order.platformId);
  const template = useTrackingUrlTemplate(order.carrierCode);
  const carrier = [order.carrierName, order.carrierCode && order.carrierCode !== order.carrierName ? `(${order.carrierCode})` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Section id="delivery-transport" title={translate('delivery.sections.transport')}>
      <Facts
        rows={[
          [translate('delivery.f.carrier'), carrier],
          [
            translate('delivery.f.trackingNumbers'),
            order.trackingNumbers.length ? (
              <Box component="span" sx={{ display: 'flex', flexDirection: 'column', fontFamily: 'monospace' }}>
                {order.trackingNumbers.map((t) => (
                  <TrackingNumberLink key={t} number={t} template={template} />
                ))}
              </Box>
            ) : null,
          ],
          [translate('delivery.f.tour'), order.tourCode],
          [translate('delivery.f.platform'), platform],
          [translate('delivery.f.activity'), order.activityCode],
          [translate('delivery.f.weight'), n(order.weightKg, 0)],
          [translate('delivery.f.provisionalWeight'), n(order.provisionalWeightKg, 0)],
          [translate('delivery.f.parcelCount'), n(order.parcelCount)],
          [translate('delivery.f.insurance'), order.insuranceAmount === null ? null : n(order.insuranceAmount, 2)],
          [translate('delivery.f.customs'), order.customsStatus ? translate(`delivery.customs.${order.customsStatus}`) : null],
        ]}
      />
    </Section>
  );
}

function Party({ title, party }: { title: string; party: PartyDto | null }) {
  const translate = useTranslate();
  const lines = party
    ? [party.company, party.name, party.address1, party.address2, [party.zip, party.town].filter(Boolean).join(' '), party.country].filter(
        (l): l is string => !!l,
      )
    : [];
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {title}
      </Typography>
      {lines.length === 0 ? (
        <Typography variant="body2">—</Typography>
      ) : (
        <Box component="address" sx={{ fontStyle: 'normal', mb: 1 }}>
          {lines.map((l, i) => (
            <Typography key={i} variant="body2" sx={{ fontWeight: i === 0 ? 600 : undefined, overflowWrap: 'anywhere' }}>
              {l}
            </Typography>
          ))}
        </Box>
      )}
      {party && (party.phone || party.email || party.customerCode) && (
        <Facts
          rows={[
            ...(party.customerCode ? ([[translate('delivery.f.customerCode'), party.customerCode]] as [string, string][]) : []),
            ...(party.phone ? ([[translate('delivery.f.phone'), party.phone]] as [string, string][]) : []),
            ...(party.email ? ([[translate('delivery.f.email'), party.email]] as [string, string][]) : []),
          ]}
        />
      )}
    </Box>
  );
}

export function PartiesSection({ order }: { order: OrderDetailDto }) {
  const translate = useTranslate();
  return (
    <Section id="delivery-parties" title={translate('delivery.sections.parties')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Party title={translate('delivery.f.recipient')} party={order.recipient} />
        <Party title={translate('delivery.f.sender')} party={order.sender} />
      </Box>
    </Section>
  );
}

/** Every §3 date, in the order a delivery lives them. */
const DATE_ORDER: (keyof OrderDatesDto)[] = [
  'receivedAt',
  'sampledAt',
  'packedAt',
  'preparationEndedAt',
  'shippingValidatedAt',
  'promisedShippingAt',
  'shippedAt',
  'promisedDeliveryAt',
  'deliveredAt',
  'notDefinitivelyDeliveredAt',
  'canceledAt',
];

export function DatesSection({ order }: { order: OrderDetailDto }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  return (
    <Section id="delivery-dates" title={translate('delivery.sections.dates')}>
      <Facts
        rows={[
          [translate('delivery.dates.createdAt'), dateTime(order.createdAt)],
          ...DATE_ORDER.map((k): [string, string] => [translate(`delivery.dates.${k}`), dateTime(order.dates[k])]),
        ]}
      />
    </Section>
  );
}

/** Ordered and sent quantities per line, with lots, best-before dates and serials; short lines stand out. */
export function ProductsSection({ order }: { order: OrderDetailDto }) {
  const translate = useTranslate();
  const n = useNumber();
  const short = shortLines(order);
  return (
    <Section id="delivery-products" title={translate('delivery.sections.products')}>
      {order.lines.length === 0 ? (
        <Typography color="text.secondary">{translate('delivery.lines.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <caption className="visually-hidden">{translate('delivery.sections.products')}</caption>
            <TableHead>
              <TableRow>
                <TableCell align="right">{translate('delivery.lines.line')}</TableCell>
                <TableCell>{translate('delivery.lines.article')}</TableCell>
                <TableCell>{translate('delivery.lines.label')}</TableCell>
                <TableCell align="right">{translate('delivery.lines.ordered')}</TableCell>
                <TableCell align="right">{translate('delivery.lines.sent')}</TableCell>
                <TableCell>{translate('delivery.lines.lot')}</TableCell>
                <TableCell>{translate('delivery.lines.bestBefore')}</TableCell>
                <TableCell>{translate('delivery.lines.serials')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.lines.map((l) => {
                const missing = short.has(l.lineNo);
                return (
                  <TableRow key={l.lineNo} data-shortfall={missing || undefined} sx={missing ? { bgcolor: 'action.selected' } : undefined}>
                    <TableCell align="right">{l.lineNo}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.articleReference}</TableCell>
                    <TableCell>{l.label}</TableCell>
                    <TableCell align="right">{n(l.quantityOrdered)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {missing && (
                        <Chip
                          size="small"
                          color="warning"
                          variant="outlined"
                          sx={{ mr: 1 }}
                          label={translate('delivery.lines.shortfall', { n: n(l.quantityOrdered - l.quantitySent) })}
                        />
                      )}
                      {n(l.quantitySent)}
                    </TableCell>
                    <TableCell>{l.lot}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.bestBefore ? formatDay(l.bestBefore.slice(0, 10)) : ''}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>{l.serials.join(', ')}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

/** Parcels, each with its own status and tracking number. */
export function ParcelsSection({ order }: { order: OrderDetailDto }) {
  const translate = useTranslate();
  const n = useNumber();
  const statusLabel = useStatusLabel();
  const template = useTrackingUrlTemplate(order.carrierCode);
  return (
    <Section id="delivery-parcels" title={translate('delivery.sections.parcels')}>
      {order.parcels.length === 0 ? (
        <Typography color="text.secondary">{translate('delivery.parcels.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <caption className="visually-hidden">{translate('delivery.sections.parcels')}</caption>
            <TableHead>
              <TableRow>
                <TableCell align="right">{translate('delivery.parcels.number')}</TableCell>
                <TableCell>{translate('delivery.parcels.trackingNumber')}</TableCell>
                <TableCell>{translate('delivery.parcels.status')}</TableCell>
                <TableCell align="right">{translate('delivery.parcels.weight')}</TableCell>
                <TableCell>{translate('delivery.parcels.packaging')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.parcels.map((p) => (
                <TableRow key={p.number}>
                  <TableCell align="right">{p.number}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>
                    {p.trackingNumber && <TrackingNumberLink number={p.trackingNumber} template={template} />}
                  </TableCell>
                  <TableCell>{statusLabel(p.status)}</TableCell>
                  <TableCell align="right">{n(p.weightKg, 0)}</TableCell>
                  <TableCell>{p.packaging}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

export function PackagingSection({ order }: { order: OrderDetailDto }) {
  const translate = useTranslate();
  const n = useNumber();
  return (
    <Section id="delivery-packaging" title={translate('delivery.sections.packaging')}>
      {order.packaging.length === 0 ? (
        <Typography color="text.secondary">{translate('delivery.packaging.none')}</Typography>
      ) : (
        <Table size="small">
          <caption className="visually-hidden">{translate('delivery.sections.packaging')}</caption>
          <TableHead>
            <TableRow>
              <TableCell>{translate('delivery.packaging.type')}</TableCell>
              <TableCell align="right">{translate('delivery.packaging.count')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.packaging.map((p) => (
              <TableRow key={p.type}>
                <TableCell>{p.type}</TableCell>
                <TableCell align="right">{n(p.count)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
