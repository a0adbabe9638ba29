import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'ra-core';
import { Button, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, type ChipProps } from '@mui/material';
import { LiveEventNames, type AlertMailDto, type LiveAlertDeliveryEvent } from '@portal/contracts';
import { useLiveRefresh } from '../core/liveHooks';
import { Section, useDateTime } from '../delivery/ui';
import { useErrorText } from '../i18n/useErrorText';
import { alertsApi } from './alertsApi';
import { mailStatus, type MailStatus } from './model';

const COLOR: Record<MailStatus, ChipProps['color']> = { sent: 'success', queued: 'default', retry: 'warning', failed: 'error' };

/** Mails envoyés: the alert's last 50 mails, newest first, with where each stands. `version` asks again. */
export function MailsHistory({ alertId, version }: { alertId: number; version: number }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const errorText = useErrorText();
  const [mails, setMails] = useState<AlertMailDto[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const load = useCallback(() => {
    alertsApi
      .mails(alertId)
      .then((found) => {
        setMails(found);
        setFailure(null);
      })
      .catch((error: unknown) => setFailure(error));
  }, [alertId]);
  useEffect(load, [load, version]);
  // A mail of this alert was sent or given up: its history is read again.
  useLiveRefresh([LiveEventNames.alertDelivery], load, (m) => (m.data as LiveAlertDeliveryEvent).alertId === alertId);
  const headers = ['createdAt', 'to', 'subject', 'status', 'sentAt', 'orders', 'attachments'] as const;
  return (
    <Section
      id="alert-section-mails"
      title={translate('alerts.sections.mails')}
      actions={
        <Button size="small" onClick={load}>
          {translate('alerts.actions.refresh')}
        </Button>
      }
    >
      {failure !== null && <Typography color="error">{errorText(failure)}</Typography>}
      {mails?.length === 0 && <Typography color="text.secondary">{translate('alerts.mails.empty')}</Typography>}
      {!!mails?.length && (
        <TableContainer>
          <Table size="small">
            <caption className="visually-hidden" style={{ position: 'absolute', left: -10000 }}>
              {translate('alerts.sections.mails')}
            </caption>
            <TableHead>
              <TableRow>
                {headers.map((h) => (
                  <TableCell key={h} sx={{ fontWeight: 600 }} align={h === 'orders' || h === 'attachments' ? 'right' : 'left'}>
                    {translate(`alerts.mails.${h}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {mails.map((m) => {
                const status = mailStatus(m);
                return (
                  <TableRow key={m.id} data-mail-status={status}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(m.createdAt)}</TableCell>
                    <TableCell>{m.to}</TableCell>
                    <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>{m.subject}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={COLOR[status]}
                        label={translate(`alerts.mails.statuses.${status}`, { attempts: m.attempts })}
                        title={m.error ?? undefined}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(m.sentAt) || '—'}</TableCell>
                    <TableCell align="right">{m.orders}</TableCell>
                    <TableCell align="right">{m.attachments}</TableCell>
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
