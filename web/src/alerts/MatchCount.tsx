import { useEffect, useState } from 'react';
import { useTranslate } from 'ra-core';
import { Alert, CircularProgress } from '@mui/material';
import { formatDate, type AlertMatchCount } from '@portal/contracts';
import { useNumber, useTimeZone } from '../stock/ui';
import { alertsApi } from './alertsApi';

/** How long typing must pause before the criteria are counted again. */
export const MATCH_COUNT_PAUSE_MS = 300;

/**
 * The orders of the last 3 months that match the criteria as typed (spec §3): asked once typing
 * pauses, the previous question aborted, only the latest answer kept.
 */
export function useMatchCount(criteria: object): { answer: AlertMatchCount | null; counting: boolean; failed: boolean } {
  const [answer, setAnswer] = useState<AlertMatchCount | null>(null);
  const [counting, setCounting] = useState(false);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(criteria);
  useEffect(() => {
    const abort = new AbortController();
    setCounting(true);
    const timer = setTimeout(() => {
      alertsApi
        .matchCount(JSON.parse(key) as object, abort.signal)
        .then((found) => {
          setAnswer(found);
          setFailed(false);
        })
        .catch(() => !abort.signal.aborted && setFailed(true))
        .finally(() => !abort.signal.aborted && setCounting(false));
    }, MATCH_COUNT_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key]);
  return { answer, counting, failed };
}

/** "N commandes des 3 derniers mois correspondent", live under the criteria. */
export function MatchCount({ criteria }: { criteria: object }) {
  const translate = useTranslate();
  const n = useNumber();
  const timeZone = useTimeZone();
  const { answer, counting, failed } = useMatchCount(criteria);
  return (
    <Alert
      severity={failed ? 'warning' : 'info'}
      icon={counting ? <CircularProgress size={20} aria-hidden /> : undefined}
      aria-live="polite"
      data-testid="alert-match-count"
      data-count={answer && !counting ? answer.count : undefined}
    >
      {failed
        ? translate('alerts.match.failed')
        : answer?.capped
          ? translate('alerts.match.capped', { count: n(answer.count), since: formatDate(answer.since, timeZone) })
          : answer
            ? translate('alerts.match.count', {
                smart_count: answer.count,
                count: n(answer.count),
                since: formatDate(answer.since, timeZone),
              })
            : translate('alerts.match.counting')}
    </Alert>
  );
}
