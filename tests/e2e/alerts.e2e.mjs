// My VIP and My DOC: alice creates a VIP alert on DEMO-A and sees the count of matching orders follow
// her criteria, has a recipient with a bad e-mail refused under the field, saves, finds the alert in
// Hello, pauses it from the list, makes it weekly, sends a test and finds the mail in the history,
// then deletes it. bob (no VIP Premium, no custom subjects) sees neither of those fields. French,
// dark for alice and light for bob, axe on each screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';
import { waitForDemoData } from './support/walk.mjs';

const ctx = useJourney();
const run = Date.now().toString(36).toUpperCase();
const TITLE = `Livrées et anomalies E2E ${run}`;

/** The matching count once it has settled (the form counts again 300 ms after the last change). */
/**
 * The alerts service fills its projection of tracking's orders after the demo's background load: wait
 * until the count of every order of the caller stops moving, so the counts the journey compares are of one state.
 */
async function projectionSettled(page) {
  let last = -1;
  let same = 0;
  for (let i = 0; i < 120; i++) {
    const { body } = await apiAs(page, 'POST', '/alerts/match-count', { kind: 'VIP' });
    same = body?.count > 0 && body.count === last ? same + 1 : 0;
    if (same === 3) return;
    last = body?.count ?? -1;
    await page.waitForTimeout(1000);
  }
  throw new Error('the alerts projection did not settle in 2 minutes');
}

async function settledCount(page, previous) {
  const box = page.getByTestId('alert-match-count');
  for (let i = 0; i < 60; i++) {
    const count = await box.getAttribute('data-count');
    if (count !== null && count !== String(previous)) return Number(count);
    await page.waitForTimeout(250);
  }
  throw new Error(`the matching count stayed at ${previous}`);
}

/** Chooses the option `value` of the MUI select `id`. */
async function choose(page, id, value) {
  await page.locator(`#${id}`).click();
  await page.locator(`li[data-value="${value}"]`).click();
}

test('alice creates a VIP alert, finds it in Hello, makes it weekly, tests it and deletes it (French, dark)', async (t) => {
  // First of its group: the demo data still loading, the screens' notice of it would go away mid-form and
  // move the fields under the pointer (the schedule once saved as « immédiate »).
  await waitForDemoData(ctx.backend);
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await page.locator('[data-testid=app-tiles] a[data-app="vip"]').click();
    await page.getByRole('heading', { name: 'My VIP', exact: true }).waitFor();
    // Her demo alerts are in Hello, their frequency in words.
    await page.getByRole('cell', { name: 'Immédiate, à chaque événement' }).first().waitFor();
    await quiet(page);
    await axe(page, 'alerts hello dark');
    await screenshot(page, 'alerts-hello-dark-fr');

    await projectionSettled(page);
    await page.getByRole('link', { name: 'Nouvelle alerte' }).click();
    await page.getByRole('heading', { name: 'Nouvelle alerte My VIP' }).waitFor();
    await page.locator('#alert-title').fill(TITLE);
    // All her depositors' orders of the last 3 months, then DEMO-A's, then those delivered: the count follows.
    const all = await settledCount(page, null);
    await page.locator('#alert-depositorIds').click();
    await page.getByRole('option', { name: /^DEMO-A/ }).click();
    await page.keyboard.press('Escape');
    const demoA = await settledCount(page, all);
    assert.ok(demoA > 0 && demoA < all, `DEMO-A's orders (${demoA}) are some of all (${all})`);
    // Statuses in words only (issue 36: no bare codes on screen): 100 is « Livrée ».
    await page.locator('#alert-statuses').fill('Livrée');
    await page.getByRole('option', { name: 'Livrée', exact: true }).click();
    await page.keyboard.press('Escape');
    const delivered = await settledCount(page, demoA);
    assert.ok(delivered < demoA, `delivered (${delivered}) are fewer than DEMO-A's (${demoA})`);
    await page
      .getByTestId('alert-match-count')
      .getByText('commandes des 3 derniers mois correspondent')
      .or(page.getByText('commande des 3 derniers mois correspond'))
      .waitFor();
    await page.locator('#alert-events').click();
    await page.getByRole('option', { name: 'Anomalie', exact: true }).click();
    await page.keyboard.press('Escape');

    // alice has VIP Premium and custom subjects: both fields are offered.
    await page.getByLabel(/Informer le destinataire final/).waitFor();
    await page.locator('#alert-subject').waitFor();
    await page.locator('#alert-subject').fill('Suivi DEMO-A : ');
    await page.locator('[data-placeholder=alertName]').click();
    assert.equal(await page.locator('#alert-subject').inputValue(), 'Suivi DEMO-A : {alertName}');

    // Spec §5: a recipient's e-mail must be valid, said under the field; nothing is sent until it is.
    await page.getByRole('button', { name: 'Ajouter un destinataire' }).click();
    await page.locator('#alert-recipient-0-name').fill('Quai 2 Bussy');
    await page.locator('#alert-recipient-0-email').fill('quai2@demo-a');
    await page.locator('#alert-recipient-0-phone').fill('01 60 00 00 00');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.locator('#alert-recipient-0-email-helper-text').getByText('Adresse e-mail invalide').waitFor();
    await page.getByText('Corrigez les champs signalés en rouge.').waitFor();
    await quiet(page);
    await axe(page, 'alerts form dark');
    await screenshot(page, 'alerts-form-refused-dark-fr');
    // The server says the same when asked directly.
    const refused = await apiAs(page, 'POST', '/alerts', {
      kind: 'VIP',
      title: TITLE,
      depositorIds: [1],
      statuses: [100],
      recipients: [{ name: 'Quai 2 Bussy', email: 'quai2@demo-a' }],
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.fields['recipients.0.email'], 'invalidEmail');

    await page.locator('#alert-recipient-0-email').fill('quai2@demo-a.example');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(`Alerte « ${TITLE} » enregistrée.`).last().waitFor();
    await page.getByRole('heading', { name: `Alerte « ${TITLE} »` }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    assert.ok(id > 0);

    // Hello lists it, immediate; its switch pauses it at once.
    await page.getByRole('link', { name: 'Retour à mes alertes' }).click();
    const row = page.locator('tbody tr', { has: page.getByRole('link', { name: TITLE }) });
    await row.getByRole('cell', { name: 'Immédiate, à chaque événement' }).waitFor();
    await row.getByLabel(`Alerte « ${TITLE} » active`).click();
    await page.getByText(`Alerte « ${TITLE} » mise en pause.`).last().waitFor();
    assert.equal((await apiAs(page, 'GET', `/alerts/${id}`)).body.enabled, false);
    await row.getByLabel(`Alerte « ${TITLE} » active`).click();
    await page.getByText(`Alerte « ${TITLE} » activée.`).last().waitFor();

    // Weekly on Mondays at noon, read back in words in the form and in Hello.
    await row.getByRole('link', { name: TITLE }).click();
    await page.getByRole('heading', { name: `Alerte « ${TITLE} »` }).waitFor();
    await choose(page, 'alert-frequency', 'WEEK');
    await choose(page, 'alert-time', '12:00');
    await choose(page, 'alert-weekday', '1');
    await page.getByTestId('alert-frequency-words').getByText('Chaque lundi à 12:00').waitFor();
    // The save's own answer, not its notice: the first save's « enregistrée » (same words) may still be on
    // screen on a loaded machine, and the alert was then read before this save (the full run, twice).
    const written = page.waitForResponse((r) => r.url().endsWith(`/api/alerts/${id}`) && r.request().method() !== 'GET');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    assert.equal((await written).status(), 200);
    await page.getByText(`Alerte « ${TITLE} » enregistrée.`).last().waitFor();
    const saved = (await apiAs(page, 'GET', `/alerts/${id}`)).body;
    assert.deepEqual([saved.frequency, saved.time, saved.weekday], ['WEEK', '12:00', 1]);
    assert.equal(saved.subject, 'Suivi DEMO-A : {alertName}');

    // A test mail, then the history says where it stands.
    const delivery = await apiAs(page, 'GET', `/alerts/${id}/mails`);
    if (delivery.status === 503) {
      t.diagnostic('test send and mails history not checked: the delivery side (h-alerts-delivery) answers 503');
    } else {
      await page.getByRole('button', { name: 'Envoyer un test' }).click();
      await page
        .getByTestId('alert-test-result')
        .getByText(/^Test envoyé à .*quai2@demo-a\.example/)
        .waitFor();
      const mails = page.locator('#alert-section-mails tbody tr');
      for (let i = 0; i < 40 && !(await page.locator('#alert-section-mails [data-mail-status=sent]').count()); i++) {
        await page.waitForTimeout(500);
        await page.locator('#alert-section-mails').getByRole('button', { name: 'Actualiser' }).click();
      }
      // The subject's placeholder filled with the alert's name (spec §3).
      await mails
        .filter({ hasText: 'quai2@demo-a.example' })
        .filter({ hasText: `Suivi DEMO-A : ${TITLE}` })
        .first()
        .waitFor();
      await page.locator('#alert-section-mails [data-mail-status=sent]').first().waitFor();
    }
    await quiet(page);
    await axe(page, 'alerts edit dark');
    await screenshot(page, 'alerts-edit-history-dark-fr');

    await page.getByRole('link', { name: 'Retour à mes alertes' }).click();
    await row.getByRole('cell', { name: 'Chaque lundi à 12:00' }).waitFor();
    await screenshot(page, 'alerts-hello-weekly-dark-fr');

    // Deleted after a confirmation: gone from Hello and from the API.
    await row.getByRole('link', { name: TITLE }).click();
    await page.getByRole('button', { name: 'Supprimer l’alerte' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Supprimer l’alerte « ${TITLE} » ?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Supprimer l’alerte' }).click();
    await page.getByText(`Alerte « ${TITLE} » supprimée.`).last().waitFor();
    await page.getByRole('heading', { name: 'My VIP', exact: true }).waitFor();
    assert.equal((await apiAs(page, 'GET', `/alerts/${id}`)).status, 404);
  } finally {
    await page.close();
  }
});

test('bob, without VIP Premium nor custom subjects, is offered neither (French, light); My DOC asks for its documents', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'bob');
    await apiAs(page, 'POST', '/user/theme/light');
    await page.goto(`${ctx.base}/vip`);
    await page.getByRole('heading', { name: 'My VIP', exact: true }).waitFor();
    // He has no alert of his own yet (the demo's alerts are alice's).
    await page.getByRole('link', { name: 'Nouvelle alerte' }).waitFor();
    await quiet(page);
    await axe(page, 'alerts hello light');
    await screenshot(page, 'alerts-hello-bob-light-fr');

    await page.getByRole('link', { name: 'Nouvelle alerte' }).click();
    await page.getByRole('heading', { name: 'Nouvelle alerte My VIP' }).waitFor();
    await page.getByLabel(/Copie à moi/).waitFor();
    assert.equal(await page.getByText(/Informer le destinataire final/).count(), 0);
    assert.equal(await page.locator('#alert-subject').count(), 0);
    await quiet(page);
    await axe(page, 'alerts form light');
    await screenshot(page, 'alerts-form-bob-light-fr');
    // The server refuses it anyway (alerts.test.ts: 403 vipPremiumRequired).
    const forced = await apiAs(page, 'POST', '/alerts', {
      kind: 'VIP',
      title: 'Forcé',
      depositorIds: [2],
      statuses: [100],
      copyToSelf: true,
      informFinalRecipient: true,
    });
    assert.equal(forced.status, 403);
    assert.equal(forced.body.error.key, 'vipPremiumRequired');

    // My DOC: daily at noon by default, and a document type is required.
    await page.goto(`${ctx.base}/doc/new`);
    await page.getByRole('heading', { name: 'Nouvel envoi My DOC' }).waitFor();
    await page.getByTestId('alert-frequency-words').getByText('Chaque jour à 12:00').waitFor();
    await page.locator('#alert-title').fill('BL du jour');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.locator('#alert-section-trigger').getByText('Champ obligatoire').waitFor();
    await quiet(page);
    await screenshot(page, 'alerts-doc-form-bob-light-fr');
  } finally {
    await apiAs(page, 'POST', '/user/theme/dark').catch(() => undefined);
    await page.close();
  }
});
