import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LiveEventNames, type LiveEventName } from '@portal/contracts';
import { liveStream, type LiveMessage, type LiveStream } from './live';

/** A screen reads its rows again at most this often however many events come (a feed of 10,000 orders). */
export const LIVE_REFRESH_MS = 2000;

/**
 * At most one call every `ms`: the first at once, the ones that come meanwhile as one call at the
 * end of the wait (so the last change is always read).
 */
export function throttle(run: () => void, ms: number, clock = { setTimeout, clearTimeout, now: Date.now }) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    last = clock.now();
    run();
  };
  const call = () => {
    if (timer) return;
    const wait = last + ms - clock.now();
    if (wait <= 0) fire();
    else timer = clock.setTimeout(fire, wait);
  };
  call.cancel = () => {
    if (timer) clock.clearTimeout(timer);
    timer = null;
  };
  return call;
}

/** Whether live events are coming (the stream is up): screens that polled before poll only while it is not. */
export function useLiveUp(stream: LiveStream = liveStream): boolean {
  return useSyncExternalStore(
    (change) => stream.onStatus(change),
    () => stream.up,
  );
}

/**
 * Calls `handler` with each event of these names, and with `reset` (events may have been missed:
 * read everything again). Keeps the tab's stream open while the screen is. `enabled` false: nothing.
 */
export function useLiveEvents(
  names: readonly LiveEventName[],
  handler: (message: LiveMessage) => void,
  enabled = true,
  stream: LiveStream = liveStream,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  const key = names.join(',');
  useEffect(() => {
    if (!enabled) return;
    const wanted = new Set<string>([...key.split(','), LiveEventNames.reset]);
    return stream.subscribe((message) => {
      if (wanted.has(message.name)) latest.current(message);
    });
  }, [key, enabled, stream]);
}

/**
 * Reads a screen again (its `refresh`, throttled to LIVE_REFRESH_MS) when an event of these names
 * concerns it (`concerns`, all by default) or on a reset. The rows stay on screen while they are read.
 */
export function useLiveRefresh(
  names: readonly LiveEventName[],
  refresh: () => void,
  concerns: (message: LiveMessage) => boolean = () => true,
  enabled = true,
): void {
  const latest = useRef({ refresh, concerns });
  latest.current = { refresh, concerns };
  const throttled = useRef<ReturnType<typeof throttle> | null>(null);
  if (!throttled.current) throttled.current = throttle(() => latest.current.refresh(), LIVE_REFRESH_MS);
  useEffect(() => () => throttled.current?.cancel(), []);
  useLiveEvents(
    names,
    (message) => {
      if (message.name === LiveEventNames.reset || latest.current.concerns(message)) throttled.current?.();
    },
    enabled,
  );
}
