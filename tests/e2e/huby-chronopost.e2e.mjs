// A Chronopost shipment in the browser (issue 37, "How it is checked"), against the local fake of
// Chronopost's published SOAP services: the provider's administrator connects a DEMO-A tour to
// Chronopost (by the API); alice (French, labels in ZPL) opens a draft whose fitting tours include it,
// reads Chronopost's rate in the rates table (quickCost, before tax, no promised day), chooses the tour
// by its row, validates, asks the labels, previews them in the label dialog (ZPL drawn in the browser)
// and prints them to a fake local printer agent, which receives the ZPL with the skybill number. axe on
// the label dialog. The tour is switched off at the end.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { connectedTour, demoDraft, retireTours } from './support/huby.mjs';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';
import { FAKE_PRINTER, startFakePrinterAgent } from './support/fake-printer-agent.mjs';
import { startCarrierFake } from '../support/carrier-fakes.ts';

const ctx = useJourney();
const run = Date.now().toString(36).toUpperCase().slice(-6);
const ACCOUNT = { accountNumber: '19869502', password: 'e2e-chrono-secret' };
let fake;
let agent;
let tour;

before(async () => {
  fake = await startCarrierFake({
    ups: { clientId: 'u', clientSecret: 'u', shipperNumber: 'U' },
    dhlExpress: { apiKey: 'd', apiSecret: 'd' },
    colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
    chronopost: ACCOUNT,
  });
});
after(async () => {
  await agent?.stop();
  await fake?.close();
});

async function until(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The journey's Chronopost tour on the fake (switched off at its end). */
async function connectChronopostTour() {
  const admin = await newTab(ctx);
  try {
    await loginToDashboard(admin, ctx.base, 'admin');
    tour = await connectedTour(admin, {
      name: 'Chronopost',
      code: `CHRO${run}`,
      accountNumber: ACCOUNT.accountNumber,
      codes: { product: '01' },
      weightMaxKg: 30,
      account: {
        connector: 'chronopost',
        environment: 'custom',
        base_url: fake.url,
        settings: { account_number: ACCOUNT.accountNumber },
        secrets: { password: ACCOUNT.password },
      },
    });
  } finally {
    await admin.close();
  }
}

test('alice (French): a Chronopost shipment from its rate to ZPL labels previewed and printed', async () => {
  await connectChronopostTour();
  agent = await startFakePrinterAgent();
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await page.evaluate((url) => localStorage.setItem('portal.printerAgentUrl', url), agent.url);
    await apiAs(page, 'POST', '/user/language/fr_FR');
    const alice = (await apiAs(page, 'GET', '/user/me')).body;
    assert.equal((await apiAs(page, 'PUT', `/user/${alice.uuid}/setFormatEtiquette/ZPL`)).status, 200);
    assert.equal((await apiAs(page, 'PUT', `/user/${alice.uuid}/setAutoPrint/off`)).status, 200);
    assert.equal(
      (await apiAs(page, 'PUT', `/user/${alice.uuid}/setZplDefaultPrinter/${encodeURIComponent(FAKE_PRINTER.uid)}`)).status,
      200,
    );
    const me = (await apiAs(page, 'GET', '/user/me')).body;
    await page.evaluate((u) => localStorage.setItem('portal.user', JSON.stringify(u)), me);
    const uuid = await demoDraft(page, `E2E-CHRONO-${run}`);

    // The rate: quickCost's amount before tax, no promised day (Chronopost's service gives none).
    await page.goto(`${ctx.base}/dashtower/${uuid}`);
    const table = page.getByTestId('tour-rates');
    await table.getByText('Tarifs des transporteurs').waitFor();
    const row = table.getByRole('row', { name: `Choisir la tournée ${tour.body.code}` });
    await row.getByText('12,50 €').waitFor();
    assert.doesNotMatch(await row.textContent(), /\d{2}\/\d{2}\/\d{4}/);
    await row.click();
    await page.locator('#huby-tour_code').filter({ hasText: tour.body.code }).waitFor();

    // Validated, then the labels asked: Chronopost makes the skybills and their ZPL (mode Z2D).
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.getByRole('button', { name: 'Demander les étiquettes' }).click();
    const shipment = await until('the skybill numbers', async () => {
      const s = (await apiAs(page, 'GET', `/dashtower/orders/${uuid}`)).body;
      return s.tracking_numbers?.length === 2 ? s : null;
    });
    const parcel = fake.chronopost.parcels.get(shipment.tracking_numbers[0]);
    assert.ok(parcel, 'the skybill made at the fake');
    assert.equal(parcel.format, 'ZPL');
    assert.equal(parcel.product, '01');

    // The label dialog: the ZPL drawn in the browser, then sent to the local agent.
    await page.getByRole('button', { name: 'Imprimer les étiquettes', exact: true }).click();
    const popup = page.getByRole('dialog', { name: /Étiquettes : 2 colis/ });
    await popup.getByTestId('zpl-preview').locator('img').first().waitFor({ timeout: 60_000 });
    await popup.getByTestId('printer-status').filter({ hasText: 'Prête' }).waitFor();
    await axe(page, 'huby chronopost label dialog fr');
    await screenshot(page, 'huby-chronopost-zpl-preview-fr');
    await popup.getByRole('button', { name: 'Envoyer à l’imprimante' }).click();
    const sent = await until('the labels at the printer', () => {
      const all = agent.labels().join('\n');
      return shipment.tracking_numbers.every((n) => all.includes(n)) ? all : null;
    });
    assert.match(sent, /\^XA/);
    assert.equal(fake.violations.length, 0, fake.violations.join('\n'));
  } catch (error) {
    await screenshot(page, 'huby-chronopost-failure');
    throw error;
  } finally {
    await page.close();
    await retireTours(ctx, tour ? [tour] : []);
  }
});
