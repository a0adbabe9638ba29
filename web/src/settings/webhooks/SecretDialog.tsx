import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'ra-core';
import { WEBHOOK_ROTATION_OVERLAP_HOURS, type WebhookSecretDto } from '@portal/contracts';
import { useDateTime } from '../../delivery/ui';

/**
 * The endpoint's secret, shown once: after its creation, and after a rotation, when the previous
 * secret still signs beside it until `previousSecretUntil` (the overlap is said, with its end).
 */
export function SecretDialog({ created, onClose }: { created: WebhookSecretDto; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dateTime = useDateTime();
  const t = (key: string, options?: Record<string, unknown>) => translate(`settings.webhooks.${key}`, options);
  const copy = async () => {
    await navigator.clipboard.writeText(created.secret);
    notify('settings.webhooks.copied', { type: 'success' });
  };
  return (
    <Dialog open aria-labelledby="webhook-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="webhook-secret-title">{t('secretTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('secretWarning')}</Alert>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {created.url}
          </Typography>
          <TextField
            id="webhook-secret"
            label={t('secret')}
            value={created.secret}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            onFocus={(e) => e.target.select()}
          />
          <div>
            <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              {t('copy')}
            </Button>
          </div>
          <Typography variant="body2">{t('secretUse')}</Typography>
          {created.previousSecretUntil && (
            <Alert severity="info">
              {t('secretOverlap', { hours: WEBHOOK_ROTATION_OVERLAP_HOURS, date: dateTime(created.previousSecretUntil) })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
