import type { ReactNode } from 'react';
import {
  Box,
  IconButton,
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
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useTranslate } from 'ra-core';
import type { WebhookDeliveryDto } from '@portal/contracts';
import { useDateTime } from '../../delivery/ui';
import { RowCards, type CardField } from '../../lists/RowCards';
import { StatusChip } from '../../lists/StatusChip';
import { RedeliverButton, useEventName } from './DeliveryDetailDialog';
import { DELIVERY_STATUS_COLORS } from './model';

/** The endpoint's answer, cut to two lines (read whole in the detail). */
function Excerpt({ text }: { text: string | null }) {
  if (!text) return <>—</>;
  return (
    <Box
      component="span"
      title={text}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
        fontFamily: 'monospace',
        fontSize: '0.85em',
      }}
    >
      {text}
    </Box>
  );
}

/**
 * The deliveries of a log: on a phone one card per delivery with every fact on its own line; on a
 * laptop a table where the event carries its reference and the last answer its code, time and excerpt,
 * so that the row fits 1366 px in every language.
 */
export function DeliveriesTable({
  endpointId,
  items,
  onOpen,
  onRedelivered,
}: {
  endpointId: string;
  items: WebhookDeliveryDto[];
  onOpen: (deliveryId: string) => void;
  onRedelivered: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`settings.webhooks.log.${key}`, options);
  const dateTime = useDateTime();
  const eventName = useEventName();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const label = translate('settings.webhooks.openLog');

  const status = (d: WebhookDeliveryDto) => (
    <StatusChip status={d.status} colors={DELIVERY_STATUS_COLORS} i18nPrefix="settings.webhooks.log.statuses" />
  );
  const code = (d: WebhookDeliveryDto) => d.lastStatusCode ?? t('noAnswer');
  const duration = (d: WebhookDeliveryDto) => (d.lastDurationMs === null ? '—' : t('durationMs', { ms: d.lastDurationMs }));
  const actions = (d: WebhookDeliveryDto) => (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton size="small" aria-label={t('detail')} title={t('detail')} onClick={() => onOpen(d.id)}>
        <InfoOutlinedIcon fontSize="small" />
      </IconButton>
      <RedeliverButton endpointId={endpointId} deliveryId={d.id} onDone={onRedelivered} />
    </Stack>
  );
  const lastTry = (d: WebhookDeliveryDto) => (d.attempts ? null : t('noAttempt'));

  if (phone) {
    const fields: CardField<WebhookDeliveryDto>[] = [
      { key: 'createdAt', label: t('createdAt'), render: (d) => dateTime(d.createdAt) },
      { key: 'actions', label: t('detail'), aside: true, render: actions },
      { key: 'event', label: t('event'), render: (d) => eventName(d.eventType) },
      { key: 'subject', label: t('subject'), render: (d) => d.subject || '—' },
      { key: 'status', label: t('status'), render: status },
      { key: 'attempts', label: t('attempts'), render: (d) => d.attempts },
      { key: 'lastStatus', label: t('lastStatus'), render: (d) => lastTry(d) ?? code(d) },
      { key: 'duration', label: t('duration'), render: duration },
      { key: 'response', label: t('response'), render: (d) => <Excerpt text={d.lastResponse} /> },
      { key: 'nextAttempt', label: t('nextAttempt'), render: (d) => dateTime(d.nextAttemptAt) || '—' },
    ];
    return (
      <Box sx={{ mx: -1 }}>
        <RowCards rows={items} fields={fields} label={label} />
      </Box>
    );
  }

  const columns: { key: string; label: string; render: (d: WebhookDeliveryDto) => ReactNode; sx?: object }[] = [
    { key: 'createdAt', label: t('createdAt'), render: (d) => dateTime(d.createdAt), sx: { whiteSpace: 'nowrap' } },
    {
      key: 'event',
      label: t('event'),
      render: (d) => (
        <>
          {eventName(d.eventType)}
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {d.subject}
          </Typography>
        </>
      ),
      sx: { minWidth: 140 },
    },
    { key: 'status', label: t('status'), render: status },
    { key: 'attempts', label: t('attempts'), render: (d) => d.attempts, sx: { textAlign: 'right' } },
    {
      key: 'response',
      label: t('lastAnswer'),
      render: (d) =>
        lastTry(d) ?? (
          <>
            <Box sx={{ whiteSpace: 'nowrap' }}>
              {code(d)} · {duration(d)}
            </Box>
            <Excerpt text={d.lastResponse} />
          </>
        ),
      sx: { minWidth: 180, maxWidth: 300 },
    },
    { key: 'nextAttempt', label: t('nextAttempt'), render: (d) => dateTime(d.nextAttemptAt) || '—', sx: { whiteSpace: 'nowrap' } },
    { key: 'actions', label: t('detail'), render: actions, sx: { whiteSpace: 'nowrap', width: 1 } },
  ];
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} sx={{ fontWeight: 600 }}>
                {c.key === 'actions' ? <span className="visually-hidden">{c.label}</span> : c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((d) => (
            <TableRow key={d.id} data-delivery-id={d.id} data-status={d.status}>
              {columns.map((c) => (
                <TableCell key={c.key} sx={c.sx}>
                  {c.render(d)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
