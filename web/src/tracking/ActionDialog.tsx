import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import { ApiError } from '../core/api';
import { useErrorText } from '../i18n/useErrorText';

/** A form dialog that sends one request: its error (spec §8 key, field keys) stays in the dialog. Used by the tracking screens. */
export function useSubmit() {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (send: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await send();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  /** The translated field error the server gave for `name`, if any. */
  const fieldError = (name: string, params: Record<string, unknown> = {}) => {
    const key = error instanceof ApiError ? error.fields[name] : undefined;
    return key ? translate(`fields.${key}`, params) : undefined;
  };
  return { busy, error, setError, run, fieldError };
}

export function ActionDialog({
  id,
  title,
  submitLabel,
  onClose,
  onSubmit,
  busy,
  error,
  disabled,
  children,
  footer,
  done = false,
}: {
  id: string;
  title: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  error: unknown;
  disabled?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  /** The request went through and the dialog only shows its answer: no cancelling left. */
  done?: boolean;
}) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const fieldsOnly = error instanceof ApiError && error.key === 'validationFailed' && Object.keys(error.fields).length > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      {/* The form is the dialog's flex column, so that the content scrolls between title and buttons. */}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            {error !== null && !fieldsOnly && (
              <Alert severity="error" role="alert">
                {errorText(error)}
              </Alert>
            )}
            {footer}
          </Stack>
        </DialogContent>
        <DialogActions>
          {!done && (
            <Button onClick={onClose} disabled={busy}>
              {translate('common.cancel')}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy || disabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
