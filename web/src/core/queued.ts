/**
 * Reads the server shed (503 with a Retry-After: every turn of that service taken) and that wait to
 * be asked again: how many there are now. The screens say "en file d'attente" while it is not zero.
 * Kept outside React so the fetch helper can report to it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let waiting = 0;

export const queuedCount = (): number => waiting;

export function subscribeQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(by: number): void {
  waiting = Math.max(0, waiting + by);
  listeners.forEach((l) => l());
}

/** Waits `ms` counted as queued; an abort ends the wait at once (rethrown as the caller's AbortError). */
export function waitQueued(ms: number, signal?: AbortSignal): Promise<void> {
  change(1);
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      change(-1);
    };
    const aborted = () => {
      done();
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'));
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });
}
