// Shared set-up of a journey file: one backend and one browser, both closed at the very end. A group of
// journey files run by `node --test --test-isolation=none` (support/groups.mjs) shares them.
import { after, before, beforeEach } from 'node:test';
import { closeSharedBackend, sharedBackend } from './server.mjs';
import { launchBrowser } from './browser.mjs';

// One launch for every file of the process: a group's `before` hooks may run together.
let browser = null;
let backendDied = null;
let watching = false;

let lastFile = null;

// Once per process: a journey that starts after the backend died fails at once with its log; the
// first journey of a group's next file gets a fresh browser profile (no session or storage left over).
beforeEach(async (t) => {
  if (backendDied) throw backendDied;
  if (browser && lastFile && t.filePath !== lastFile) await (await browser).reset();
  lastFile = t.filePath;
});

export function useJourney() {
  const ctx = { backend: null, browser: null, base: '' };
  before(async () => {
    ctx.backend = await sharedBackend();
    ctx.base = ctx.backend.baseUrl;
    browser ??= launchBrowser();
    ctx.browser = await browser;
    if (!watching && ctx.backend.onDeath) {
      watching = true;
      // The running journey fails rather than waits: closing the browser ends its page's pending waits.
      ctx.backend.onDeath((error) => {
        backendDied = error;
        void ctx.browser.close();
      });
    }
  });
  after(async () => {
    const closing = browser;
    browser = null;
    await (await closing?.catch(() => null))?.close();
    await closeSharedBackend();
  });
  return ctx;
}

/**
 * A new tab on the login page with an empty session. The profile is shared, so the app's storage is
 * cleared first, on a page of the portal's origin that is not the app (its health answer): opened on
 * /login with the last journey's session still stored, the app went on to the dashboard, whose first
 * calls, made after the clearing on a loaded machine, were refused 401 (seen in the route walk).
 */
export async function newTab(ctx) {
  const page = await ctx.browser.newPage();
  await page.goto(`${ctx.base}/api/health`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${ctx.base}/login`);
  return page;
}

/** Calls the API as the signed-in user of `page` (token from the app's storage). */
export function apiAs(page, method, path, body) {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(`/api${p}`, {
        method: m,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('portal.token')}`,
          ...(b === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.json().catch(() => null) };
    },
    [method, path, body],
  );
}
