// The page's requests in flight, for waits on "the page's answers came in" (support/portal.mjs quiet).
// Playwright's "networkidle" counts every open connection, so a screen that keeps its live-event stream
// open (GET /api/live, an EventSource) never reaches it and each wait ran to its timeout (5 s a wait,
// on the dashboard, the tracker, Tracer Route, Huby). Here a long-lived stream is not a request waited for.

const tracked = new WeakMap();

/** A request that stays open by design: the live-event stream. */
const longLived = (request) => request.resourceType() === 'eventsource' || /\/api\/live(\?|$)/.test(request.url());

/** Follows a page's requests from now on (launchBrowser does it for every page as it opens). */
export function trackRequests(page) {
  if (tracked.has(page)) return;
  const state = { pending: new Set(), idleSince: Date.now() };
  tracked.set(page, state);
  page.on('request', (request) => {
    if (!longLived(request)) state.pending.add(request);
  });
  const ended = (request) => {
    if (state.pending.delete(request) && state.pending.size === 0) state.idleSince = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * Resolves once the page has had no request in flight (live streams aside) for `quietMs`, or after
 * `timeoutMs`; false when the page was not followed from its opening (the caller falls back then).
 */
export async function requestsSettled(page, { timeoutMs, quietMs = 500 }) {
  const state = tracked.get(page);
  if (!state) return false;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const idleFor = Date.now() - state.idleSince;
    if (state.pending.size === 0 && idleFor >= quietMs) return true;
    await new Promise((resolve) => setTimeout(resolve, state.pending.size === 0 ? quietMs - idleFor : 50));
  }
  return true;
}
