import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import type { WebhookDeliveryDetailDto } from '@portal/contracts';
import { Facts, useDateTime } from '../../delivery/ui';
import { useErrorText } from '../../i18n/useErrorText';
import { StatusChip } from '../../lists/StatusChip';
import { useSave } from '../useSave';
import { DELIVERY_STATUS_COLORS, eventTypeKey, payloadText } from './model';
import { PENDING_REFRESH_MS } from './useDeliveryLog';
import { webhooksApi } from './webhooksApi';

/** The words of an event type; one the screen does not know yet shows its code. */
export function useEventName() {
  const translate = useTranslate();
  return (type: string) => {
    const key = eventTypeKey(type);
    return key ? translate(`settings.webhooks.eventTypes.${key}`) : type;
  };
}

/** "Renvoyer": a new attempt of the delivery now, even of a delivered one (the receiver asked again). */
export function RedeliverButton({ endpointId, deliveryId, onDone }: { endpointId: string; deliveryId: string; onDone: () => void }) {
  const translate = useTranslate();
  const { run, busy } = useSave();
  const redeliver = async () => {
    const done = await run(() => webhooksApi.redeliver(endpointId, deliveryId).then(() => true), 'settings.webhooks.log.redelivered');
    if (done) onDone();
  };
  return (
    <Button size="small" disabled={busy} onClick={() => void redeliver()}>
      {translate('settings.webhooks.log.redeliver')}
    </Button>
  );
}

/** A delivery's detail: what it is about, the payload sent, and every attempt with the endpoint's answer. */
export function DeliveryDetailDialog({
  endpointId,
  deliveryId,
  onClose,
  onRedelivered,
}: {
  endpointId: string;
  deliveryId: string;
  onClose: () => void;
  onRedelivered: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`settings.webhooks.log.${key}`, options);
  const dateTime = useDateTime();
  const errorText = useErrorText();
  const eventName = useEventName();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [detail, setDetail] = useState<WebhookDeliveryDetailDto | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    webhooksApi.delivery(endpointId, deliveryId).then(
      (read) => live && setDetail(read),
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [endpointId, deliveryId, round]);

  // A delivery waiting for its (next) attempt, after "Renvoyer" too: read again until it is done.
  useEffect(() => {
    if (detail?.status !== 'pending') return;
    const timer = setTimeout(() => setRound((r) => r + 1), PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [detail]);

  const ms = (value: number | null) => (value === null ? null : t('durationMs', { ms: value }));
  return (
    <Dialog open onClose={onClose} aria-labelledby="webhook-delivery-title" fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id="webhook-delivery-title">
        {detail ? t('detailTitle', { event: eventName(detail.eventType), date: dateTime(detail.createdAt) }) : t('detail')}
      </DialogTitle>
      <DialogContent>
        {!detail && !failure && <LinearProgress />}
        {failure !== null && <Typography color="error">{errorText(failure)}</Typography>}
        {detail && (
          <Stack spacing={2}>
            <Facts
              rows={[
                [
                  t('status'),
                  <StatusChip key="s" status={detail.status} colors={DELIVERY_STATUS_COLORS} i18nPrefix="settings.webhooks.log.statuses" />,
                ],
                [t('subject'), detail.subject],
                [t('messageId'), <code key="id">{detail.id}</code>],
                [t('attempts'), detail.attempts],
                [t('nextAttempt'), dateTime(detail.nextAttemptAt)],
              ]}
            />
            <Box>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                {t('payload')}
              </Typography>
              <Box
                component="pre"
                sx={{
                  m: 0,
                  p: 1,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  fontSize: 12,
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                }}
              >
                {payloadText(detail.payload)}
              </Box>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                {t('attemptsTitle')}
              </Typography>
              {!detail.attemptLog.length && <Typography color="text.secondary">{t('noAttempt')}</Typography>}
              <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {detail.attemptLog.map((attempt, index) => (
                  <Paper component="li" key={`${attempt.at}-${index}`} variant="outlined" sx={{ p: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t('attempt', { number: index + 1 })} — {dateTime(attempt.at)}
                    </Typography>
                    <Facts
                      rows={[
                        [t('lastStatus'), attempt.statusCode ?? t('noAnswer')],
                        [t('duration'), ms(attempt.durationMs)],
                        [t('response'), attempt.response ? <code key="r">{attempt.response}</code> : null],
                      ]}
                    />
                  </Paper>
                ))}
              </Stack>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <RedeliverButton
          endpointId={endpointId}
          deliveryId={deliveryId}
          onDone={() => {
            setRound((r) => r + 1);
            onRedelivered();
          }}
        />
        <Button variant="contained" onClick={onClose}>
          {translate('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
