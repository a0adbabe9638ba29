// Huby through a real carrier's connector (issue 34 item 3-4), against a local fake of UPS's published
// API: the provider's administrator gives a DEMO-A tour a UPS account (by the API: its screen has its own
// journey, admin-transport); alice (English, light) asks the labels of a validated shipment on the
// shipment's page, sees them received with UPS's tracking numbers and prints UPS's own labels in the
// label popup; a shipment UPS refuses is said in words with UPS's code and message and stays validated.
// Then the same refusal in French, dark, and the provider's administrator reads the account's calls in the
// connectors' health (issue 37 item 4). axe on each screen. The tour is switched off at the end: the
// Huby journeys after this one (same group, same backend) list DEMO-A's tours.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';
import { startCarrierFake } from '../support/carrier-fakes.ts';
import { connectedTour, retireTours } from './support/huby.mjs';

const ctx = useJourney();
const run = Date.now().toString(36).toUpperCase().slice(-6);
const tourCode = `UPSE${run}`;
let fake;

before(async () => {
  fake = await startCarrierFake({
    ups: { clientId: 'e2e-client', clientSecret: 'e2e-secret', shipperNumber: 'E2E001' },
    dhlExpress: { apiKey: 'k', apiSecret: 's' },
    colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
  });
});
after(() => fake?.close());

/** The UPS tour is this journey's: switched off at its end, so that the journeys after it in its group see DEMO-A's own tours. */
let upsTour = null;

/** A DEMO-A tour on a new UPS carrier, its account on the fake: set up as the provider's administrator would. */
async function connectUpsTour(page) {
  upsTour = await connectedTour(page, {
    name: 'UPS',
    code: tourCode,
    accountNumber: 'E2E001',
    codes: { service: '11' },
    account: {
      connector: 'ups',
      environment: 'custom',
      base_url: fake.url,
      settings: { client_id: 'e2e-client', shipper_number: 'E2E001' },
      secrets: { client_secret: 'e2e-secret' },
    },
  });
}

/** A validated DEMO-A shipment of two packages on the UPS tour. */
async function validated(page, reference) {
  const shipper = (await apiAs(page, 'GET', '/dashtower/address/all?type=shipper&depositor=1')).body.addressesShipper[0];
  const recipient = (await apiAs(page, 'GET', '/dashtower/address/all?type=recipient&depositor=1')).body.addressesRecipient.find(
    (r) => (r.phone || r.mobile) && r.email && r.country === 'FR',
  );
  const created = await apiAs(page, 'POST', '/dashtower/orders', {
    depositor_id: 1,
    reference,
    uuid_address_shipper: shipper.uuid,
    uuid_address_recipient: recipient.uuid,
    tour_code: tourCode,
    date_shipment_desired: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    content_description: 'Cosmétiques',
    packings: [{ packaging_type: 'CARTON-M', weight_kg: 3.2, length_cm: 40, width_cm: 30, height_cm: 30, packages: 2 }],
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const valid = await apiAs(page, 'POST', `/dashtower/orders/${created.body.uuid}/validate`);
  assert.equal(valid.status, 200, JSON.stringify(valid.body));
  return created.body.uuid;
}

test('alice (English, light) asks UPS for the labels of a shipment and prints UPS’s own labels; a refusal is said in words', async () => {
  const admin = await newTab(ctx);
  try {
    await loginToDashboard(admin, ctx.base, 'admin');
    await connectUpsTour(admin);
  } finally {
    await admin.close();
  }
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    const alice = (await apiAs(page, 'GET', '/user/me')).body;
    assert.equal((await apiAs(page, 'PUT', `/user/${alice.uuid}/setFormatEtiquette/PDF`)).status, 200);
    assert.equal((await apiAs(page, 'PUT', `/user/${alice.uuid}/setAutoPrint/off`)).status, 200);
    await apiAs(page, 'POST', '/user/language/en_US');
    await apiAs(page, 'POST', '/user/theme/light');
    await page.evaluate(async () => {
      localStorage.setItem('portal.theme', 'light');
    });
    const me = (await apiAs(page, 'GET', '/user/me')).body;
    await page.evaluate((u) => localStorage.setItem('portal.user', JSON.stringify(u)), me);

    const uuid = await validated(page, `E2E-UPS-${run}`);
    await page.goto(`${ctx.base}/dashtower/${uuid}`);
    await page.getByRole('button', { name: 'Request the labels' }).click();
    await page.getByText('Labels received from the carrier.').waitFor();
    const labelled = (await apiAs(page, 'GET', `/dashtower/orders/${uuid}`)).body;
    assert.equal(labelled.status, 25);
    assert.match(labelled.tracking_numbers[0], /^1ZE2E00111\d{8}$/);
    await page.getByText(labelled.tracking_numbers[0]).first().waitFor();
    assert.equal(fake.violations.length, 0, fake.violations.join('\n'));
    await axe(page, 'huby ups labels received light en');
    await screenshot(page, 'huby-ups-labels-light-en');

    // UPS's own labels in the popup (GIF made PDF pages), then marked printed.
    await page.goto(`${ctx.base}/dashtower`);
    await page.getByRole('heading', { name: 'Huby shipments' }).waitFor();
    await page.getByRole('checkbox', { name: `Select E2E-UPS-${run}` }).check();
    await page.getByRole('button', { name: 'Print labels (1/10)' }).click();
    const popup = page.getByRole('dialog', { name: /Labels: 2 packages/ });
    await popup.getByTestId('label-pdf').waitFor();
    await axe(page, 'huby ups label popup light en');
    await popup.getByRole('button', { name: 'Mark as printed' }).click();
    let status = null;
    for (let i = 0; i < 50 && status !== 28; i++) {
      if (i) await page.waitForTimeout(200);
      status = (await apiAs(page, 'GET', `/dashtower/orders/${uuid}`)).body.status;
    }
    assert.equal(status, 28);

    // UPS refuses (its code 121111): said with UPS's words; the shipment stays validated.
    const refused = await validated(page, `E2E-UPS-${run}-KO`);
    await page.goto(`${ctx.base}/dashtower/${refused}`);
    await page.getByRole('button', { name: 'Request the labels' }).click();
    await page
      .getByText(/Transport voucher creation failed \(return code 121111\)\. UPS says: “Shipment could not be processed”/)
      .waitFor();
    assert.equal((await apiAs(page, 'GET', `/dashtower/orders/${refused}`)).body.status, 10);
    await axe(page, 'huby ups refusal light en');
    await screenshot(page, 'huby-ups-refusal-light-en');
  } catch (error) {
    await screenshot(page, 'huby-carriers-failure');
    throw error;
  } finally {
    await apiAs(page, 'POST', '/user/language/fr_FR').catch(() => undefined);
    await apiAs(page, 'POST', '/user/theme/dark').catch(() => undefined);
    await page.close();
  }
});

test('the same refusal in French, dark', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    const refused = await validated(page, `E2E-UPS-${run}-FR-KO`);
    await page.goto(`${ctx.base}/dashtower/${refused}`);
    await page.getByRole('button', { name: 'Demander les étiquettes' }).click();
    await page
      .getByText(/Échec de création du récépissé de transport \(code retour 121111\)\. UPS répond : « Shipment could not be processed »/)
      .waitFor();
    await axe(page, 'huby ups refusal dark fr');
    await screenshot(page, 'huby-ups-refusal-dark-fr');
  } finally {
    await page.close();
  }
});

test('the provider’s administrator sees the UPS account’s last hour in the connectors’ health, the last refusal in words', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'admin');
    await page.goto(`${ctx.base}/admin/transport/carriers`);
    const panel = page.getByRole('region', { name: 'Santé des connecteurs transporteurs' });
    const row = panel.getByRole('row').filter({ hasText: tourCode });
    await row.waitFor();
    await row.getByText('Fermé (appels normaux)').waitFor();
    await row.getByText(/Refus du transporteur · étiquettes · 121111/).waitFor();
    await row.getByText('« Shipment could not be processed »').waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    assert.ok(Number(cells[2]) >= 3, `calls: ${cells[2]}`);
    await axe(page, 'transport carrier health dark fr');
    await screenshot(page, 'admin-transport-carrier-health-dark-fr');
    // On a phone each account is a card: nothing cut, the page never sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = panel.locator('dl').filter({ hasText: tourCode });
    await card.getByText('Fermé (appels normaux)').waitFor();
    await card.getByText(/Refus du transporteur · étiquettes · 121111/).waitFor();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(widths[0] <= widths[1], `page ${widths[0]} px wide on a ${widths[1]} px phone`);
    await screenshot(page, 'admin-transport-carrier-health-phone-dark-fr');
  } finally {
    await page.close();
    await retireTours(ctx, upsTour ? [upsTour] : []);
  }
});
