/**
 * Whether the portal can be used. An unreachable gateway (or a proxy's bare 502–504) flips it to
 * "down" at once; a 503 from one service flips it only when /api/health says the gateway or the auth
 * service (sign-in, sessions) is down — a module whose service is unavailable shows its own error
 * and the rest of the portal goes on. A poll of /api/health brings it back. Kept outside React so
 * the fetch helper can report to it.
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

let fetchFn: typeof fetch = (...args) => fetch(...args);
/** Tests replace the transport with a fake (api.ts's useFetch does it for both). */
export function useHealthFetch(next: typeof fetch): void {
  fetchFn = next;
}

interface HealthBody {
  services?: Record<string, { up?: boolean; db?: boolean } | undefined>;
}

/** The gateway answers and the auth service is up with its database (other services may be degraded). */
async function portalUsable(): Promise<boolean> {
  try {
    const response = await fetchFn('/api/health', { headers: { Accept: 'application/json' } });
    if (response.ok) return true;
    const body = (await response.json().catch(() => null)) as HealthBody | null;
    const auth = body?.services?.auth;
    return !!auth?.up && !!auth.db;
  } catch {
    return false;
  }
}

/** One health probe; resolves true when the portal is usable again. */
export async function checkHealth(): Promise<boolean> {
  const usable = await portalUsable();
  if (usable) {
    set(false);
    stopPolling();
  }
  return usable;
}

let checking: Promise<void> | null = null;

/**
 * A call answered 503 serverUnavailable: one health probe (at most one at a time) says whether the
 * whole portal is down or only the service behind that call.
 */
export function reportServiceUnavailable(): void {
  if (down || checking) return;
  checking = portalUsable()
    .then((usable) => {
      if (!usable) reportServerDown();
    })
    .finally(() => {
      checking = null;
    });
}

/** Tests: the health probe a 503 started, settled. */
export async function serviceCheckSettled(): Promise<void> {
  await checking;
}

function stopPolling(): void {
  if (timer) clearInterval(timer);
  timer = null;
}

/** Tests: the portal known up again, no poll and no probe under way (each test file starts from here). */
export function resetServerStatus(): void {
  stopPolling();
  checking = null;
  set(false);
}

export function reportServerDown(): void {
  set(true);
  if (!timer && typeof window !== 'undefined') timer = setInterval(() => void checkHealth(), HEALTH_POLL_MS);
}
