// Claims: alice opens a delivered DEMO-A delivery in Pack and Go Tracer, creates a claim from it
// (the creation flow pre-filled with the delivery and its products), sends it with a photo; the
// provider's claims desk (admin) processes it and closes it after the confirmation; alice finds it
// in the Closed list with its dates as DD/MM/YYYY HH:mm. French (dark), axe on each screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A delivered DEMO-A delivery of the warehouse (CMD1…, with products; not one the demo claims are on), once the demo orders are loaded. */
async function deliveredOrder(page) {
  for (let i = 0; i < 120; i++) {
    const filter = encodeURIComponent(JSON.stringify({ depositor: 1, status: 100, q: 'CMD100' }));
    const rows = (await apiAs(page, 'GET', `/orders?filter=${filter}&range=[0,39]`)).body ?? [];
    if (rows.length > 20) return rows[20];
    await page.waitForTimeout(1000);
  }
  throw new Error('no delivered DEMO-A order');
}

test('from a delivery detail to a closed claim: alice creates and sends, the claims desk processes and closes', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    const order = await deliveredOrder(page);
    await page.goto(`${ctx.base}/pgt/${order.id}`);
    await page.getByRole('heading', { name: new RegExp(order.reference) }).waitFor();
    await page.getByRole('link', { name: 'Créer une réclamation' }).click();

    // The creation flow, pre-filled: the delivery chosen, its products as lines.
    await page.getByRole('heading', { name: 'Nouvelle réclamation' }).waitFor();
    await page.locator(`[data-chosen-delivery="${order.reference}"]`).waitFor();
    const lines = page.locator('tr[data-line]');
    await lines.first().waitFor();
    assert.ok((await lines.count()) >= 1, 'lines pre-filled from the products');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Livraison' }).click();
    await page.getByRole('combobox', { name: 'Motif' }).first().click();
    await page.getByRole('option', { name: 'Produit endommagé (avarie)' }).click();
    await page.getByLabel('Description').fill('Deux cartons écrasés, réserves sur le bon de livraison.');
    // The form checks the claim with the service's own schema before sending it: a received quantity that
    // is not a whole number is said under its field, and nothing is sent.
    let sent = 0;
    const count = (request) => request.method() === 'POST' && /\/api\/claims$/.test(request.url()) && sent++;
    page.on('request', count);
    await page.getByLabel('Qté reçue').first().fill('2,5');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.locator('tr[data-line]').first().getByText('Nombre entier attendu').waitFor();
    assert.equal(sent, 0, 'nothing sent while a field is wrong');
    page.off('request', count);
    await page.getByLabel('Qté reçue').first().fill('0');
    assert.equal(await page.getByText('Nombre entier attendu').count(), 0, 'the refusal goes as the field is typed in');
    await quiet(page);
    await axe(page, 'claim form dark');
    await screenshot(page, 'claim-form-dark-fr');
    await page.getByRole('button', { name: 'Envoyer' }).click();

    // The claim, sent, with the delivery's evidence; a photo attached.
    const article = page.locator('article[data-claim]');
    await article.and(page.locator('[data-status="sent"]')).waitFor();
    const reference = await article.getAttribute('data-claim');
    await page.locator('[data-evidence]').waitFor();
    await page.locator('[data-attachment-input]').setInputFiles({ name: 'carton.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('[data-attachment="carton.png"]').waitFor();
    await quiet(page);
    await axe(page, 'claim view dark');
    await screenshot(page, 'claim-sent-dark-fr');

    // The provider's claims desk processes it, then closes it after the confirmation.
    const desk = await newTab(ctx);
    await loginToDashboard(desk, ctx.base, 'admin');
    await desk.goto(page.url());
    await desk.getByRole('heading', { name: `Réclamation ${reference}` }).waitFor();
    await desk.getByLabel('Réponse du service réclamations').fill('Avoir émis, réserves transmises au transporteur.');
    await desk.getByLabel('Imputable au prestataire').check();
    await desk.getByRole('button', { name: 'Enregistrer le traitement' }).click();
    await desk.locator('article[data-status="processed"]').waitFor();
    await desk.getByRole('button', { name: 'Clôturer' }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByText('Une réclamation clôturée ne peut plus être modifiée ni rouverte.').waitFor();
    await screenshot(desk, 'claim-close-confirm-dark-fr');
    await dialog.getByRole('button', { name: 'Clôturer' }).click();
    await desk.locator('article[data-status="closed"]').waitFor();
    await desk.close();

    // alice finds it closed, dates as DD/MM/YYYY HH:mm (as every module writes them).
    await page.goto(`${ctx.base}/claim?tab=closed`);
    await page.getByRole('heading', { name: 'Réclamations' }).waitFor();
    const row = page.locator('tr', { has: page.getByRole('link', { name: reference }) });
    await row.waitFor();
    assert.match(await row.textContent(), /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    assert.equal(await page.getByRole('tab', { selected: true }).textContent(), 'Clôturées');
    await quiet(page);
    await axe(page, 'claims closed list dark');
    await screenshot(page, 'claims-closed-dark-fr');
  } finally {
    await page.close();
  }
});
