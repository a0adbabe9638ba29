// Under shedding (issue 33 item 3): a backend of its own with one bus turn per subject and almost no
// queue (BUS_CONCURRENCY=1, BUS_QUEUE=1, BUS_QUEUE_WAIT_MS=100), so that the dashboard's parallel
// reads are shed. The dashboard stays usable (never the whole-app "Service indisponible" page: a shed
// read is asked again after its Retry-After, and what still fails stays in its panel); a tracker search
// that is shed says "Recherche en file d'attente…" and shows its results once asked again.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, screenshot } from './support/browser.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { startBackend } from './support/server.mjs';

const ROWS = '[data-testid=orders-table] tbody tr[data-order-id]';
const SHEDDING = { BUS_CONCURRENCY: '1', BUS_QUEUE: '1', BUS_QUEUE_WAIT_MS: '100' };
let backend;
let browser;

before(async () => {
  const saved = Object.fromEntries(Object.keys(SHEDDING).map((k) => [k, process.env[k]]));
  Object.assign(process.env, SHEDDING);
  try {
    backend = await startBackend();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await backend?.close();
});

test('alice under shedding: the dashboard stays usable, a shed tracker search waits in line and shows its results', async () => {
  const page = await browser.newPage();
  const shed = [];
  page.on('response', (r) => {
    if (r.status() === 503 && r.url().includes('/api/')) shed.push(new URL(r.url()).pathname);
  });
  try {
    await page.goto(`${backend.baseUrl}/login`);
    await page.evaluate(() => localStorage.clear());
    await loginToDashboard(page, backend.baseUrl, 'alice');
    await page.getByRole('heading', { name: 'Tableau de bord' }).first().waitFor();
    // The tiles load (asked again when shed); the outage page never shows.
    await quiet(page);
    assert.equal(await page.getByText('Service indisponible').count(), 0, `whole-app outage shown (shed: ${shed.join(', ')})`);
    await page.getByRole('link', { name: 'Pack and Go Tracer' }).first().waitFor();
    await screenshot(page, 'shedding-dashboard-dark-fr');

    // The search is shed once (its answer replaced by the gateway's shed answer), then served.
    let held = false;
    await page.route(/\/api\/orders\?/, async (route) => {
      if (held || !route.request().url().includes('CMD')) return route.continue();
      held = true;
      await route.fulfill({
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        body: JSON.stringify({ error: { key: 'serverUnavailable', message: 'orders.search is busy', params: { retryAfter: 1 } } }),
      });
    });
    await page.goto(`${backend.baseUrl}/pgt`);
    await page.getByRole('search').waitFor();
    await page.getByLabel('N° de commande ou de livraison').fill('CMD');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page
      .getByTestId('queued-notice')
      .getByText(/Recherche en file d’attente/)
      .waitFor();
    await screenshot(page, 'shedding-search-queued-dark-fr');
    await page.locator(ROWS).first().waitFor({ timeout: 30_000 });
    assert.ok(held, 'the search was not shed');
    assert.equal(await page.getByTestId('queued-notice').count(), 0);
    assert.equal(await page.getByText('Service indisponible').count(), 0);
  } catch (error) {
    await screenshot(page, 'shedding-failure');
    throw error;
  } finally {
    await page.close();
  }
});
