import { Alert, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { WEBHOOK_ROTATION_OVERLAP_HOURS, type WebhookSecretDto } from '@portal/contracts';
import { useDateTime } from '../../delivery/ui';
import { SecretOnceDialog } from '../SecretOnceDialog';

/**
 * The endpoint's secret, shown once: after its creation, and after a rotation, when the previous
 * secret still signs beside it until `previousSecretUntil` (the overlap is said, with its end).
 */
export function SecretDialog({ created, onClose }: { created: WebhookSecretDto; onClose: () => void }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const t = (key: string, options?: Record<string, unknown>) => translate(`settings.webhooks.${key}`, options);
  return (
    <SecretOnceDialog
      id="webhook-secret"
      messages="settings.webhooks"
      label={t('secret')}
      secret={created.secret}
      onClose={onClose}
      before={
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {created.url}
        </Typography>
      }
      after={
        <>
          <Typography variant="body2">{t('secretUse')}</Typography>
          {created.previousSecretUntil && (
            <Alert severity="info">
              {t('secretOverlap', { hours: WEBHOOK_ROTATION_OVERLAP_HOURS, date: dateTime(created.previousSecretUntil) })}
            </Alert>
          )}
        </>
      }
    />
  );
}
