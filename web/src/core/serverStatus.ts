/**
 * Whether the API answers. A 503 or an unreachable server flips it to "down"; a poll of
 * /api/health brings it back. Kept outside React so the fetch helper can report to it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let down = false;
let timer: ReturnType<typeof setInterval> | null = null;
export const HEALTH_POLL_MS = 5000;

export function isServerDown(): boolean {
  return down;
}
export function subscribeServerStatus(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function set(next: boolean): void {
  if (next === down) return;
  down = next;
  listeners.forEach((l) => l());
}

/** One health probe; resolves true when the server is back. */
export async function checkHealth(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { headers: { Accept: 'application/json' } });
    if (response.ok) {
      set(false);
      stopPolling();
      return true;
    }
  } catch {
    // still unreachable
  }
  return false;
}

function stopPolling(): void {
  if (timer) clearInterval(timer);
  timer = null;
}

export function reportServerDown(): void {
  set(true);
  if (!timer && typeof window !== 'undefined') timer = setInterval(() => void checkHealth(), HEALTH_POLL_MS);
}
