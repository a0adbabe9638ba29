// The route walk's helpers: every page of the web app from its route table (web/src/routes.ts, the
// table the router itself mounts), the parameters filled with real records through the API, and
// what a page must not do: overflow the screen, hide an action off its right edge, log an error,
// fail a request.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ADMIN_ROUTES, APP_ROUTES, REPORT_ROUTES, ROUTE_SAMPLES, SETTINGS_TABS, SHELL_ROUTES } from '../../../web/src/routes.ts';
import { apiAs } from './journey.mjs';
import { ROOT } from './server.mjs';

const require = createRequire(import.meta.url);

const join = (base, sub) => (sub ? `${base}/${sub}` : base);

/**
 * Every route pattern a user with these roles may open, in the menu's order: the shell's pages, the
 * settings tabs, the reports, then each application the user has (PORTAL_APPS of the built contracts)
 * with its pages, the back office with its areas' pages.
 */
export function routePatterns(roles) {
  const { appsForRoles } = require(path.join(ROOT, 'dist/libs/contracts/src/index.js'));
  const patterns = [SHELL_ROUTES.dashboard, SHELL_ROUTES.exportDownload];
  for (const tab of SETTINGS_TABS) patterns.push(`${SHELL_ROUTES.settings}/${tab}`);
  for (const page of Object.values(REPORT_ROUTES)) patterns.push(join(SHELL_ROUTES.reports, page));
  for (const app of appsForRoles(roles)) {
    const pages = APP_ROUTES[app.id];
    if (!pages) throw new Error(`application ${app.id} has no pages in web/src/routes.ts`);
    for (const page of Object.values(pages)) patterns.push(join(app.route, page));
    if (app.id === 'admin')
      for (const [area, areaPages] of Object.entries(ADMIN_ROUTES))
        for (const page of Object.values(areaPages)) patterns.push(join(`${app.route}/${area}`, page));
  }
  return [...new Set(patterns)];
}

/**
 * The real paths of a pattern for the user signed in on `page`: each parameter from its sample (a
 * `values` list gives one path per value; a `list` the first record the user sees). A parameter
 * without a sample, or a list the user sees empty, is an error naming the pattern.
 */
export async function resolvePattern(page, pattern) {
  const params = pattern.match(/:\w+/g) ?? [];
  let paths = [{ path: pattern, chosen: {} }];
  for (const param of params) {
    const name = param.slice(1);
    const sample = ROUTE_SAMPLES[pattern]?.[name];
    if (!sample) throw new Error(`${pattern}: no sample for ${param} in ROUTE_SAMPLES (web/src/routes.ts)`);
    const next = [];
    for (const { path: p, chosen } of paths) {
      let values;
      if ('values' in sample) values = [...sample.values];
      else {
        const list = sample.list.replace(/:(\w+)/g, (_, n) => chosen[n]);
        const res = await apiAs(page, 'GET', list);
        const row = Array.isArray(res.body) ? res.body[0] : undefined;
        if (res.status !== 200 || !row) throw new Error(`${pattern}: GET /api${list} gave no record (${res.status})`);
        values = [String(row[sample.field ?? 'id'])];
      }
      for (const value of values) next.push({ path: p.replace(param, encodeURIComponent(value)), chosen: { ...chosen, [name]: value } });
    }
    paths = next;
  }
  return paths.map((p) => p.path);
}

/**
 * Listens to a page for the whole walk: console errors, uncaught errors, failed requests, each
 * recorded against the route being walked (`watch.route`).
 */
export function watchPage(page) {
  const watch = { route: '(sign-in)', events: [], pending: new Map(), lastChange: Date.now() };
  const add = (kind, detail) => watch.events.push({ route: watch.route, kind, detail });
  // The requests under way, with their start: the walk's own "network idle" (Playwright's is a load
  // state, reached once per page load, not after a move inside the app).
  const started = (req) => {
    watch.pending.set(req, Date.now());
    watch.lastChange = Date.now();
  };
  const ended = (req) => {
    watch.pending.delete(req);
    watch.lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('console', (msg) => {
    if (msg.type() === 'error') add('console error', `${msg.text()} ${msg.location()?.url ?? ''}`.trim());
  });
  page.on('pageerror', (error) => add('page error', error.message));
  page.on('response', (res) => {
    if (res.status() >= 400) add('failed request', `${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  page.on('requestfailed', (req) => {
    ended(req);
    const reason = req.failure()?.errorText ?? '';
    // A request the page drops because the user left it (the walk's next goto) or the page cancelled
    // (a list that asks again with a new filter) did not fail: the browser reports it as aborted.
    if (reason === 'net::ERR_ABORTED') return;
    add('failed request', `${reason} ${req.method()} ${new URL(req.url()).pathname}`);
  });
  return watch;
}

/**
 * Opens a path as the app's own links do (the router follows the history), not by reloading: the walk
 * goes as a user clicks through the portal, and a page's errors are those of moving to it.
 */
export async function openInApp(page, path) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A request open this long is a stream the page keeps (live events), not an answer it waits for. */
const STREAM_MS = 3000;

/**
 * Waits for the page to settle: no answer awaited and no request started or ended for half a second
 * (15 s at most: a page that polls), then no loading indicator left in the main area.
 */
export async function settle(page, watch) {
  // React renders the new route on its next frames; the requests it starts are counted from then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const busy = () => [...watch.pending.values()].some((start) => Date.now() - start < STREAM_MS);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && (busy() || Date.now() - watch.lastChange < 500)) await page.waitForTimeout(100);
  await page
    .waitForFunction(() => !document.querySelector('main [role=progressbar], main .MuiSkeleton-root'), null, { timeout: 10_000 })
    .catch(() => undefined);
  // A layout pass after the last answer (fonts, charts that size themselves on the next frame).
  await page.waitForTimeout(250);
}

/**
 * What sticks out to the right: the document wider than the window, and each visible control
 * (button, link, field) whose box ends beyond the window's right edge or beyond the edge of a box
 * that clips it (a table scrolled sideways hides its last column's actions just the same). A tab of a scrollable tab bar
 * is left out: the bar shows scroll arrows for the tabs beyond the edge, the pattern MUI offers.
 */
export function measureOverflow(page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const width = doc.clientWidth;
    const out = [];
    if (doc.scrollWidth > width) out.push(`document ${doc.scrollWidth}px wide on ${width}px`);
    // The controls cut off, by name: a list repeats its rows' buttons, the first three say enough.
    const cut = [];
    const controls = document.querySelectorAll(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=combobox]',
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (el.closest('.MuiTabs-scroller')) continue;
      // The visible right edge: the window's, or a nearer ancestor's that clips (a table that scrolls sideways).
      let edge = width;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') edge = Math.min(edge, p.getBoundingClientRect().right);
      if (box.right > edge + 1) {
        const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.id || el.tagName)
          .trim()
          .slice(0, 40);
        cut.push(`${el.tagName.toLowerCase()} "${name}" ends at ${Math.round(box.right)}px, visible to ${Math.round(edge)}px`);
      }
    }
    if (cut.length) out.push(`${cut.length} control(s) cut off: ${cut.slice(0, 3).join('; ')}`);
    return out;
  });
}

/** Waits until the backend has loaded every demo data set (its log says so); a backend started by hand is taken as ready. */
export async function waitForDemoData(backend, timeoutMs = 300_000) {
  if (!backend.log) return;
  const deadline = Date.now() + timeoutMs;
  // The log keeps its last lines only: the start's timing remembers the moment once seen.
  while (backend.timing?.demoMs == null && !backend.log().includes('every demo data set loaded')) {
    if (Date.now() > deadline) throw new Error(`the demo data did not load in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
