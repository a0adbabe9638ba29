// The route walk (issue 36, "How it is checked"): every page of the web app, read from the route table
// the router mounts (web/src/routes.ts), as alice (a depositor's user) and as admin (the provider's),
// at 1366×768 and on a 390×844 phone. A page fails, named with its route, user and size, when the
// document scrolls sideways, a visible button, link or field sticks out to the right, the console logs
// an error, the page throws, or a request fails. A page with a parameter is opened on a real record
// (made through the API first when the demo data holds none: support/walk.mjs MAKERS).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';
import { measureOverflow, openInApp, settle, waitForDemoData, walkPlan, watchPage } from './support/walk.mjs';

const ctx = useJourney();

const USERS = ['alice', 'admin'];
const SIZES = [
  { name: '1366', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * Answers the app expects, each with why it is normal use and not a defect: `route` is the walked
 * pattern, `detail` matches the event's text.
 */
const EXPECTED = [
  {
    route: '/exports/:id',
    kind: 'failed request',
    detail: /^404 GET \/api\/exports\//,
    reason: 'the walk opens the mail link of an export that is gone: the page asks, gets 404 and says so',
  },
  {
    route: '/exports/:id',
    kind: 'console error',
    detail: /status of 404 .*\/api\/exports\//,
    reason: 'the browser logs the 404 above itself; the page shows the export as gone, nothing else fails',
  },
];

/**
 * Defects the walk finds that are not fixed yet, each reported in the note: `route`, `user`,
 * `size` and `kind` as the walk names them, `detail` matching the finding.
 */
const KNOWN = [];

const listed = (table, e) =>
  table.find(
    (k) =>
      k.route === e.route &&
      k.kind === e.kind &&
      (!k.user || k.user === e.user) &&
      (!k.size || k.size === e.size) &&
      k.detail.test(e.detail),
  );

for (const user of USERS) {
  for (const size of SIZES) {
    test(`${user} at ${size.width}×${size.height}: every route fits, logs no error and fails no request`, async () => {
      const page = await newTab(ctx);
      const watch = watchPage(page);
      const findings = [];
      try {
        // The pages open the demo's records; the big sets load in the background after the start.
        await waitForDemoData(ctx.backend);
        await page.setViewportSize({ width: size.width, height: size.height });
        await loginToDashboard(page, ctx.base, user);
        const me = await apiAs(page, 'GET', '/user/me');
        const { plan, findings: unresolved } = await walkPlan(page, watch, me.body.roles, { backend: ctx.backend });
        findings.push(...unresolved);
        for (const { pattern, paths } of plan) {
          for (const path of paths) {
            watch.route = pattern;
            await openInApp(page, path);
            await settle(page, watch);
            if (new URL(page.url()).pathname === '/login') findings.push({ route: pattern, kind: 'signed out', detail: path });
            const overflow = await measureOverflow(page);
            for (const detail of overflow) findings.push({ route: pattern, kind: 'overflow', detail: `${path}: ${detail}` });
            if (overflow.length) await screenshot(page, `route-walk-${user}-${size.name}-${path.replace(/\W+/g, '_')}`);
          }
        }
        watch.route = '(end)';
      } finally {
        await page.close();
      }
      const all = [...findings, ...watch.events].map((e) => ({ ...e, user, size: size.name }));
      const problems = all.filter((e) => !listed(EXPECTED, e) && !listed(KNOWN, e));
      assert.deepEqual(
        problems.map((e) => `${e.route} (${e.user}, ${e.size}) ${e.kind}: ${e.detail}`),
        [],
      );
    });
  }
}
