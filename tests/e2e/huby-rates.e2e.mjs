// Rates on the shipment form (issue 37 item 3), against local fakes of UPS's and DHL Express's published
// rating APIs: the provider's administrator gives DEMO-A a UPS tour and a DHL Express tour (by the API);
// alice (French) opens a draft whose fitting tours include both and DEMO-A's demo-carrier tours, reads
// the quotes under the tour select (price in euros, promised day in the portal's format, "sans tarif en
// ligne" for the demo carrier), sorts them by date, and chooses a tour by clicking its row. axe on the
// screen. The two tours are switched off at the end.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { connectedTour, demoDraft, retireTours } from './support/huby.mjs';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';
import { startCarrierFake } from '../support/carrier-fakes.ts';

const ctx = useJourney();
const run = Date.now().toString(36).toUpperCase().slice(-6);
let fake;
const tours = [];

before(async () => {
  fake = await startCarrierFake({
    ups: { clientId: 'e2e-rates', clientSecret: 'e2e-rates-secret', shipperNumber: 'E2E002' },
    dhlExpress: { apiKey: 'e2e-dhl', apiSecret: 'e2e-dhl-secret' },
    colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
  });
});
after(() => fake?.close());

test('alice (French) reads the carriers’ rates under the tour select, sorts them by date and chooses a tour by its row', async () => {
  const admin = await newTab(ctx);
  try {
    await loginToDashboard(admin, ctx.base, 'admin');
    tours.push(
      await connectedTour(admin, {
        name: 'UPS',
        code: `UPSR${run}`,
        accountNumber: 'E2E002',
        codes: { service: '11' },
        account: {
          connector: 'ups',
          environment: 'custom',
          base_url: fake.url,
          settings: { client_id: 'e2e-rates', shipper_number: 'E2E002' },
          secrets: { client_secret: 'e2e-rates-secret' },
        },
      }),
    );
    tours.push(
      await connectedTour(admin, {
        name: 'DHL Express',
        code: `DHLR${run}`,
        accountNumber: 'E2E002',
        account: {
          connector: 'dhl_express',
          environment: 'custom',
          base_url: `${fake.url}/mydhlapi`,
          settings: { account_number: '950000002' },
          secrets: { api_key: 'e2e-dhl', api_secret: 'e2e-dhl-secret' },
        },
      }),
    );
  } finally {
    await admin.close();
  }
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await apiAs(page, 'POST', '/user/language/fr_FR');
    const me = (await apiAs(page, 'GET', '/user/me')).body;
    await page.evaluate((u) => localStorage.setItem('portal.user', JSON.stringify(u)), me);
    const uuid = await demoDraft(page, `E2E-RATES-${run}`);
    await page.goto(`${ctx.base}/dashtower/${uuid}`);
    const table = page.getByTestId('tour-rates');
    await table.getByText('Tarifs des transporteurs').waitFor();
    const ups = table.getByRole('row', { name: `Choisir la tournée UPSR${run}` });
    const dhl = table.getByRole('row', { name: `Choisir la tournée DHLR${run}` });
    await ups.getByText('14,00 €').waitFor();
    await dhl.getByText('32,10 €').waitFor();
    await table.getByText('sans tarif en ligne').first().waitFor();
    // By price: UPS before DHL; by date: DHL (the next business day) first.
    const order = async () => (await table.getByRole('row').allTextContents()).slice(1).map((t) => t.slice(0, 10));
    assert.ok((await order()).findIndex((t) => t.startsWith('UPSR')) < (await order()).findIndex((t) => t.startsWith('DHLR')));
    await table.getByRole('button', { name: 'Livraison promise' }).click();
    assert.ok((await order())[0].startsWith('DHLR'), (await order()).join(' | '));
    assert.match(await dhl.textContent(), /\d{2}\/\d{2}\/\d{4}/);
    await dhl.click();
    await page
      .locator('#huby-tour_code')
      .filter({ hasText: `DHLR${run}` })
      .waitFor();
    assert.equal(fake.violations.length, 0, fake.violations.join('\n'));
    await axe(page, 'huby rates fr');
    await screenshot(page, 'huby-rates-fr');
  } finally {
    await page.close();
    await retireTours(ctx, tours);
  }
});
