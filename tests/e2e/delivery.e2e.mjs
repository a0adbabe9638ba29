// Delivery detail: sections, document download, add and delete, manual classification with a POD, rights and depositor scope.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';
import { shownIn, typeDate } from './support/dates.mjs';

const ctx = useJourney();
const q = (o) => encodeURIComponent(JSON.stringify(o));

// A 1×1 PNG and a one-page PDF: the server reads the type from these bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The demo orders load in the background after start: poll the API until the user sees some. */
async function waitForOrders(page, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await apiAs(page, 'GET', `/orders?range=${q([0, 0])}`);
    if (res.status === 200 && res.body.length > 0) return;
    if (Date.now() > deadline) throw new Error(`no orders after ${timeoutMs} ms (${res.status})`);
    await page.waitForTimeout(1_000);
  }
}

/** The first order of `filter` whose detail satisfies `wanted`. */
async function findOrder(page, filter, wanted) {
  const list = await apiAs(page, 'GET', `/orders?filter=${q(filter)}&range=${q([0, 99])}`);
  assert.equal(list.status, 200, JSON.stringify(list.body));
  for (const row of list.body) {
    const detail = await apiAs(page, 'GET', `/orders/${row.id}`);
    if (detail.status === 200 && wanted(detail.body)) return detail.body;
  }
  throw new Error(`no order of ${JSON.stringify(filter)} fits`);
}

/** Reloads the stored user after a settings change made through the API (theme, language). */
async function applySettings(page, ...paths) {
  for (const p of paths) assert.equal((await apiAs(page, 'POST', p)).status < 300, true, p);
  await page.evaluate(async () => {
    const res = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` } });
    localStorage.setItem('portal.user', JSON.stringify(await res.json()));
  });
  await page.reload();
}

/** Shipped statuses the journeys meet, with their labels (contracts TRACKING_STATUS_LABELS). */
const STATUS = {
  95: { fr: 'En transit', en: 'In transit' },
  97: { fr: 'Anomalie de livraison', en: 'Delivery anomaly' },
  98: { fr: 'Livrée partiellement', en: 'Partially delivered' },
  100: { fr: 'Livrée', en: 'Delivered' },
};
const documentsTable = (page) => page.locator('#delivery-documents table');
const sectionNames = [
  'Alertes',
  'Transport',
  'Destinataire et expéditeur',
  'Dates',
  'Produits commandés et expédiés',
  'Colis',
  'Emballages',
  'Documents',
  'Historique des statuts et événements',
];

test('alice: a delivery with its sections, its delivery note downloaded as a PDF, in French and English', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await waitForOrders(page);
    const order = await findOrder(page, { status: Object.keys(STATUS).map(Number) }, (o) =>
      o.documents.some((d) => d.type === 'DELIVERY_NOTE'),
    );
    const note = order.documents.find((d) => d.type === 'DELIVERY_NOTE');

    await page.goto(`${ctx.base}/serialtracker/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Commande ${order.reference}` }).waitFor();
    for (const name of sectionNames) await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    await page.getByText(`Statut : ${STATUS[order.status].fr}`).waitFor();
    await page.locator('#delivery-transport').getByText(order.trackingNumbers[0]).waitFor();
    const platform = (await apiAs(page, 'GET', '/platforms')).body.find((p) => p.id === order.platformId);
    await page.locator('#delivery-transport').getByText(`${platform.code} – ${platform.label}`).waitFor();
    await page.locator('#delivery-products').getByRole('cell', { name: order.lines[0].articleReference }).waitFor();
    await page.locator('#delivery-parties').getByText(order.recipient.town, { exact: false }).first().waitFor();
    // Every status of the history is in the timeline, oldest first, in the user's time zone.
    const timeline = page.locator('#delivery-timeline tbody tr[data-kind=status]');
    assert.equal(await timeline.count(), order.history.length);
    assert.match(await page.locator('#delivery-timeline tbody tr td').first().textContent(), /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // alice has no document or classification right in the demo: no such buttons.
    assert.equal(await page.getByRole('button', { name: 'Classer manuellement' }).count(), 0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Télécharger ${note.name}` }).click(),
    ]);
    assert.equal(download.suggestedFilename(), note.name);
    const file = path.join(os.tmpdir(), `portal-${Date.now()}-${download.suggestedFilename()}`);
    await download.saveAs(file);
    assert.equal(fs.readFileSync(file).subarray(0, 5).toString('latin1'), '%PDF-');
    await axe(page, 'delivery detail, dark');
    await screenshot(page, 'delivery-detail-dark-fr');

    await applySettings(page, '/user/theme/light', '/user/language/en_US');
    await page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Ordered and shipped products' }).waitFor();
    await page.getByText(`Status: ${STATUS[order.status].en}`).waitFor();
    await axe(page, 'delivery detail, light');
    await screenshot(page, 'delivery-detail-light-en');
    await applySettings(page, '/user/theme/dark', '/user/language/fr_FR');
  } catch (error) {
    await screenshot(page, 'delivery-alice-failure');
    throw error;
  } finally {
    await page.close();
  }
});

test('admin: adds a PDF and deletes it, classifies a shipped delivery as delivered with a POD, removes the PODs, deletes the line', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'admin');
    await waitForOrders(page);
    const me = (await apiAs(page, 'GET', '/user/me')).body;
    // Shipped, not delivered (in transit first, the newest orders come first), and without a POD yet.
    const order = await findOrder(page, { status: [90, 95, 97] }, (o) => !o.documents.some((d) => d.type === 'POD'));
    await page.goto(`${ctx.base}/serialtracker/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Commande ${order.reference}` }).waitFor();

    // Add a document: a file of another type is refused before sending, then a PDF invoice.
    await page.getByRole('button', { name: 'Ajouter un document' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Nouveau document' });
    await addDialog.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await addDialog.getByText('Type de fichier refusé : PDF, JPEG ou PNG uniquement.').waitFor();
    await addDialog.getByRole('button', { name: 'Ajouter' }).click();
    await addDialog.getByText('Champ obligatoire').waitFor();
    await addDialog.getByLabel('Type de document').click();
    await page.getByRole('option', { name: 'Facture' }).click();
    await addDialog.locator('input[type=file]').setInputFiles({ name: 'facture-e2e.pdf', mimeType: 'application/pdf', buffer: PDF });
    await addDialog.getByRole('button', { name: 'Ajouter' }).click();
    await addDialog.waitFor({ state: 'detached' });
    const added = documentsTable(page).getByRole('row').filter({ hasText: 'facture-e2e.pdf' });
    await added.getByRole('cell', { name: 'Facture', exact: true }).waitFor();
    await screenshot(page, 'delivery-document-added-dark-fr');

    await page.getByRole('button', { name: 'Supprimer facture-e2e.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer le document' });
    await confirm.getByText('« facture-e2e.pdf »').waitFor();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    // The delete answered: the row alone may leave the table earlier, while the section reloads for
    // another reason (a full run once read the order before the delete was done).
    await page.getByText('Document supprimé.').waitFor();
    await added.waitFor({ state: 'detached' });
    const left = (await apiAs(page, 'GET', `/orders/${order.id}`)).body.documents;
    assert.ok(!left.some((d) => d.name === 'facture-e2e.pdf'), JSON.stringify(left));

    // Manual classification: a date less than 10 minutes ago is refused in the form.
    await page.getByRole('button', { name: 'Classer manuellement' }).click();
    const dialog = page.getByRole('dialog', { name: `Classement manuel de la commande ${order.reference}` });
    await dialog.getByRole('radio', { name: 'Livrée' }).check();
    // Typed as shown, DD/MM/YYYY HH:mm in the user's time zone.
    const at = /^Date et heure de livraison/;
    await typeDate(page, dialog, at, shownIn(new Date(Date.now() - 5 * 60_000), me.timezone));
    await dialog.getByText('La date de livraison doit être au moins 10 minutes dans le passé.').waitFor();
    await dialog.getByRole('button', { name: 'Classer' }).click();
    await page.waitForTimeout(500);
    assert.equal((await apiAs(page, 'GET', `/orders/${order.id}`)).body.status, order.status, 'nothing sent');
    await axe(page, 'classification dialog');
    await screenshot(page, 'delivery-classify-too-recent-dark-fr');

    await typeDate(page, dialog, at, shownIn(new Date(Date.now() - 60 * 60_000), me.timezone));
    await dialog.getByLabel('Commentaire', { exact: true }).fill('Remis au gardien, colis en bon état');
    await dialog.getByRole('radio', { name: 'Joint à l’historique' }).check();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'pod-e2e.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByText('pod-e2e.png').waitFor();
    await dialog.getByRole('button', { name: 'Classer' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByText('Statut : Livrée').waitFor();
    const pod = documentsTable(page).getByRole('row').filter({ hasText: 'pod-e2e.png' });
    await pod.getByRole('cell', { name: 'Preuve de livraison' }).waitFor();
    const manual = page.locator('#delivery-timeline tbody tr[data-source=manual]').filter({ hasText: 'Livrée' });
    await manual.getByText('Remis au gardien, colis en bon état').waitFor();
    await manual.getByText('Saisie manuelle').waitFor();
    assert.equal(
      await page.getByRole('button', { name: 'Classer manuellement' }).count(),
      0,
      'a delivered order cannot be classified again',
    );
    await screenshot(page, 'delivery-classified-dark-fr');

    // Remove the PODs, then again: nothing to remove.
    await page.getByRole('button', { name: 'Supprimer les preuves de livraison' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await pod.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Supprimer les preuves de livraison' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Rien à supprimer.' }).waitFor();

    // Delete the tracking line: back to the list, and the order is gone from the tracker.
    await page.getByRole('button', { name: 'Supprimer la ligne de suivi' }).click();
    const hide = page.getByRole('dialog', { name: 'Supprimer la ligne de suivi' });
    await hide.getByText(`Retirer la commande ${order.reference} du suivi ?`).waitFor();
    await hide.getByRole('button', { name: 'Supprimer' }).click();
    await page.waitForURL((url) => url.pathname === '/serialtracker');
    assert.equal((await apiAs(page, 'GET', `/orders/${order.id}`)).status, 404);
    await page.goto(`${ctx.base}/serialtracker/${order.id}`);
    await page.getByTestId('delivery-not-found').waitFor();
  } catch (error) {
    await screenshot(page, 'delivery-admin-failure');
    throw error;
  } finally {
    await page.close();
  }
});

test('bob (PGT_USER, DEMO-B only): no add, delete or classify buttons; another depositor’s order is not found', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await waitForOrders(page);
    const foreign = await findOrder(page, { depositor: 1 }, () => true);
    await page.evaluate(() => localStorage.clear());

    await loginToDashboard(page, ctx.base, 'bob');
    const own = await findOrder(page, { status: [90, 95, 100] }, (o) => o.documents.length > 0);
    assert.equal(own.depositorCode, 'DEMO-B');
    await page.goto(`${ctx.base}/pgt/${own.id}`);
    await page.getByRole('heading', { level: 1, name: `Commande ${own.reference}` }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Documents' }).waitFor();
    await page.getByRole('button', { name: `Télécharger ${own.documents[0].name}` }).waitFor();
    for (const name of [
      'Ajouter un document',
      'Supprimer les preuves de livraison',
      'Classer manuellement',
      'Supprimer la ligne de suivi',
    ]) {
      assert.equal(await page.getByRole('button', { name }).count(), 0, name);
    }
    assert.equal(await page.getByRole('button', { name: /^Supprimer / }).count(), 0);

    await page.goto(`${ctx.base}/pgt/${foreign.id}`);
    await page.getByTestId('delivery-not-found').getByRole('heading', { name: 'Livraison ou commande introuvable.' }).waitFor();
    await page.getByRole('link', { name: 'Retour à la liste' }).waitFor();
    assert.equal(await page.getByText(foreign.reference).count(), 0);
    // A typed address carries only the internal id, which means nothing to a user: never shown.
    const notFound = await page.getByTestId('delivery-not-found').innerText();
    assert.match(notFound, /Cette commande n’existe pas ou n’appartient pas à l’un de vos déposants\./);
    assert.ok(!notFound.includes(String(foreign.id)), notFound);
    await screenshot(page, 'delivery-not-found-dark-fr');
    await page.getByRole('link', { name: 'Retour à la liste' }).click();
    await page.waitForURL(/\/pgt(\?.*)?$/);
  } catch (error) {
    await screenshot(page, 'delivery-bob-failure');
    throw error;
  } finally {
    await page.close();
  }
});

test('alice finds a delivery by its carrier tracking number; its timeline is newest first under the progress summary, the number links to the carrier', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await waitForOrders(page);
    // A Colissimo delivery (its carrier has a public tracking page in the demo carrier settings) with carrier events.
    const order = await findOrder(page, { status: [100] }, (o) => o.carrierCode === 'COLISSIMO' && o.tracerEvents.length > 0);
    const number = order.parcels[0].trackingNumber;

    // alice has the tracker number search right: the carrier's number finds the delivery.
    await page.goto(`${ctx.base}/pgt`);
    await page.getByRole('search').waitFor();
    await page.getByText(/de bordereau et de suivi/).waitFor();
    await page.getByLabel('N° de commande ou de livraison').fill(number);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const row = page.locator(`[data-testid=orders-table] tbody tr[data-order-id="${order.id}"]`);
    await row.waitFor();
    assert.equal(await page.locator('[data-testid=orders-table] tbody tr[data-order-id]').count(), 1);
    await row.locator('td:first-child a').click();
    await page.getByRole('heading', { level: 1, name: `Commande ${order.reference}` }).waitFor();

    // The progress summary: every step reached, delivered the current one, the promised date.
    const steps = page.getByTestId('progress-step');
    assert.deepEqual(
      await steps.evaluateAll((els) => els.map((el) => [el.dataset.step, el.dataset.reached, el.getAttribute('aria-current')])),
      [
        ['ordered', 'true', null],
        ['prepared', 'true', null],
        ['shipped', 'true', null],
        ['delivered', 'true', 'step'],
      ],
    );
    await page
      .getByTestId('promised-date')
      .getByText(/^Livraison promise le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
      .waitFor();

    // Newest first: the first row is the latest of the history and the carrier events.
    const shown = await page.locator('#delivery-timeline tbody tr td:first-child').allTextContents();
    const parse = (text) => {
      const [, d, m, y, hh, mm] = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(text);
      return `${y}${m}${d}${hh}${mm}`;
    };
    assert.deepEqual(shown.map(parse), [...shown.map(parse)].sort().reverse());
    assert.equal(shown.length, order.history.length + order.tracerEvents.length);

    // The tracking number opens the carrier's page in a new tab, without giving it this page.
    const link = page.locator('#delivery-parcels').getByRole('link', { name: new RegExp(number) });
    assert.equal(await link.getAttribute('href'), `https://www.laposte.fr/outils/suivre-vos-envois?code=${encodeURIComponent(number)}`);
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    await page
      .locator('#delivery-transport')
      .getByRole('link', { name: new RegExp(number) })
      .waitFor();
    await page.locator('#delivery-timeline').scrollIntoViewIfNeeded();
    await screenshot(page, 'delivery-progress-dark-fr');
    await axe(page, 'delivery progress, dark');

    await applySettings(page, '/user/theme/light', '/user/language/en_US');
    await page.getByText('Delivery promised on', { exact: false }).waitFor();
    await page.getByTestId('progress-step').filter({ hasText: 'Delivered' }).waitFor();
    await page.locator('#delivery-timeline').scrollIntoViewIfNeeded();
    await screenshot(page, 'delivery-progress-light-en');
    await applySettings(page, '/user/theme/dark', '/user/language/fr_FR');
  } catch (error) {
    await screenshot(page, 'delivery-progress-failure');
    throw error;
  } finally {
    await page.close();
  }
});
