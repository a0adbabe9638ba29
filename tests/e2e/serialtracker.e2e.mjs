// Serial Tracker: the orders, dates and recipients of a serial or lot number; deep link, back to the search, rights.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();
const q = (o) => encodeURIComponent(JSON.stringify(o));

const ROWS = 'table tbody tr';
let serialOfC = null;

async function refreshUser(page) {
  await page.evaluate(async () => {
    const res = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` } });
    localStorage.setItem('portal.user', JSON.stringify(await res.json()));
  });
}

/** The cell of `row` under the column headed `header`. */
async function cellOf(page, row, header) {
  const headers = await page.locator('table thead th').allTextContents();
  assert.ok(headers.includes(header), headers.join('|'));
  return row.locator('td').nth(headers.indexOf(header));
}

/** A delivered order line fitting `wanted`, once the demo orders (loaded in the background) are there. */
async function deliveredLine(page, filter, wanted, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await apiAs(page, 'GET', `/orders?filter=${q({ status: 100, ...filter })}&range=${q([0, 99])}`);
    for (const row of list.status === 200 ? list.body : []) {
      const detail = (await apiAs(page, 'GET', `/orders/${row.id}`)).body;
      const line = detail?.lines?.find(wanted);
      if (line) return { order: detail, line };
    }
    if (Date.now() > deadline) throw new Error(`no delivered order line of ${JSON.stringify(filter)} fits`);
    await page.waitForTimeout(1_000);
  }
}

// The demo's serialized articles (electronics) belong to DEMO-C, which only admin sees; lots are DEMO-A and DEMO-B's.
test('admin finds the order and recipient of a serial number, opens it and comes back to the search', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'admin');
    const { order, line } = await deliveredLine(page, { depositor: 3 }, (l) => l.serials.length > 0);
    const serial = line.serials[0];

    await page.goto(`${ctx.base}/serialtracker`);
    await page.getByRole('heading', { level: 1, name: 'Serial Tracker' }).waitFor();
    await page.getByRole('radio', { name: 'Numéro de série' }).check();
    await page.getByLabel('N° de série').fill(serial);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL((url) => url.searchParams.get('serial') === serial);
    const row = page.locator(ROWS).filter({ hasText: serial });
    await row.first().waitFor();
    assert.equal(await page.locator(ROWS).count(), 1, 'a full serial number is one order line');
    await row.getByRole('link', { name: order.reference }).waitFor();
    await row.getByText(order.depositorCode, { exact: true }).waitFor();
    await row.getByText(order.recipient.name).waitFor();
    await row.getByText('Livrée', { exact: true }).waitFor();
    const me = (await apiAs(page, 'GET', '/user/me')).body;
    const day = new Intl.DateTimeFormat('fr-FR', { timeZone: me.timezone, day: '2-digit', month: '2-digit', year: 'numeric' });
    assert.equal(await (await cellOf(page, row, 'Commandée le')).textContent(), day.format(new Date(order.createdAt)));
    assert.equal(await (await cellOf(page, row, 'Livrée le')).textContent(), day.format(new Date(order.deliveredAt)));
    await page.getByTestId('serial-count').getByText('1 ligne trouvée').waitFor();
    await axe(page, 'serial tracker, dark');
    await screenshot(page, 'serialtracker-serial-dark-fr');

    // The order opens in the Serial Tracker; "back" returns to the same search.
    await row.getByRole('link', { name: order.reference }).click();
    await page.waitForURL(new RegExp(`/serialtracker/${order.id}$`));
    await page.getByRole('heading', { level: 1, name: `Commande ${order.reference}` }).waitFor();
    await page.locator('#delivery-products').getByText(serial).waitFor();
    await page.getByRole('link', { name: 'Retour à la liste' }).click();
    await page.waitForURL((url) => url.pathname === '/serialtracker' && url.searchParams.get('serial') === serial);
    await row.first().waitFor();

    await apiAs(page, 'POST', '/user/theme/light');
    await apiAs(page, 'POST', '/user/language/en_US');
    await refreshUser(page);
    await page.goto(`${ctx.base}/serialtracker?serial=${encodeURIComponent(serial)}`);
    await page.getByRole('columnheader', { name: 'Delivered on' }).waitFor();
    await page.getByText('1 line found').waitFor();
    await axe(page, 'serial tracker, light');
    await screenshot(page, 'serialtracker-serial-light-en');
    await apiAs(page, 'POST', '/user/theme/dark');
    await apiAs(page, 'POST', '/user/language/fr_FR');
    serialOfC = serial;
  } catch (error) {
    await screenshot(page, 'serialtracker-admin-failure');
    throw error;
  } finally {
    await page.close();
  }
});

test('alice searches a lot by deep link, sees nothing of DEMO-C’s serials, and gets clear empty answers', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    const { order, line } = await deliveredLine(page, {}, (l) => !!l.lot);
    // A lot number, by deep link: every line of that lot, newest orders first.
    await page.goto(`${ctx.base}/serialtracker?lot=${encodeURIComponent(line.lot)}`);
    assert.equal(await page.getByRole('radio', { name: 'Numéro de lot' }).isChecked(), true);
    assert.equal(await page.getByLabel('N° de lot').inputValue(), line.lot);
    await page.locator(ROWS).filter({ hasText: order.reference }).first().waitFor();
    const lotColumn = (await page.locator('table thead th').allTextContents()).indexOf('N° de lot') + 1;
    assert.equal(await page.getByRole('columnheader', { name: 'N° de série' }).count(), 0, 'no serial column for a lot');
    const lots = await page.locator(`${ROWS} td:nth-child(${lotColumn})`).allTextContents();
    assert.ok(lots.length >= 1 && lots.every((l) => l.startsWith(line.lot)), lots.join(','));
    const api = await apiAs(page, 'GET', `/serials?filter=${q({ lot: line.lot })}`);
    assert.equal(lots.length, api.body.length);

    await screenshot(page, 'serialtracker-lot-dark-fr');

    // Another depositor's serial number answers nothing, not even through the Serial Tracker.
    assert.ok(serialOfC, 'the admin journey found a DEMO-C serial');
    await page.goto(`${ctx.base}/serialtracker?serial=${encodeURIComponent(serialOfC)}`);
    await page.getByTestId('serial-empty').getByText(`Aucune commande ne contient le numéro de série ${serialOfC}.`).waitFor();
    assert.deepEqual((await apiAs(page, 'GET', `/serials?filter=${q({ serial: serialOfC })}`)).body, []);

    // A number nobody shipped, and the empty field.
    await page.getByRole('radio', { name: 'Numéro de lot' }).check();
    await page.getByLabel('N° de lot').fill('NO-SUCH-LOT-0000');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByTestId('serial-empty').getByText('Aucune commande ne contient le lot NO-SUCH-LOT-0000.').waitFor();
    await page.getByLabel('N° de lot').fill('  ');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByText('Champ obligatoire').waitFor();
    await screenshot(page, 'serialtracker-empty-dark-fr');

    // A wide prefix (every demo lot starts with L) stops at 200 lines and says of how many.
    const wide = await apiAs(page, 'GET', `/serials?filter=${q({ lot: 'L' })}`);
    assert.equal(wide.body.length, 200);
    const total = Number(wide.headers['content-range'].split('/')[1]);
    assert.ok(total > 200, `more than 200 demo lots match L (${total})`);
    await page.goto(`${ctx.base}/serialtracker?lot=L`);
    await page.getByTestId('serial-limit').waitFor();
    assert.match(
      await page.getByTestId('serial-limit').innerText(),
      new RegExp(`Les 200 lignes les plus récentes sur ${total.toLocaleString('fr')}`),
    );
    assert.equal(await page.locator(ROWS).count(), 200);
    assert.equal(await page.getByTestId('serial-limit').count(), 1);
    await page.goto(`${ctx.base}/serialtracker?lot=${encodeURIComponent(line.lot)}`);
    await page.locator(ROWS).first().waitFor();
    assert.equal(await page.getByTestId('serial-limit').count(), 0);
  } catch (error) {
    await screenshot(page, 'serialtracker-alice-failure');
    throw error;
  } finally {
    await page.close();
  }
});

test('bob has no Serial Tracker: permission denied, and the API refuses him too', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'bob');
  assert.equal(await page.locator('[data-app=serialtracker]').count(), 0, 'no Serial Tracker tile');
  await page.goto(`${ctx.base}/serialtracker?serial=SN`);
  await page.getByTestId('permission-denied').waitFor();
  await screenshot(page, 'serialtracker-bob-denied-dark-fr');
  const api = await apiAs(page, 'GET', `/serials?filter=${q({ serial: 'SN' })}`);
  assert.equal(api.status, 403);
  await page.close();
});
