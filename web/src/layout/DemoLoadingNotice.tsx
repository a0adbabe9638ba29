import { useEffect, useRef, useState } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { useRefresh, useTranslate } from 'ra-core';
import { DEMO_PROGRESS_POLL_MS, type DemoProgressDto } from '@portal/contracts';
import { api } from '../core/api';

/**
 * Right after an all-in-one start the demo's big data sets load in the background (issue 36 item 8):
 * the screens work, but a tile would say « Aucune livraison » of orders still coming. This says which
 * sets are still loading, asks again every few seconds, and refreshes the dashboard's tiles when the
 * last one is in (not another screen's data: a form being filled must not be reset under the user).
 * Asked once and never shown in the distributed mode or without the demo (nothing loading).
 */
export function DemoLoadingNotice() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { pathname } = useLocation();
  const onDashboard = useRef(false);
  onDashboard.current = pathname === '/dashboard';
  const [progress, setProgress] = useState<DemoProgressDto | null>(null);
  const wasLoading = useRef(false);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      api<DemoProgressDto>('/health/demo')
        .then((answer) => {
          if (stopped) return;
          setProgress(answer);
          if (answer.loading) {
            wasLoading.current = true;
            timer = setTimeout(ask, DEMO_PROGRESS_POLL_MS);
          } else if (wasLoading.current) {
            // The last set just came in: the dashboard's tiles read again.
            wasLoading.current = false;
            if (onDashboard.current) refresh();
          }
        })
        // Not knowing is no reason to show anything.
        .catch(() => undefined);
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [refresh]);

  if (!progress?.loading) return null;
  const sets = progress.sets
    .map(
      (s) =>
        `${translate(`demoLoading.sets.${s.name}`)}${s.state === 'ready' ? ' ✓' : s.state === 'failed' ? ` (${translate('demoLoading.failed')})` : ''}`,
    )
    .join(' · ');
  return (
    <Alert severity="info" role="status" data-testid="demo-loading" sx={{ mb: 2 }} icon={false}>
      {translate('demoLoading.title')} {sets}
      <br />
      {translate('demoLoading.hint')}
      <LinearProgress sx={{ mt: 1 }} aria-hidden />
    </Alert>
  );
}
