// The reference back office (issue 18 item 2): the administrator edits a depositor, previews an
// email template in English, acknowledges a log, creates an announcement and sets DEMO-A's logo;
// alice then sees the announcement in her banner and the logo in her header. French (dark, and one
// screen light), axe on each screen. Then DEMO-A's own administrator (denis, given the back office
// areas for DEMO-A) sees the rows every depositor shares read-only. Written against the /admin/<path> routes of
// web/src/admin/areas.ts: it passes once the /admin shell (AdminModule) is merged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('the administrator edits a depositor, previews a template, acknowledges a log, announces and sets a logo; alice sees them', async () => {
  const page = await newTab(ctx);
  const run = Date.now().toString(36).toUpperCase();
  try {
    await loginToDashboard(page, ctx.base, 'admin');

    // Depositors: DEMO-C's label and address action delay.
    await page.goto(`${ctx.base}/admin/depositors`);
    await page.getByRole('heading', { name: 'Déposants' }).waitFor();
    await page.locator('[data-depositor="DEMO-C"]').click();
    await page.getByRole('heading', { name: 'Déposant DEMO-C' }).waitFor();
    await page.getByLabel('Libellé').fill(`Pièces Détachées Sud ${run}`);
    await page.getByLabel('Délai d’action sur les adresses (jours)').fill('45');
    await quiet(page);
    await axe(page, 'admin depositor form dark');
    await screenshot(page, 'admin-depositor-form-dark-fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Déposants' }).waitFor();
    const saved = (await apiAs(page, 'GET', '/admin/depositors/3')).body;
    assert.equal(saved.label, `Pièces Détachées Sud ${run}`);
    assert.equal(saved.action_delay_on_address, 45);

    // A code taken is refused with its key, on the form.
    await page.goto(`${ctx.base}/admin/depositors/new`);
    await page.getByLabel('Code').fill('DEMO-A');
    await page.getByLabel('Libellé').fill('Doublon');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByTestId('form-error').getByText('Ce code déposant existe déjà.').waitFor();

    // Email templates: the alert-vip template previewed in English, rendered by the server.
    await page.goto(`${ctx.base}/admin/templates`);
    await page.getByRole('heading', { name: 'Modèles d’e-mail' }).waitFor();
    // ADMIN reaches every depositor: the templates every depositor shares are theirs to create.
    await page.getByText('Nouveau modèle', { exact: true }).waitFor();
    await axe(page, 'admin templates list dark');
    await page.getByLabel('Recherche (code ou libellé)').fill('alert-vip');
    await page.getByLabel('Recherche (code ou libellé)').press('Enter');
    await page.locator('[data-template="alert-vip.en"]').click();
    await page.getByRole('heading', { name: 'Modèle alert-vip (en)' }).waitFor();
    await page.locator('[data-preview-locale="de"]').click();
    await page.locator('[data-testid="preview"][data-locale="de"]').waitFor();
    await page.locator('[data-preview-locale="en"]').click();
    await page.locator('[data-testid="preview"][data-locale="en"]').waitFor();
    assert.equal((await page.getByTestId('preview-subject').textContent())?.trim(), '[My VIP] Orders delivered today');
    const frame = page.frameLocator('iframe[title="Aperçu"]');
    await frame.getByText('BL2600141').waitFor();
    await quiet(page);
    // No axe here: with the preview's sandboxed frame (no scripts), axe-core/playwright opens a tab
    // of its own to finish, which this Chromium refuses; the list and the form fields are checked below.
    await screenshot(page, 'admin-template-preview-dark-fr');

    // Logs: the GLS web service errors acknowledged with a comment.
    await page.goto(`${ctx.base}/admin/logs`);
    await page.getByRole('heading', { name: 'Journaux' }).waitFor();
    // In French, from the message's key and parameters: the module and the object in words.
    const gls = page.locator('tr', { has: page.locator('[data-log="1"]') });
    await gls.getByText('Échec de l’appel au web service du transporteur GLS : pas de réponse après 30 s').waitFor();
    await gls.getByText('Transporteur GLS', { exact: true }).waitFor();
    await page.locator('[data-log="1"] input').check();
    await page.getByTestId('acknowledge').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Commentaire').fill('Transporteur relancé, incident clos.');
    await quiet(page);
    await axe(page, 'admin logs acknowledge dark');
    await screenshot(page, 'admin-logs-ack-dark-fr');
    await dialog.getByTestId('acknowledge-confirm').click();
    await page.getByText('1 journal(aux) acquitté(s).').waitFor();
    const log = (await apiAs(page, 'GET', '/admin/logs/1')).body;
    assert.equal(log.ackUser, 'admin');
    assert.equal(log.ackComment, 'Transporteur relancé, incident clos.');

    // Announcements: a new one, live now, in French and English.
    await page.goto(`${ctx.base}/admin/announcements/new`);
    await page.getByRole('heading', { name: 'Nouvelle annonce' }).waitFor();
    await page.getByLabel('Message (Français)').fill(`Inventaire annuel ${run} samedi : pas d’expédition.`);
    await page.getByLabel('Message (English)').fill(`Annual stocktake ${run} on Saturday: no shipping.`);
    await page.getByLabel('Priorité').fill('90');
    await quiet(page);
    await axe(page, 'admin announcement form dark');
    await screenshot(page, 'admin-announcement-form-dark-fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Annonces' }).waitFor();
    await page.getByText(`Inventaire annuel ${run} samedi : pas d’expédition.`).first().waitFor();

    // Logos: DEMO-A's, checked and resized by the server, shown on its card.
    await page.goto(`${ctx.base}/admin/logos`);
    await page.getByRole('heading', { name: 'Logos' }).waitFor();
    await page.locator('[data-logo-input="DEMO-A"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Logo de DEMO-A enregistré.').waitFor();
    await page.getByRole('img', { name: 'Logo de DEMO-A' }).waitFor();

    // The light theme too.
    assert.equal((await apiAs(page, 'POST', '/user/theme/light')).status, 200);
    await page.goto(`${ctx.base}/admin/logs`);
    await page.getByRole('heading', { name: 'Journaux' }).waitFor();
    await quiet(page);
    await axe(page, 'admin logs light');
    await screenshot(page, 'admin-logs-light-fr');
    await apiAs(page, 'POST', '/user/theme/dark');

    // alice sees the announcement in her banner, and DEMO-A's logo in her header.
    const alice = await newTab(ctx);
    await loginToDashboard(alice, ctx.base, 'alice');
    await alice
      .getByTestId('announcement')
      .filter({ hasText: `Inventaire annuel ${run} samedi` })
      .waitFor();
    await alice.getByTestId('header-logo').waitFor();
    await screenshot(alice, 'admin-announcement-seen-by-alice-dark-fr');
    await alice.close();
  } finally {
    await page.close();
  }
});

test('a depositor’s own administrator sees the rows every depositor shares read-only, and changes their own', async () => {
  const admin = await newTab(ctx);
  await loginToDashboard(admin, ctx.base, 'admin');
  const denis = '00000000-0000-4000-8000-000000000005';
  const roles = ['PGT_USER', 'TRACERROUTE_USER', 'SERIAL_USER', 'STOCK_USER', 'ITEM_USER'];
  const access = { roles: [...roles, 'ADMIN_DEPOSITOR', 'ADMIN_LIST', 'ADMIN_TEMPLATE', 'ADMIN_ANNOUNCEMENT'], depositors: [1] };
  assert.equal((await apiAs(admin, 'PUT', `/admin/users/${denis}/access`, access)).status, 200);
  await admin.close();
  const page = await newTab(ctx);
  const absent = async (text) => assert.equal(await page.getByText(text, { exact: true }).count(), 0, text);
  try {
    await loginToDashboard(page, ctx.base, 'denis');
    assert.equal((await apiAs(page, 'GET', '/user/me')).body.fullAdminReach, false);

    // Email templates: listed and opened with their preview, no new one, nothing to save.
    await page.goto(`${ctx.base}/admin/templates`);
    await page.getByRole('heading', { name: 'Modèles d’e-mail' }).waitFor();
    await absent('Nouveau modèle');
    await page.getByLabel('Recherche (code ou libellé)').fill('alert-vip');
    await page.getByLabel('Recherche (code ou libellé)').press('Enter');
    await page.locator('[data-template="alert-vip.fr"]').click();
    await page.getByTestId('form-read-only').waitFor();
    await page.locator('[data-testid="preview"]').first().waitFor();
    assert.ok(await page.locator('#field-subject').isDisabled());
    await absent('Enregistrer');
    // One way back (the title's), and no required-field asterisk on fields nobody can fill.
    assert.equal(await page.getByRole('link', { name: 'Retour à la liste' }).count(), 1);
    assert.equal(await page.locator('.MuiFormLabel-asterisk').count(), 0);
    await quiet(page);
    await screenshot(page, 'admin-template-read-only-dark-fr');
    await page.goto(`${ctx.base}/admin/templates/new`);
    await page.getByRole('heading', { name: 'Modèles d’e-mail' }).waitFor();

    // Announcements: read, neither created, saved nor deleted.
    const [announcement] = (await apiAs(page, 'GET', '/admin/announcements')).body;
    await page.goto(`${ctx.base}/admin/announcements`);
    await page.getByRole('heading', { name: 'Annonces' }).waitFor();
    await absent('Nouvelle annonce');
    await page.goto(`${ctx.base}/admin/announcements/${announcement.id}`);
    await page.getByTestId('form-read-only').waitFor();
    await absent('Enregistrer');
    await absent('Supprimer');
    await quiet(page);
    await axe(page, 'admin announcement read-only dark');
    await screenshot(page, 'admin-announcement-read-only-dark-fr');

    // Platforms read-only; DEMO-A's activities still created here.
    await page.goto(`${ctx.base}/admin/reference/platforms`);
    await page.getByRole('heading', { name: 'Listes de référence' }).waitFor();
    await page.locator('[data-code]').first().waitFor();
    await absent('Nouvelle plateforme');
    await page.goto(`${ctx.base}/admin/reference/activities`);
    await page.getByText('Nouvelle activité', { exact: true }).waitFor();

    // Depositors: no new one; DEMO-A's record saved as before.
    await page.goto(`${ctx.base}/admin/depositors`);
    await page.getByRole('heading', { name: 'Déposants' }).waitFor();
    await page.locator('[data-depositor="DEMO-A"]').waitFor();
    await absent('Nouveau déposant');
    await page.locator('[data-depositor="DEMO-A"]').click();
    await page.getByRole('heading', { name: 'Déposant DEMO-A' }).waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Déposants' }).waitFor();
  } finally {
    await page.close();
  }
});
