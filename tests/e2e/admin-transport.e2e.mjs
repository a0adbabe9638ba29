// The transport plan's back office (issue 34 item 1): the administrator (French, dark) creates a
// carrier and a tour for DEMO-A with flags and limits, sees a duplicate code and a minimum above the
// maximum refused in words, edits and deactivates the tour; axe on the list and the form. Then
// DEMO-A's own administrator (denis) reads the carriers without changing them and sees DEMO-A's tours only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();
const run = Date.now().toString(36).toUpperCase().slice(-6);

/** Picks an option of a select field, found by its source (its label carries the required mark). */
async function choose(page, source, option) {
  await page.locator(`#field-${source}`).click();
  await page.getByRole('option', { name: option }).click();
}

test('the administrator creates a carrier and a tour, is refused a duplicate and bad limits in words, edits and deactivates the tour', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'admin');
    await page.goto(`${ctx.base}/admin/transport`);
    await page.getByRole('heading', { name: 'Plan de transport' }).waitFor();
    await page.getByRole('tab', { name: 'Transporteurs' }).waitFor();
    await page.getByRole('link', { name: 'COLISSIMO' }).waitFor();
    await axe(page, 'transport carriers list dark');
    await screenshot(page, 'admin-transport-carriers-dark-fr');

    await page.getByRole('link', { name: 'Nouveau transporteur' }).click();
    await page.locator('#field-ref').fill(`tr${run}`);
    await page.locator('#field-name').fill(`Transports Rhône ${run}`);
    await choose(page, 'kind', 'Messagerie palettes');
    await page.getByLabel('Délai d’expédition max. (jours)').fill('5');
    await page.getByLabel('Paramètres').fill('agence = LYS-01');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('link', { name: `TR${run}` }).waitFor();
    const [carrier] = (
      await apiAs(page, 'GET', `/admin/transport/carriers?filter=${encodeURIComponent(JSON.stringify({ q: `TR${run}` }))}`)
    ).body;
    assert.deepEqual([carrier.kind, carrier.shipping_window_days, carrier.settings], ['pallet', 5, { agence: 'LYS-01' }]);

    await page.getByRole('tab', { name: 'Tournées' }).click();
    await page.getByRole('link', { name: 'Nouvelle tournée' }).click();
    await choose(page, 'depositorId', /^DEMO-A/);
    await page.locator('#field-code').fill(`P${run}`);
    await choose(page, 'carrierId', new RegExp(`^TR${run}`));
    await choose(page, 'tour_type', 'Messagerie palettes');
    await page.getByLabel('N° de compte').fill('CPT-778');
    await page.getByLabel('Prise de rendez-vous').check();
    await page.getByLabel('Hayon').check();
    await page.getByLabel('Poids min. (kg)').fill('500');
    await page.getByLabel('Poids max. (kg)').fill('100');
    await page.getByLabel('Code GTF').fill('GTF-9');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    // The maximum below the minimum: said under the maximum.
    await page.locator('#field-weight_max_kg-helper-text').getByText('Inférieur au minimum saisi').waitFor();
    await axe(page, 'transport tour form dark');
    await screenshot(page, 'admin-transport-tour-form-dark-fr');
    await page.getByLabel('Poids max. (kg)').fill('1200');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('link', { name: `P${run}` }).waitFor();

    // The same code again for DEMO-A: refused in words.
    await page.getByRole('link', { name: 'Nouvelle tournée' }).click();
    await choose(page, 'depositorId', /^DEMO-A/);
    await page.locator('#field-code').fill(`P${run}`);
    await choose(page, 'carrierId', new RegExp(`^TR${run}`));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByTestId('form-error').getByText('Ce code de tournée existe déjà pour ce déposant.').waitFor();

    // Edited, then deactivated.
    await page.goto(`${ctx.base}/admin/transport/tours`);
    await page.getByRole('link', { name: `P${run}` }).click();
    await page.getByRole('heading', { name: `Tournée P${run}` }).waitFor();
    assert.equal(await page.getByLabel('Prise de rendez-vous').isChecked(), true);
    await page.getByLabel('Livraison en étage').check();
    await page.getByLabel('Active (proposée aux expéditions)').uncheck();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('link', { name: `P${run}` }).waitFor();
    const [tour] = (await apiAs(page, 'GET', `/admin/transport/tours?filter=${encodeURIComponent(JSON.stringify({ q: `P${run}` }))}`)).body;
    assert.equal(tour.active, false);
    assert.equal(tour.flags.floor_delivery, true);
    assert.equal(tour.flags.appointment, true);
    assert.equal(tour.weight_max_kg, 1200);
    assert.equal(tour.codes.gtf, 'GTF-9');
    await axe(page, 'transport tours list dark');
    await screenshot(page, 'admin-transport-tours-dark-fr');
  } finally {
    await page.close();
  }
});

test('a depositor’s own administrator reads the carriers without changing them and sees their depositor’s tours only', async () => {
  const admin = await newTab(ctx);
  await loginToDashboard(admin, ctx.base, 'admin');
  const denis = '00000000-0000-4000-8000-000000000005';
  const access = { roles: ['PGT_USER', 'ADMIN_CARRIER', 'ADMIN_TOUR'], depositors: [1] };
  assert.equal((await apiAs(admin, 'PUT', `/admin/users/${denis}/access`, access)).status, 200);
  await admin.close();
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'denis');
    await page.goto(`${ctx.base}/admin/transport/carriers`);
    await page.getByRole('link', { name: 'COLISSIMO' }).waitFor();
    assert.equal(await page.getByText('Nouveau transporteur', { exact: true }).count(), 0);
    await page.getByRole('link', { name: 'COLISSIMO' }).click();
    await page.getByLabel('Nom', { exact: true }).waitFor();
    assert.equal(await page.getByLabel('Nom', { exact: true }).isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Enregistrer' }).count(), 0);

    await page.goto(`${ctx.base}/admin/transport/tours`);
    await page.getByRole('table').waitFor();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const depositors = await page.locator('tbody tr td:nth-child(2)').allTextContents();
    assert.ok(depositors.length > 0);
    assert.deepEqual([...new Set(depositors)], ['DEMO-A']);
    await screenshot(page, 'admin-transport-tours-depositor-admin');
  } finally {
    await page.close();
  }
});
