import { useSyncExternalStore } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { useTranslate } from 'ra-core';
import { queuedCount, subscribeQueued } from '../core/queued';

/**
 * While a read the server shed waits its turn to be asked again: "Recherche en file d'attente…" above
 * the screen that asked it, not an outage (the portal answers; that service is busy for a moment).
 */
export function QueuedNotice() {
  const translate = useTranslate();
  const waiting = useSyncExternalStore(subscribeQueued, queuedCount);
  if (!waiting) return null;
  return (
    <Alert severity="info" role="status" data-testid="queued-notice" sx={{ mb: 2 }} icon={false}>
      {translate('app.queued')}
      <LinearProgress sx={{ mt: 1 }} aria-hidden />
    </Alert>
  );
}
