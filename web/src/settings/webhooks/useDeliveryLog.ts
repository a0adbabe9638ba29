import { useCallback, useEffect, useRef, useState } from 'react';
import type { WebhookDeliveryStatus } from '@portal/contracts';
import { appendPage, type LogState } from './model';
import { webhooksApi } from './webhooksApi';

/** While a delivery shown waits for its attempt, it is read again this often (the log's first page, a detail). */
export const PENDING_REFRESH_MS = 5000;

const isAbort = (error: unknown) => (error as Error | null)?.name === 'AbortError';

/**
 * An endpoint's delivery log: the newest page on each new filter, older pages appended with the
 * page's `next` cursor. While only the first page shows and one of its deliveries waits, it is read
 * again now and then, so that a test event is seen delivered without a click.
 */
export function useDeliveryLog(endpointId: string, status: WebhookDeliveryStatus | null) {
  const [log, setLog] = useState<LogState | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const pages = useRef(0);
  const inFlight = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    webhooksApi.deliveries(endpointId, status, null, controller.signal).then(
      (page) => {
        pages.current = 1;
        setLog(appendPage({ items: [], next: null }, page));
        setFailure(null);
      },
      (error: unknown) => {
        if (!isAbort(error)) setFailure(error);
      },
    );
  }, [endpointId, status]);

  useEffect(() => {
    setLog(null);
    reload();
    return () => inFlight.current?.abort();
  }, [reload]);

  const loadMore = () => {
    if (!log?.next || loadingMore) return;
    setLoadingMore(true);
    webhooksApi
      .deliveries(endpointId, status, log.next)
      .then(
        (page) => {
          pages.current += 1;
          setLog((shown) => appendPage(shown ?? { items: [], next: null }, page));
          setFailure(null);
        },
        (error: unknown) => setFailure(error),
      )
      .finally(() => setLoadingMore(false));
  };

  const waiting = !!log?.items.some((d) => d.status === 'pending');
  useEffect(() => {
    if (!waiting) return;
    // Never once older pages are shown: reading the first again would drop them.
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && pages.current === 1) reload();
    }, PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, reload]);

  return { log, failure, loadingMore, loadMore, reload };
}
