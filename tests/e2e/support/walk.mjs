// The route walk's helpers: every page of the web app from its route table (web/src/routes.ts, the
// table the router itself mounts), the parameters filled with real records through the API, and
// what a page must not do: overflow the screen, hide an action off its right edge, log an error,
// fail a request, show words that do not come from the catalogues (the pseudo-locale walk).
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  ADMIN_ROUTES,
  APP_ROUTES,
  REPORT_ROUTES,
  ROUTE_RECORDS,
  ROUTE_SAMPLES,
  SETTINGS_PAGES,
  SETTINGS_TAB_ROLES,
  SETTINGS_TABS,
  SHELL_ROUTES,
} from '../../../web/src/routes.ts';
import { accent } from '../../../web/src/i18n/pseudo-letters.ts';
import { apiAs } from './journey.mjs';
import { ROOT } from './server.mjs';

const require = createRequire(import.meta.url);
const contracts = () => require(path.join(ROOT, 'dist/libs/contracts/src/index.js'));

const join = (base, sub) => (sub ? `${base}/${sub}` : base);

/**
 * Every route pattern a user with these roles may open, in the menu's order: the shell's pages, the
 * settings tabs the user is offered with their pages, the reports, then each application the user has
 * (PORTAL_APPS of the built contracts) with its pages, the back office with its areas' pages.
 */
export function routePatterns(roles) {
  const { appsForRoles, hasAnyRole } = contracts();
  const patterns = [SHELL_ROUTES.dashboard, SHELL_ROUTES.exportDownload];
  for (const tab of SETTINGS_TABS) {
    const needed = SETTINGS_TAB_ROLES[tab];
    if (needed && !contracts()[needed]) throw new Error(`SETTINGS_TAB_ROLES.${tab}: ${needed} is not a role list of @portal/contracts`);
    if (needed && !hasAnyRole(roles, contracts()[needed])) continue;
    for (const page of Object.values(SETTINGS_PAGES[tab] ?? { tab: '' })) patterns.push(join(`${SHELL_ROUTES.settings}/${tab}`, page));
  }
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
 * The records a walk makes when the user sees none (ROUTE_RECORDS and ROUTE_SAMPLES `make`), each
 * through the API as the walking user, named in its error when it cannot.
 */
const MAKERS = {
  /** An API key of the user's first depositor, reading orders. */
  async apiKey(page) {
    const depositor = await firstDepositor(page);
    const made = await apiAs(page, 'POST', '/settings/api-keys', { name: 'Route walk', depositorIds: [depositor.id], rights: ['orders'] });
    if (made.status !== 201 && made.status !== 200)
      throw new Error(`POST /api/settings/api-keys: ${made.status} ${JSON.stringify(made.body)}`);
  },
  /**
   * A webhook endpoint of the user's first depositor, to the one host plain http may reach
   * (WEBHOOK_HTTP_HOSTS, support/server.mjs) where nothing listens, and its test event: the delivery
   * fails, so that the log has a row with an attempt and its error.
   */
  async webhookEndpoint(page, { backend }) {
    if (!backend?.webhookReceiverPort) throw new Error('a backend started by hand allows no webhook address');
    const depositor = await firstDepositor(page);
    const made = await apiAs(page, 'POST', '/settings/webhooks', {
      url: `http://127.0.0.1:${backend.webhookReceiverPort}/hooks/route-walk`,
      description: 'Route walk',
      depositorIds: [depositor.id],
      eventTypes: ['order.delivered'],
    });
    if (made.status !== 201 && made.status !== 200)
      throw new Error(`POST /api/settings/webhooks: ${made.status} ${JSON.stringify(made.body)}`);
    const sent = await apiAs(page, 'POST', `/settings/webhooks/${encodeURIComponent(made.body.id)}/test`);
    if (sent.status !== 200 && sent.status !== 201) throw new Error(`its test event: ${sent.status}`);
  },
};

/** The first depositor the user of `page` administers (the integrations' choice, GET /api/admin/users/options). */
async function firstDepositor(page) {
  const options = await apiAs(page, 'GET', '/admin/users/options');
  const depositor = options.body?.depositors?.[0];
  if (!depositor) throw new Error(`no depositor the user administers (GET /api/admin/users/options: ${options.status})`);
  return depositor;
}

/** Makes a record by the maker named `name`, or says which maker is missing. */
async function make(page, name, context, pattern) {
  const maker = MAKERS[name];
  if (!maker) throw new Error(`${pattern}: no maker ${name} in tests/e2e/support/walk.mjs`);
  await maker(page, context);
}

/** The first row of an API list as the user of `page`, or null when the user sees it empty. */
async function firstRow(page, list) {
  const res = await apiAs(page, 'GET', list);
  if (res.status !== 200) throw new Error(`GET /api${list}: ${res.status}`);
  return Array.isArray(res.body) ? (res.body[0] ?? null) : null;
}

/**
 * The real paths of a pattern for the user signed in on `page`: each parameter from its sample (a
 * `values` list gives one path per value; a `list` the first record the user sees, made first by the
 * sample's maker if there is none). A parameter without a sample, or a list the user sees empty, is an
 * error naming the pattern. `context.backend` is the journey's backend (for the makers).
 */
export async function resolvePattern(page, pattern, context = {}) {
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
        let row = await firstRow(page, list);
        if (!row && sample.make) {
          await make(page, sample.make, context, pattern);
          row = await firstRow(page, list);
        }
        if (!row) throw new Error(`${pattern}: GET /api${list} gave no record`);
        values = [String(row[sample.field ?? 'id'])];
      }
      for (const value of values) next.push({ path: p.replace(param, encodeURIComponent(value)), chosen: { ...chosen, [name]: value } });
    }
    paths = next;
  }
  return paths.map((p) => p.path);
}

/**
 * The pages a user walks: every pattern of `roles` with its real paths, resolved (records made:
 * ROUTE_RECORDS, ROUTE_SAMPLES) before the first page opens, so that a list page shows the record its
 * detail page needed. A pattern that
 * cannot be resolved is a finding ("no record to open"); the API calls count against the pattern.
 */
export async function walkPlan(page, watch, roles, context = {}) {
  const plan = [];
  const findings = [];
  for (const pattern of routePatterns(roles)) {
    watch.route = pattern;
    try {
      const records = ROUTE_RECORDS[pattern];
      if (records && !(await firstRow(page, records.list))) await make(page, records.make, context, pattern);
      plan.push({ pattern, paths: await resolvePattern(page, pattern, context) });
    } catch (error) {
      findings.push({ route: pattern, kind: 'no record to open', detail: error.message });
    }
  }
  return { plan, findings };
}

/**
 * Listens to a page for the whole walk: console errors, uncaught errors, failed requests, each
 * recorded against the route being walked (`watch.route`).
 */
export function watchPage(page) {
  const watch = { route: '(sign-in)', events: [], pending: new Map(), lastChange: Date.now() };
  const add = (kind, detail, route = watch.route) => watch.events.push({ route, kind, detail });
  // A request's answer, and the browser's own line about a failed one, count against the route that
  // asked: an answer slower than the walk's wait (STREAM_MS on a busy machine) arrives on the next page.
  const askedBy = new WeakMap();
  const askedByUrl = new Map();
  // The requests under way, with their start: the walk's own "network idle" (Playwright's is a load
  // state, reached once per page load, not after a move inside the app).
  const started = (req) => {
    askedBy.set(req, watch.route);
    askedByUrl.set(req.url(), watch.route);
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
    if (msg.type() !== 'error') return;
    const url = msg.location()?.url ?? '';
    const route = msg.text().startsWith('Failed to load resource') ? askedByUrl.get(url) : undefined;
    add('console error', `${msg.text()} ${url}`.trim(), route);
  });
  page.on('pageerror', (error) => add('page error', error.message));
  page.on('response', (res) => {
    const req = res.request();
    if (res.status() >= 400) add('failed request', `${res.status()} ${req.method()} ${new URL(res.url()).pathname}`, askedBy.get(req));
  });
  page.on('requestfailed', (req) => {
    ended(req);
    const reason = req.failure()?.errorText ?? '';
    // A request the page drops because the user left it (the walk's next goto) or the page cancelled
    // (a list that asks again with a new filter) did not fail: the browser reports it as aborted.
    if (reason === 'net::ERR_ABORTED') return;
    add('failed request', `${reason} ${req.method()} ${new URL(req.url()).pathname}`, askedBy.get(req));
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

// ---------------------------------------------------------------------------------------------------
// The pseudo-locale walk (issue 36): every catalogue message is shown ⟦àççéñţéð···⟧ (web/src/i18n/pseudo.ts)
// when the app starts with this key set, so that a word outside the brackets bypasses the catalogues.

/** The key of the app's storage that starts it in the pseudo-locale (web/src/i18n/provider.ts PSEUDO_LOCALE_KEY). */
export const PSEUDO_LOCALE_KEY = 'portal.pseudoLocale';
const OPEN = '⟦';
const CLOSE = '⟧';

/**
 * The visible text of the page outside ⟦ ⟧: each text node (an option with its select, a placeholder
 * of a field) whose parts outside the brackets hold a letter, with the tag around it. A message split
 * over several nodes (a link put in a sentence) counts as inside up to its closing bracket.
 */
export function unwrappedTexts(page) {
  return page.evaluate(
    ([open, close]) => {
      const seen = new Set();
      const out = [];
      const visible = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      const outside = (text) => {
        const parts = [];
        let depth = 0;
        let plain = '';
        for (const c of text) {
          if (c === open) {
            if (depth === 0 && plain) parts.push(plain);
            if (depth === 0) plain = '';
            depth++;
          } else if (c === close) {
            // A closing bracket with none open: what came before ends a message opened in an earlier node.
            if (depth === 0) {
              parts.length = 0;
              plain = '';
            } else depth--;
          } else if (depth === 0) plain += c;
        }
        if (depth === 0 && plain) parts.push(plain);
        return parts.map((p) => p.trim()).filter((p) => /\p{L}/u.test(p));
      };
      const add = (text, el) => {
        for (const part of outside(text)) {
          const key = `${el.tagName}|${part}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push({ text: part.replace(/\s+/g, ' '), tag: el.tagName.toLowerCase() });
        }
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.nodeValue ?? '';
        if (!/\p{L}/u.test(text)) continue;
        const el = node.parentElement;
        if (!el || el.closest('script, style, noscript, template')) continue;
        const select = el.closest('option, optgroup') ? el.closest('select') : null;
        if (select) {
          if (!visible(select)) continue;
        } else {
          if (!visible(el)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const box = range.getBoundingClientRect();
          if (box.width < 1 || box.height < 1) continue;
        }
        add(text, el);
      }
      for (const field of document.querySelectorAll('input[placeholder], textarea[placeholder]'))
        if (visible(field)) add(field.getAttribute('placeholder') ?? '', field);
      return out;
    },
    [OPEN, CLOSE],
  );
}

/**
 * The catalogue texts the lengthening cuts: a visible element that ends its line with an ellipsis or
 * hides what overflows its single line, wider inside than its box, holding a ⟦ message (text for
 * screen readers only, in a 1 px box, is left out).
 */
export function cutTexts(page) {
  return page.evaluate((open) => {
    const out = new Set();
    for (const el of document.body.querySelectorAll('*')) {
      if (!el.textContent?.includes(open)) continue;
      const style = getComputedStyle(el);
      const clips = style.textOverflow === 'ellipsis' || (style.whiteSpace === 'nowrap' && style.overflowX === 'hidden');
      if (!clips || el.scrollWidth <= el.clientWidth + 1) continue;
      if (el.clientWidth <= 1 || el.clientHeight <= 1 || style.clip !== 'auto' || style.clipPath !== 'none') continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      out.add(`<${el.tagName.toLowerCase()}> "${el.textContent.trim().replace(/\s+/g, ' ').slice(0, 60)}"`);
    }
    return [...out];
  }, OPEN);
}

/** Whether a text of the page holds a catalogue message (its plain words) as the pseudo-locale shows it. */
export const showsMessage = (text, message) => text.includes(accent(message));

/** The words of a text, as the pseudo-locale walk weighs them: split on spaces, punctuation around them left out. */
export const wordsOf = (text) =>
  String(text)
    .split(/[\s/()[\]{}«»"“”:;,!?|·•–—…=+*<>]+/u)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);

/**
 * The words the browser itself writes in the page's language (dates, relative times, lists, compact
 * numbers by Intl): data formatted for the user, not words of the portal. Lower-cased.
 */
export async function localeWords(page) {
  const texts = await page.evaluate(() => {
    const lang = document.documentElement.lang || 'fr';
    const out = [];
    const day = new Date(2026, 0, 5, 14, 30);
    for (let m = 0; m < 12; m++)
      for (const month of ['long', 'short']) out.push(new Intl.DateTimeFormat(lang, { month }).format(new Date(2026, m, 15)));
    for (let d = 0; d < 7; d++)
      for (const weekday of ['long', 'short']) out.push(new Intl.DateTimeFormat(lang, { weekday }).format(new Date(2026, 0, 5 + d)));
    for (const dateStyle of ['full', 'long', 'medium', 'short'])
      out.push(new Intl.DateTimeFormat(lang, { dateStyle, timeStyle: 'short' }).format(day));
    for (const style of ['long', 'short', 'narrow'])
      for (const numeric of ['always', 'auto'])
        for (const unit of ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'])
          for (const n of [-2, -1, 0, 1, 2]) out.push(new Intl.RelativeTimeFormat(lang, { style, numeric }).format(n, unit));
    for (const type of ['conjunction', 'disjunction']) out.push(new Intl.ListFormat(lang, { type }).format(['a', 'b', 'c']));
    for (const compactDisplay of ['short', 'long'])
      for (const n of [1200, 1_200_000, 1_200_000_000])
        out.push(new Intl.NumberFormat(lang, { notation: 'compact', compactDisplay }).format(n));
    return out;
  });
  return new Set(texts.flatMap(wordsOf).map((w) => w.toLowerCase()));
}

/**
 * Collects every string of the API's JSON answers to the page (names, labels, references, addresses
 * from the database) as words: text made of them on screen is data, not words of the portal.
 */
export function watchData(page) {
  const words = new Set();
  const pending = new Set();
  const unread = [];
  const collect = (value) => {
    if (typeof value === 'string') for (const w of wordsOf(value)) words.add(w);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  page.on('response', (res) => {
    if (!new URL(res.url()).pathname.startsWith('/api/')) return;
    if (!(res.headers()['content-type'] ?? '').includes('json')) return;
    const reading = res
      .json()
      // A body the browser no longer holds (the page moved on before it was read: "No data found for
      // resource") is asked again with the same headers: a GET reads the same data.
      .catch(async (error) => {
        if (res.request().method() !== 'GET') throw error;
        const again = await page.context().request.get(res.url(), { headers: res.request().headers() });
        if (!again.ok()) throw error;
        return again.json();
      })
      .then(collect, (error) => unread.push(`${new URL(res.url()).pathname}: ${error.message.split('\n')[0]}`))
      .finally(() => pending.delete(reading));
    pending.add(reading);
  });
  return {
    words,
    /** The answers that could not be read (their words count as none: the page's text from them shows as stray). */
    unread,
    /** Waits for the answers received so far to be read. */
    settled: () => Promise.all([...pending]),
  };
}

/**
 * The words of an unwrapped text that are words of the portal left outside the catalogues: neither a
 * number, a code or reference (upper case, digits), an address, a single letter, a word of the API's
 * data nor a word the browser writes for dates and numbers.
 */
export function strayWords(text, { data, locale }) {
  // An address (web or mail) is data as a whole.
  const plain = text.replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, ' ').replace(/\S+@\S+\.\w+/g, ' ');
  return wordsOf(plain).filter(
    (w) =>
      /\p{L}/u.test(w) &&
      !/\d/.test(w) &&
      [...w].length > 1 &&
      !(w === w.toLocaleUpperCase() && w !== w.toLocaleLowerCase()) &&
      !data.has(w) &&
      !locale.has(w.toLowerCase()),
  );
}
