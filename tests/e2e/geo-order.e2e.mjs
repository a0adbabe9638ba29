// Geo-order in the browser: the map drawn from the bundled Natural Earth shapes with the platforms and
// clustered recipients, a cluster opened, a search, a platform and a recipient chosen, and "Créer la
// commande" opening the Huby form filled with both. No request leaves the portal's origin. French and
// dark; then English and light, and a user without GEO_ORDER_USER refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();

async function refreshUser(page) {
  await page.evaluate(async () => {
    const res = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` } });
    localStorage.setItem('portal.user', JSON.stringify(await res.json()));
  });
}
/**
 * Every request of the page to another origin than the portal's (data: and blob: stay in the page),
 * and every Content-Security-Policy refusal the page logs.
 */
function watchOrigins(page, base) {
  const origin = new URL(base).origin;
  const foreign = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin) foreign.push(url);
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) foreign.push(`CSP: ${m.text()}`);
  });
  return foreign;
}
const markerCount = (page) => page.locator('.geo-recipient, .geo-cluster').count();

test('alice: the map with clusters, a search, a platform and a recipient chosen, the Huby form filled (French, dark)', async () => {
  const page = await newTab(ctx);
  const foreign = watchOrigins(page, ctx.base);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await page.locator('[data-testid=app-tiles] a[data-app="geo-order"]').click();
    await page.waitForURL(/\/geo-order$/);
    await page.getByRole('heading', { name: 'Géo-commande' }).waitFor();
    const map = page.getByTestId('geo-map');
    await page.locator('[data-testid=geo-map][data-base-map=drawn]').waitFor();
    await page.locator('.geo-land').first().waitFor({ state: 'attached' });
    assert.ok((await page.locator('.geo-land').count()) > 100, 'the countries are drawn');
    await page.locator('.geo-cluster').first().waitFor();
    assert.ok((await page.locator('.geo-platform').count()) >= 1, 'the platforms are on the map');
    await page
      .getByTestId('geo-off-map')
      .getByText(/hors carte : pays sans table de codes postaux ou code postal inconnu/)
      .waitFor();
    await page.getByText('Hors carte', { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('button', { name: 'Créer la commande' }).isDisabled(), true);

    // The biggest cluster opens into smaller ones or single recipients when clicked.
    const sizes = await page.locator('.geo-cluster span').allTextContents();
    const biggest = sizes.map(Number).reduce((best, n, i, all) => (n > all[best] ? i : best), 0);
    const before = await markerCount(page);
    const zoomBefore = Number(await map.getAttribute('data-zoom'));
    // (A platform's square may lie over a cluster: the click goes to the cluster's own element.)
    await page.locator('.geo-cluster').nth(biggest).dispatchEvent('click');
    await page.waitForFunction(([n]) => document.querySelectorAll('.geo-recipient, .geo-cluster').length !== n, [before], {
      timeout: 5000,
    });
    assert.ok(Number(await map.getAttribute('data-zoom')) > zoomBefore, 'the map zoomed in on the cluster');
    await quiet(page);
    await screenshot(page, 'geo-order-cluster-open-dark-fr');

    // A platform from the list, then a recipient searched and picked on the map.
    await page.locator('[data-testid=geo-platform-MLV1]').first().click();
    await page
      .getByTestId('geo-chosen-platform')
      .getByText(/Plateforme Marne-la-Vallée/)
      .waitFor();
    await page.locator('#geo-search').fill('brest');
    await page.getByText(/^1 destinataire$/).waitFor();
    await page
      .locator('[data-testid^=geo-recipient-]')
      .getByText(/29200 BREST/)
      .waitFor();
    await page.locator('.geo-recipient').first().waitFor();
    assert.equal(await page.locator('.geo-recipient, .geo-cluster').count(), 1, 'only the Brest recipient stays on the map');
    await page.locator('.geo-recipient').first().click();
    await page
      .getByTestId('geo-chosen-recipient')
      .getByText(/29200 BREST/)
      .waitFor();
    await quiet(page);
    await axe(page, 'geo-order dark fr');
    await screenshot(page, 'geo-order-dark-fr');

    await page.getByRole('button', { name: 'Créer la commande' }).click();
    await page.waitForURL(/\/dashtower\/new\?shipper=[0-9a-f-]{36}&recipient=[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Nouvelle expédition' }).waitFor();
    await page.waitForFunction(() => /Marne-la-Vallée/.test(document.querySelector('#huby-shipper')?.value ?? ''), null, { timeout: 5000 });
    await page.waitForFunction(() => /Brest/i.test(document.querySelector('#huby-recipient')?.value ?? ''), null, { timeout: 5000 });
    await quiet(page);
    await screenshot(page, 'geo-order-huby-form-dark-fr');
    assert.deepEqual(foreign, [], 'no request left the portal');
  } catch (error) {
    await screenshot(page, 'geo-order-failure');
    throw error;
  } finally {
    await page.close();
  }
});

test('English and light theme; bob (no GEO_ORDER_USER) is refused the addresses', async () => {
  const page = await newTab(ctx);
  const foreign = watchOrigins(page, ctx.base);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await apiAs(page, 'POST', '/user/language/en_US');
    await apiAs(page, 'POST', '/user/theme/light');
    await refreshUser(page);
    const response = await page.goto(`${ctx.base}/geo-order`);
    assert.match(response.headers()['content-security-policy'], /default-src 'self'/);
    await page.getByRole('heading', { name: 'Geo-order' }).waitFor();
    await page.locator('.geo-cluster').first().waitFor();
    await page
      .getByTestId('geo-off-map')
      .getByText(/off the map: country without a postcode table, or unknown postcode/)
      .waitFor();
    await quiet(page);
    await axe(page, 'geo-order light en');
    await screenshot(page, 'geo-order-light-en');
    assert.deepEqual(foreign, [], 'no request left the portal');
    await apiAs(page, 'POST', '/user/language/fr_FR');
    await apiAs(page, 'POST', '/user/theme/dark');

    const bob = await newTab(ctx);
    await loginToDashboard(bob, ctx.base, 'bob');
    assert.equal((await apiAs(bob, 'GET', '/geo-order/address/all?type=recipient')).status, 403);
    await bob.close();
  } catch (error) {
    await screenshot(page, 'geo-order-en-failure');
    throw error;
  } finally {
    await page.close();
  }
});
