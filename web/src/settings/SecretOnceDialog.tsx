import type { ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'ra-core';

/**
 * A secret the portal shows once (an API key, a webhook endpoint's signing secret): the warning that it
 * will not be shown again, the value selected on focus, a copy button. `messages` is the screen's
 * catalogue section, which has secretTitle, secretWarning, copy, copied and done.
 */
export function SecretOnceDialog({
  id,
  messages,
  label,
  secret,
  before,
  after,
  onClose,
}: {
  /** The field's id (`<id>-title` for the dialog's title): what the journeys read the secret from. */
  id: string;
  messages: string;
  label: string;
  secret: string;
  before?: ReactNode;
  after?: ReactNode;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    notify(`${messages}.copied`, { type: 'success' });
  };
  return (
    <Dialog open aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{translate(`${messages}.secretTitle`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{translate(`${messages}.secretWarning`)}</Alert>
          {before}
          <TextField
            id={id}
            label={label}
            value={secret}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            onFocus={(e) => e.target.select()}
          />
          <div>
            <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              {translate(`${messages}.copy`)}
            </Button>
          </div>
          {after}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate(`${messages}.done`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
