// Dashtower/Huby: the shipment tabs, an address created in the book, a shipment created, refused,
// validated and duplicated, in French (dark) and English (light), axe on each screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';
import { dmy, shownDate, typeDate } from './support/dates.mjs';

const ctx = useJourney();
const run = Date.now().toString(36).toUpperCase();
const REF = `E2E-${run}`;

async function refreshUser(page) {
  await page.evaluate(async () => {
    const res = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` } });
    localStorage.setItem('portal.user', JSON.stringify(await res.json()));
  });
}

/** Types into an address picker and takes the option naming `text`. */
async function pickAddress(page, id, search, text) {
  await page.locator(`#${id}`).fill(search);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
}

test('alice: address book, a shipment created, refused, validated and duplicated (French, dark)', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await page.goto(`${ctx.base}/dashtower`);
    await page.getByRole('heading', { name: 'Expéditions Huby' }).waitFor();
    // The ready-to-go tab is the default (spec §2 preference hubyReadyToGoTab = tab-ready).
    assert.equal(await page.getByRole('tab', { selected: true }).textContent(), 'Prêtes à partir');
    await page.locator('table tbody tr').first().waitFor();
    await quiet(page);
    await axe(page, 'huby list dark');
    await screenshot(page, 'huby-list-dark-fr');

    // A recipient created in the book, with what both demo depositors require (company, e-mail, mobile).
    await page.getByRole('link', { name: 'Carnet d’adresses' }).click();
    await page.getByRole('heading', { name: 'Carnet d’adresses' }).waitFor();
    await page.getByRole('button', { name: 'Nouvelle adresse' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#address-company_name').fill(`Pharmacie ${run}`);
    await dialog.locator('#address-contact_name').fill('Léa Martin');
    await dialog.locator('#address-address1').fill('3 place Bellecour');
    // Saved without its postcode: refused at the field by the form itself, with the server's rule, nothing sent.
    const saves = [];
    const watchSaves = (request) =>
      request.method() === 'POST' && request.url().includes('/api/dashtower/addresses') && saves.push(request.url());
    page.on('request', watchSaves);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.locator('#address-zip-helper-text').getByText('Champ obligatoire').waitFor();
    page.off('request', watchSaves);
    assert.deepEqual(saves, []);
    await dialog.locator('#address-zip').fill('69002');
    // Typed in, the field's refusal goes.
    await dialog.locator('#address-zip-helper-text').waitFor({ state: 'detached' });
    await dialog.locator('#address-town').fill('LYON');
    await dialog.locator('#address-email').fill('lea.martin@client.example');
    await dialog.locator('#address-mobile').fill('06 12 34 56 78');
    await dialog.locator('#address-hours-mon-am_from').fill('08:30');
    await dialog.locator('#address-hours-mon-am_to').fill('12:00');
    await quiet(page);
    await axe(page, 'huby address dialog dark');
    await screenshot(page, 'huby-address-dialog-dark-fr');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Adresse enregistrée.').waitFor();
    await page.locator('#filter-q').fill(`Pharmacie ${run}`);
    await page.locator('#filter-q').press('Enter');
    await page.getByRole('cell', { name: `Pharmacie ${run}`, exact: true }).waitFor();

    // A new shipment: refused without its tour code, then validated.
    await page.goto(`${ctx.base}/dashtower/new`);
    await page.getByRole('heading', { name: 'Nouvelle expédition' }).waitFor();
    await page.locator('#huby-reference').fill(REF);
    await pickAddress(page, 'huby-shipper', 'MLV1', 'Marne-la-Vallée');
    await pickAddress(page, 'huby-recipient', `PHARMACIE ${run}`, `Pharmacie ${run}`);
    await page.locator('#huby-packing-0-weight_kg').fill('4,5');
    await page.locator('#huby-packing-0-packages').fill('2');
    await page.getByText('2 colis, 9 kg').waitFor();
    // The tours that fit show as the shipment is typed, before any save (its 9 kg: the parcel tours,
    // not the pallet or charter ones); a pallet's weight changes them at once.
    const tourOptions = async () => {
      await page.locator('#huby-tour_code').click();
      const texts = (await page.getByRole('option').allTextContents()).filter((o) => o !== '–').sort();
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      return texts;
    };
    assert.deepEqual(await tourOptions(), ['COLIS-EXP – Chronopost', 'COLIS-J1 – Colissimo']);
    await page.locator('#huby-packing-0-weight_kg').fill('450');
    await page.getByText('2 colis, 900 kg').waitFor();
    assert.equal((await tourOptions()).includes('COLIS-J1 – Colissimo'), false);
    await page.locator('#huby-packing-0-weight_kg').fill('4,5');
    await page.getByText('2 colis, 9 kg').waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/dashtower\/[0-9a-f-]{36}$/);
    await page.getByText('Expédition enregistrée.').waitFor();
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('La référence, les colis ou le code tournée sont vides.').waitFor();
    assert.equal(await page.locator('#huby-tour_code-helper-text').textContent(), 'Champ obligatoire');

    // Saved, the draft is offered the tours that fit it (its 9 kg: the parcel tours, not the pallet or charter ones).
    await page.locator('#huby-tour_code').click();
    const offered = await page.getByRole('option').allTextContents();
    assert.deepEqual(offered.filter((o) => o !== '–').sort(), ['COLIS-EXP – Chronopost', 'COLIS-J1 – Colissimo']);
    await page.getByRole('option', { name: 'COLIS-J1 – Colissimo' }).click();
    // A dangerous goods line (alice has the right): flammable liquid, packing group III.
    await page.getByRole('button', { name: 'Ajouter une ligne ADR' }).click();
    await page.locator('#huby-dg-0-un_number').fill('1993');
    for (const [field, value] of [
      ['class', '3'],
      ['packing_group', 'III'],
      ['tunnel_code', 'D/E'],
      ['transport_category', '3'],
    ]) {
      await page.locator(`#huby-dg-0-${field}`).click();
      await page.getByRole('option', { name: value, exact: true }).click();
    }
    await page.locator('#huby-dg-0-adr_designation').fill('LIQUIDE INFLAMMABLE, N.S.A.');
    // A day not in the calendar: marked under the field, and the form sends nothing.
    await typeDate(page, page, 'Date d’expédition souhaitée', '31/02/2027');
    let sent = 0;
    const count = (r) => r.method() !== 'GET' && r.url().includes('/api/dashtower/') && sent++;
    page.on('request', count);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Certains champs sont incorrects.').waitFor();
    await page.getByText('Date invalide.').waitFor();
    page.off('request', count);
    assert.equal(sent, 0, 'an invalid date sends nothing');
    const tomorrow = dmy(new Date(Date.now() + 86_400_000).toISOString());
    await typeDate(page, page, 'Date d’expédition souhaitée', tomorrow);
    assert.equal(await page.getByText('Date invalide.').count(), 0);
    assert.equal(await shownDate(page, 'huby-date_shipment_desired'), tomorrow);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Expédition validée.').waitFor();
    await page.locator('[data-status="10"]').waitFor();
    assert.equal(await page.locator('#huby-reference').isDisabled(), true);
    assert.equal(await page.locator('#huby-dg-0-un_number').inputValue(), '1993');
    await quiet(page);
    await axe(page, 'huby form dark');
    await screenshot(page, 'huby-form-validated-dark-fr');

    // The carrier's voucher and tracking numbers (the demo carrier answers at once).
    await page.getByRole('button', { name: 'Demander les étiquettes' }).click();
    await page.getByText('Étiquettes reçues du transporteur.').waitFor();
    await page.locator('[data-status="25"]').waitFor();
    assert.match(await page.getByTestId('huby-voucher').textContent(), /Récépissé COL0123456\d{8} · n° de suivi : 6A\d{11}, 6A\d{11}/);
    // From its labels on it is a tracking order: Pack and Go Tracer finds it, ready to ship.
    await page.getByRole('link', { name: 'Suivre dans Pack and Go Tracer' }).click();
    await page.waitForURL(/\/pgt\?filter=/);
    await page.locator('table tbody tr', { hasText: REF }).waitFor({ timeout: 15000 });
    await screenshot(page, 'huby-tracked-in-pgt-dark-fr');
    await page.goBack();
    await page.locator('[data-status="25"]').waitFor();

    // Two copies, drafts named after it.
    await page.getByRole('button', { name: 'Dupliquer' }).click();
    await page.locator('#huby-duplicate-count').fill('2');
    await page.getByRole('dialog').getByRole('button', { name: 'Dupliquer' }).click();
    await page.getByText('2 copies créées en brouillon').waitFor();
    await page.waitForURL(/\/dashtower$/);
    await page.getByRole('tab', { name: 'En attente' }).click();
    await page.locator('#filter-q').fill(REF);
    await page.locator('#filter-q').press('Enter');
    await page.getByRole('link', { name: `${REF}-2` }).waitFor();
    // The copies wait as drafts; the original, labels received, is ready to go.
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2);
    const refs = await page.locator('table tbody tr td:nth-child(2)').allTextContents();
    assert.deepEqual(refs.sort(), [`${REF}-1`, `${REF}-2`]);
    // The tab chosen is kept for the next visit.
    await page.reload();
    assert.equal(await page.getByRole('tab', { selected: true }).textContent(), 'En attente');
    await screenshot(page, 'huby-waiting-dark-fr');
    await apiAs(page, 'PUT', '/user/preferences', { hubyReadyToGoTab: 'tab-ready' });

    // A pickup request for tomorrow, mailed to the carrier (its address comes with the carrier).
    await page.getByRole('button', { name: 'Demande d’enlèvement' }).click();
    const pickup = page.getByRole('dialog');
    await pickup.locator('#pickup-shipper').fill('MLV1');
    await page
      .getByRole('option', { name: /Marne-la-Vallée/ })
      .first()
      .click();
    await pickup.locator('#pickup-carrier').click();
    await page.getByRole('option', { name: 'Colissimo' }).click();
    assert.equal(await pickup.locator('#pickup-email-to').inputValue(), 'enlevements@colissimo.example');
    await pickup.locator('#pickup-body').fill('Deux palettes filmées, quai 4.');
    await quiet(page);
    await axe(page, 'huby pickup dialog dark');
    await screenshot(page, 'huby-pickup-dark-fr');
    await pickup.getByRole('button', { name: 'Envoyer la demande' }).click();
    // Booked with the carrier first: its confirmation number is said, and written in the mail.
    await page.getByText(/Enlèvement réservé chez le transporteur \(n° ENLCOL\d{11}\) et demande envoyée\./).waitFor();
    const mail = await ctx.backend.smtp.waitForMail('enlevements@colissimo.example', (m) => m.text.includes('Deux palettes filmées'));
    assert.match(mail.text, /procéder à l'enlèvement suivant/);
    assert.match(mail.text, /Donneur d'ordre : DEMO-A/);
    assert.match(mail.text, /N° d'enlèvement Colissimo : ENLCOL\d{11}/);

    await page.getByRole('link', { name: 'Plan de transport' }).click();
    await page.getByRole('heading', { name: 'Plan de transport' }).waitFor();
    await page.locator('tr[data-tour="PAL-MESS"]').first().waitFor();
    await quiet(page);
    await axe(page, 'huby tours dark');
    await screenshot(page, 'huby-tours-dark-fr');
  } catch (error) {
    await screenshot(page, 'huby-failure');
    throw error;
  } finally {
    await page.close();
  }
});

test('English and light theme: the tabs and the form read in English; bob (no DASHTOWER_USER) is refused', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await apiAs(page, 'POST', '/user/language/en_US');
    await apiAs(page, 'POST', '/user/theme/light');
    await refreshUser(page);
    await page.goto(`${ctx.base}/dashtower`);
    await page.getByRole('heading', { name: 'Huby shipments' }).waitFor();
    await page.getByRole('tab', { name: 'Sent' }).click();
    await page.locator('table tbody tr [data-status="95"]').first().waitFor();
    await quiet(page);
    await axe(page, 'huby list light en');
    await screenshot(page, 'huby-list-light-en');
    await page.getByRole('link', { name: 'New shipment' }).click();
    await page.getByRole('heading', { name: 'New shipment' }).waitFor();
    await quiet(page);
    await axe(page, 'huby form light en');
    await screenshot(page, 'huby-form-light-en');
    await apiAs(page, 'POST', '/user/language/fr_FR');
    await apiAs(page, 'POST', '/user/theme/dark');
    await apiAs(page, 'PUT', '/user/preferences', { hubyReadyToGoTab: 'tab-ready' });

    const bob = await newTab(ctx);
    await loginToDashboard(bob, ctx.base, 'bob');
    const refused = await apiAs(bob, 'GET', '/dashtower/orders');
    assert.equal(refused.status, 403);
    await bob.close();
  } catch (error) {
    await screenshot(page, 'huby-en-failure');
    throw error;
  } finally {
    await page.close();
  }
});
