// Loop order entry: alice enters an order against DEMO-A's stock (the quantity checked under the field
// with the §8 messages), submits it, sees it integrated and its quantity reserved in My Stocks; the
// last tab of the Loop lists is kept across a reload. French (dark) and English (light), axe on each screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();
const run = Date.now().toString(36).toUpperCase();
const CUSTOMER_REF = `E2E-LOOP-${run}`;
/** DEMO-A's main platform in the demo (its first article's first store: MLV1). */
const PLATFORM = 8;

/** The stock demo loads in the background: an article of DEMO-A with something available on the platform. */
async function articleWithStock(page) {
  for (let i = 0; i < 120; i++) {
    const answer = await apiAs(page, 'GET', `/dashtower/loop/articles?depositor_id=1&platform_id=${PLATFORM}`);
    const found = (answer.body ?? []).find((a) => a.available >= 5);
    if (found) return found;
    await page.waitForTimeout(1000);
  }
  throw new Error('no DEMO-A stock on the platform');
}

async function reserved(page, reference) {
  const answer = await apiAs(page, 'GET', `/stock?filter=${encodeURIComponent(JSON.stringify({ reference, depositor: 1 }))}&range=[0,99]`);
  return answer.body.filter((l) => l.reference === reference && l.platformId === PLATFORM).reduce((s, l) => s + l.quantityReserved, 0);
}

test('alice enters a Loop order, submits it, sees it integrated and reserved in My Stocks (French, dark)', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await apiAs(page, 'PUT', '/user/preferences', { loopTab: 'tab-progress' });
    await page.goto(`${ctx.base}/dashtower`);
    // Clicked once the page's answers are in (a banner arriving later moves the links: admin-transport).
    await quiet(page);
    await page.getByRole('link', { name: 'Loop – commandes entrepôt' }).click();
    await page.getByRole('heading', { name: 'Loop – commandes entrepôt' }).waitFor();
    // "In progress" is the default tab (spec §2 preference loopTab = tab-progress); the demo has orders in it.
    assert.equal(await page.getByRole('tab', { selected: true }).textContent(), 'En cours');
    await page.locator('table tbody tr').first().waitFor();
    await quiet(page);
    await axe(page, 'loop list dark');
    await screenshot(page, 'loop-list-progress-dark-fr');
    // The rejected list says why, in words.
    await page.getByRole('tab', { name: 'Rejetées' }).click();
    await page
      .getByRole('cell', { name: /Code déposant non référencé sur la plateforme/ })
      .first()
      .waitFor();
    await screenshot(page, 'loop-list-rejected-dark-fr');

    const article = await articleWithStock(page);
    const before = await reserved(page, article.reference);

    await page.getByRole('link', { name: 'Nouvelle commande Loop' }).click();
    await page.getByRole('heading', { name: 'Nouvelle commande Loop' }).waitFor();
    // Only the platforms where DEMO-A has stock are offered, each with its articles available there.
    const served = (await apiAs(page, 'GET', '/dashtower/loop/platforms?depositor_id=1')).body;
    await page.locator('#loop-platform').click();
    await page.locator(`li[data-value="${PLATFORM}"]`).waitFor();
    assert.equal(await page.locator('ul[role=listbox] li[data-value]').count(), served.length);
    assert.match(await page.locator(`li[data-value="${PLATFORM}"]`).innerText(), /\(\d+ articles? disponibles?\)/);
    await page.locator(`li[data-value="${PLATFORM}"]`).click();
    await page.locator('#loop-customer-reference').fill(CUSTOMER_REF);
    await page.locator('#loop-recipient').fill('DEST001');
    await page.getByRole('option').first().click();
    await page.locator('#loop-article-0').fill(article.reference);
    await page.locator(`li[data-article="${article.reference}"]`).click();
    const helper = page.locator('#loop-quantity-0-helper-text');
    await helper.getByText(`Disponible : ${article.available}`).waitFor();
    // Spec §5: above the available quantity, then zero, each refused under the field with its §8 message.
    await page.locator('#loop-quantity-0').fill(String(article.available + 1));
    await helper.getByText(`Quantité disponible dépassée pour ${article.reference}`).waitFor();
    await quiet(page);
    await axe(page, 'loop form dark');
    await screenshot(page, 'loop-form-exceeded-dark-fr');
    await page.locator('#loop-quantity-0').fill('0');
    await helper.getByText('Quantité invalide').waitFor();
    await page.locator('#loop-quantity-0').fill('2');
    await helper.getByText(/^Disponible : /).waitFor();

    await page.getByRole('button', { name: 'Transmettre à l’entrepôt' }).click();
    await page.getByText('Commande transmise à l’entrepôt.').waitFor();
    await page.getByRole('heading', { name: 'Loop – commandes entrepôt' }).waitFor();
    // The list opens where the order now is (« En cours »), not on « Rejetées » looked at last.
    await page.getByRole('tab', { name: 'En cours', selected: true }).waitFor();

    // The demo warehouse integrates it: it leaves "in progress" for "integrated". The tab is clicked once the
    // list's answers are in, and followed until it is the selected one (a click while the page moved was lost).
    await quiet(page);
    await page.getByRole('tab', { name: 'Intégrées' }).click();
    await page.getByRole('tab', { name: 'Intégrées', selected: true }).waitFor();
    await page.locator('#filter-q').fill(CUSTOMER_REF);
    await page.locator('#filter-q').press('Enter');
    for (let i = 0; i < 20 && !(await page.getByRole('cell', { name: CUSTOMER_REF }).count()); i++) {
      await page.waitForTimeout(1000);
      await page.reload();
      await page.getByRole('heading', { name: 'Loop – commandes entrepôt' }).waitFor();
      await quiet(page);
    }
    await page.getByRole('cell', { name: CUSTOMER_REF }).waitFor();
    assert.equal(await page.locator('tbody [data-status]').first().getAttribute('data-status'), 'integrated');
    await screenshot(page, 'loop-list-integrated-dark-fr');
    assert.equal(await reserved(page, article.reference), before + 2);

    // The tab is kept across a reload (preference loopTab).
    await page.reload();
    await page.getByRole('heading', { name: 'Loop – commandes entrepôt' }).waitFor();
    assert.equal(await page.getByRole('tab', { selected: true }).textContent(), 'Intégrées');
    assert.equal((await apiAs(page, 'GET', '/user/me')).body.preferences.loopTab, 'tab-integrated');

    // My Stocks shows the quantity reserved on that article.
    await page.goto(`${ctx.base}/stock/stock?filter=${encodeURIComponent(JSON.stringify({ reference: article.reference }))}`);
    await page.locator('table tbody tr').first().waitFor();
    await quiet(page);
    await screenshot(page, 'loop-stock-reserved-dark-fr');
  } finally {
    await apiAs(page, 'PUT', '/user/preferences', { loopTab: 'tab-progress' }).catch(() => undefined);
    await page.close();
  }
});

test('English and light theme: the Loop lists and the entry form read in English', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await apiAs(page, 'POST', '/user/language/en_US');
    await apiAs(page, 'POST', '/user/theme/light');
    await page.goto(`${ctx.base}/dashtower/loop`);
    await page.getByRole('heading', { name: 'Loop – warehouse orders' }).waitFor();
    assert.equal(await page.getByRole('tab', { selected: true }).textContent(), 'In progress');
    await page.getByRole('tab', { name: 'Drafts' }).click();
    await page.locator('table tbody tr').first().waitFor();
    await quiet(page);
    await axe(page, 'loop list light en');
    await screenshot(page, 'loop-list-drafts-light-en');
    await page.locator('tbody a').first().click();
    await page.getByRole('heading', { name: /^Loop order LPD/ }).waitFor();
    await page
      .locator('#loop-quantity-0-helper-text')
      .getByText(/^Available: /)
      .waitFor();
    await quiet(page);
    await axe(page, 'loop form light en');
    await screenshot(page, 'loop-form-draft-light-en');

    // Without the right to create Loop orders (spec §6) the screens send back to the shipments, with no Loop button;
    // the server refuses anyway (loop.test.ts).
    const withoutLoop = (user) => ({ ...user, roles: user.roles.filter((r) => r !== 'USER_CREATE_LOOP_ORDER') });
    await page.route('**/api/user/me', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: withoutLoop(await response.json()) });
    });
    await page.evaluate(
      (user) => localStorage.setItem('portal.user', JSON.stringify(user)),
      withoutLoop((await apiAs(page, 'GET', '/user/me')).body),
    );
    await page.goto(`${ctx.base}/dashtower/loop`);
    await page.waitForURL((url) => url.pathname === '/dashtower');
    await page.getByRole('heading', { name: 'Huby shipments' }).waitFor();
    await quiet(page);
    assert.equal(await page.getByRole('link', { name: 'Loop – warehouse orders' }).count(), 0);
    await page.unroute('**/api/user/me');
  } finally {
    await apiAs(page, 'POST', '/user/language/fr_FR').catch(() => undefined);
    await apiAs(page, 'POST', '/user/theme/dark').catch(() => undefined);
    await apiAs(page, 'PUT', '/user/preferences', { loopTab: 'tab-progress' }).catch(() => undefined);
    await page.close();
  }
});
