// Live screens (issue 35 item 4): alice's open Pack and Go Tracer list shows an order's new status
// without a reload when the warehouse feed changes it; bob's page, open at the same time, receives
// no DEMO-A event on its stream (what the page's own stream carries is recorded and read back).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newTab, useJourney } from './support/journey.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { launchBrowser, screenshot } from './support/browser.mjs';

const ctx = useJourney();

/** The demo's warehouse system key (services/auth demo seed): the feed API that changes an order's status. */
const WAREHOUSE_KEY = 'demo-warehouse-feed-key-2026';
const RUN = Date.now().toString(36).toUpperCase();
const REF_A = `LIVEA${RUN}`;
const REF_B = `LIVEB${RUN}`;
const ROWS = '[data-testid=orders-table] tbody tr[data-order-id]';

/**
 * Records, in the page, every byte of its live stream: the app reads GET /api/live with fetch, so
 * fetch is wrapped before the app loads and the stream's answer teed into window.__liveText.
 */
async function recordLiveStream(page) {
  await page.addInitScript(() => {
    window.__liveText = '';
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      const url = typeof input === 'string' ? input : input.url;
      if (url.endsWith('/api/live') && response.ok && response.body) {
        const [mine, theirs] = response.body.tee();
        void (async () => {
          const reader = mine.getReader();
          const decoder = new TextDecoder();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            window.__liveText += decoder.decode(value, { stream: true });
          }
        })();
        return new Response(theirs, { status: response.status, statusText: response.statusText, headers: response.headers });
      }
      return response;
    };
  });
}

const liveText = (page) => page.evaluate(() => window.__liveText);

async function waitForText(page, needle, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  while (!(await liveText(page)).includes(needle)) {
    if (Date.now() > deadline) throw new Error(`the live stream never carried ${needle}: ${(await liveText(page)).slice(-500)}`);
    await page.waitForTimeout(200);
  }
}

/** Feeds one order with these statuses as the warehouse system does (each new status is a change). */
async function feed(page, reference, depositorId, statuses) {
  const createdAt = Date.now() - 3_600_000;
  const order = {
    reference,
    depositorId,
    depositorCode: depositorId === 1 ? 'DEMO-A' : 'DEMO-B',
    platformId: 1,
    carrier: { code: 'GLS', name: 'GLS' },
    recipient: { company: 'Pharmacie du Centre', name: 'Camille Bernard', zip: '69003', town: 'Lyon', country: 'FR' },
    createdAt: new Date(createdAt).toISOString(),
    lines: [{ reference: 'ART-1', label: 'Article', quantityOrdered: 1, quantitySent: 1 }],
    statuses: statuses.map((status, i) => ({ status, at: new Date(createdAt + i * 60_000).toISOString() })),
  };
  const res = await page.request.post(`${ctx.base}/api/feed/tracking/orders/bulk`, {
    headers: { 'X-Api-Key': WAREHOUSE_KEY },
    data: { orders: [order] },
  });
  assert.equal(res.status(), 200, await res.text());
}

async function statusShown(page, reference) {
  return page
    .locator(ROWS)
    .filter({ hasText: reference })
    .locator('[data-status]')
    .first()
    .getAttribute('data-status')
    .catch(() => null);
}

test("alice's open Pack and Go Tracer list follows a status change; bob's stream carries nothing of DEMO-A", async () => {
  const alice = await newTab(ctx);
  // bob in a browser of his own: two tabs of one profile share one session (localStorage).
  const bobBrowser = await launchBrowser();
  const bob = await bobBrowser.newPage();
  try {
    await Promise.all([recordLiveStream(alice), recordLiveStream(bob)]);
    await feed(alice, REF_A, 1, [0]);
    await feed(alice, REF_B, 2, [0]);
    await loginToDashboard(alice, ctx.base, 'alice');
    await loginToDashboard(bob, ctx.base, 'bob');
    for (const page of [alice, bob]) {
      await page.goto(`${ctx.base}/pgt?filter=${encodeURIComponent(JSON.stringify({ q: 'LIVE' }))}`);
      await page.locator(ROWS).first().waitFor();
      await waitForText(page, 'event: ready');
    }
    await alice.locator(ROWS).filter({ hasText: REF_A }).waitFor();
    assert.equal(await statusShown(alice, REF_A), '0');
    const url = alice.url();

    // The warehouse ships alice's order, then bob's: the row changes in place, no reload.
    await feed(alice, REF_A, 1, [0, 90]);
    await feed(alice, REF_B, 2, [0, 90]);
    await waitForText(alice, REF_A);
    const deadline = Date.now() + 30_000;
    while ((await statusShown(alice, REF_A)) !== '90') {
      if (Date.now() > deadline) throw new Error(`the row of ${REF_A} never showed status 90`);
      await alice.waitForTimeout(200);
    }
    assert.equal(alice.url(), url);
    await screenshot(alice, 'live-pgt-alice');

    // bob's stream is live (his own order came) and DEMO-A's change, earlier on the bus, never reached it.
    await waitForText(bob, REF_B);
    await bob.locator(ROWS).filter({ hasText: REF_B }).locator('[data-status="90"]').waitFor({ timeout: 30_000 });
    assert.ok(!(await liveText(bob)).includes(REF_A), 'bob received a DEMO-A event');
    assert.equal(await bob.locator(ROWS).filter({ hasText: REF_A }).count(), 0);
  } catch (error) {
    await screenshot(alice, 'live-failure-alice');
    await screenshot(bob, 'live-failure-bob');
    throw error;
  } finally {
    await alice.close();
    await bobBrowser.close();
  }
});
