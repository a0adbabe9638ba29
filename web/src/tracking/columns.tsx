import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { formatDate } from '@portal/contracts';
import { useTimeZone } from '../stock/ui';
import type { OrderColumn } from './OrdersTable';
import { TracerStatusChip, TrackingStatusChip } from './StatusChip';

const Secondary = ({ children }: { children: React.ReactNode }) => (
  <Typography variant="caption" component="div" color="text.secondary">
    {children}
  </Typography>
);

/** Day on the first line, time under it, in the user's time zone (spec §9 formats). */
function DateCell({ value, withTime, timeZone }: { value: string | null; withTime: boolean; timeZone: string }) {
  if (!value) return null;
  const [day, time] = formatDate(value, timeZone, true).split(' ');
  return (
    <time dateTime={value}>
      {day}
      {withTime && <Secondary>{time}</Secondary>}
    </time>
  );
}

/** Text cut to `width` with an ellipsis; the whole text stays in the title. */
function Clip({ text, width }: { text: string | null | undefined; width: number }) {
  if (!text) return null;
  return (
    <Box component="span" title={text} sx={{ display: 'block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {text}
    </Box>
  );
}

export type OrderColumnKey =
  'reference' | 'customerReference' | 'status' | 'tracerStatus' | 'carrier' | 'recipient' | 'createdAt' | 'shippedAt' | 'delivery';

/**
 * The columns of the tracker lists, shaped to fit a 1366-pixel screen: secondary facts sit under
 * the main one (depositor and delivery number under the order, parcels under the carrier, address
 * under the recipient, promised date under the delivery date). The reference links to the delivery
 * detail under `basePath`; the search the user came from travels in the link's state for "back".
 */
export function useOrderColumns(basePath: string): Record<OrderColumnKey, OrderColumn> {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  const { search } = useLocation();
  const label = (key: string) => translate(`pgt.c.${key}`);
  const date = (key: 'createdAt' | 'shippedAt'): OrderColumn => ({
    key,
    label: label(key),
    render: (r) => <DateCell value={r[key]} withTime timeZone={timeZone} />,
  });
  return {
    reference: {
      key: 'reference',
      label: label('reference'),
      sortField: 'reference',
      render: (r) => (
        <>
          <Link
            component={RouterLink}
            to={`${basePath}/${r.id}`}
            state={{ search, reference: r.reference }}
            title={translate('pgt.openOrder', { reference: r.reference })}
            sx={{ fontWeight: 600 }}
          >
            {r.reference}
          </Link>
          <Secondary>
            <span data-depositor={r.depositorCode}>{r.depositorCode}</span>
            {r.orderReference && ` · ${r.orderReference}`}
          </Secondary>
        </>
      ),
    },
    customerReference: {
      key: 'customerReference',
      label: label('customerReference'),
      render: (r) => (
        <>
          <Clip text={r.customerReference} width={120} />
          {r.slipNumber && <Secondary>{r.slipNumber}</Secondary>}
        </>
      ),
    },
    status: { key: 'status', label: label('status'), minWidth: 130, render: (r) => <TrackingStatusChip status={r.status} /> },
    tracerStatus: {
      key: 'tracerStatus',
      label: label('tracerStatus'),
      minWidth: 150,
      render: (r) => <TracerStatusChip status={r.tracerStatus} />,
    },
    carrier: {
      key: 'carrier',
      label: label('carrier'),
      render: (r) => (
        <>
          <Clip text={r.carrierName ?? r.carrierCode} width={110} />
          {r.parcelCount > 0 && <Secondary>{translate('pgt.parcels', { smart_count: r.parcelCount })}</Secondary>}
        </>
      ),
    },
    recipient: {
      key: 'recipient',
      label: label('recipient'),
      render: (r) => (
        <>
          <Clip text={r.recipientCompany ?? r.recipientName} width={130} />
          <Secondary>
            <Clip text={[[r.zip, r.town].filter(Boolean).join(' '), r.country].filter(Boolean).join(', ')} width={130} />
          </Secondary>
        </>
      ),
    },
    createdAt: { ...date('createdAt'), sortField: 'createdAt' },
    shippedAt: date('shippedAt'),
    delivery: {
      key: 'delivery',
      label: label('delivery'),
      render: (r) => (
        <>
          {r.deliveredAt ? <time dateTime={r.deliveredAt}>{formatDate(r.deliveredAt, timeZone)}</time> : '—'}
          {r.promisedDeliveryAt && <Secondary>{translate('pgt.promised', { date: formatDate(r.promisedDeliveryAt, timeZone) })}</Secondary>}
        </>
      ),
    },
  };
}
