// Tracer Route: deliveries by status, manual status change (and its refusal), carrier information,
// an event; bulk POD actions (zip of PODs, mark delivered) for a USER_BULK_POD user; bob refused.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import JSZip from 'jszip';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';
import { shownDate, typeDate } from './support/dates.mjs';

const ctx = useJourney();

const ROWS = '[data-testid=orders-table] tbody tr[data-order-id]';
const q = (value) => encodeURIComponent(JSON.stringify(value));

/** The demo orders load in the background after start: ask the API until it answers rows. */
async function waitForDemo(page, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await apiAs(page, 'GET', `/tracerroute?range=${q([0, 0])}`);
    if (answer.status === 200 && answer.body.length) return;
    if (Date.now() > deadline) throw new Error(`no demo deliveries: ${answer.status}`);
    await page.waitForTimeout(2_000);
  }
}

/** Waits until the rows shown satisfy `check` (the URL changes before the new rows show). */
async function rowsWhen(page, check, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const rows = await page.locator(ROWS).evaluateAll((trs) =>
      trs.map((r) => ({
        id: Number(r.dataset.orderId),
        reference: r.querySelector('td a')?.textContent ?? '',
        tracerStatus: r.querySelector('[data-tracer-status]')?.getAttribute('data-tracer-status') ?? '',
      })),
    );
    if (check(rows)) return rows;
    if (Date.now() > deadline) throw new Error(`rows never matched: ${JSON.stringify(rows.slice(0, 5))}`);
    await page.waitForTimeout(200);
  }
}

const row = (page, reference) => page.locator(ROWS).filter({ has: page.getByRole('link', { name: reference, exact: true }) });

async function openAction(page, reference, action) {
  await page.getByRole('button', { name: `Actions sur ${reference}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
  return page.getByRole('dialog');
}

async function choose(page, scope, label, option) {
  await scope.getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const detail = async (page, id) => (await apiAs(page, 'GET', `/orders/${id}`)).body;

/** The count each tab shows, by status (ALL for "all"), once the server answered them. */
async function tabCounts(page) {
  await page.locator('[data-tracer-tab=ALL] [data-count]').waitFor();
  return page
    .locator('[data-tracer-tab]')
    .evaluateAll((tabs) =>
      Object.fromEntries(
        tabs.map((t) => [t.getAttribute('data-tracer-tab'), Number(t.querySelector('[data-count]')?.getAttribute('data-count'))]),
      ),
    );
}

test('alice: a status tab, a manual status change and its refusal, carrier information, an event; no bulk actions', async () => {
  const page = await newTab(ctx);
  try {
    await aliceJourney(page);
  } catch (error) {
    await screenshot(page, 'tracerroute-failure');
    throw error;
  } finally {
    await page.close();
  }
});

async function aliceJourney(page) {
  await loginToDashboard(page, ctx.base, 'alice');
  await waitForDemo(page);
  await page.goto(`${ctx.base}/tracerroute`);
  await page.waitForURL(/\/tracerroute\?filter=/);
  await rowsWhen(page, (rows) => rows.length > 0);

  // Deliveries of one Tracer Route status, from its tab (a deep link).
  await page.getByRole('tab', { name: 'Retour expéditeur' }).click();
  await page.waitForURL((url) => url.searchParams.get('filter')?.includes('"tracerStatus":"SENDER_RETURN"'));
  const returned = await rowsWhen(page, (rows) => rows.length > 0 && rows.every((r) => r.tracerStatus === 'SENDER_RETURN'));
  await axe(page, 'tracerroute dark fr');
  await screenshot(page, 'tracerroute-status-tab-dark-fr');

  // Each tab shows its count from the server; the counts of this search add up to "all".
  const before = await tabCounts(page);
  const counted = (await apiAs(page, 'GET', `/tracerroute/counts?filter=${q({})}`)).body;
  assert.deepEqual(before, { ALL: counted.total, ...counted.counts });

  // Manual status change with a private comment: the row leaves this tab at once, the counts follow.
  const target = returned[0];
  let dialog = await openAction(page, target.reference, 'Changer le statut');
  await choose(page, dialog, 'Nouveau statut', 'Anomalie transporteur');
  await dialog.getByLabel('Commentaire', { exact: true }).fill('Adresse introuvable, rappel du destinataire');
  await dialog.getByRole('radio', { name: /^Privé/ }).check();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await axe(page, 'tracerroute status dialog dark fr');
  await screenshot(page, 'tracerroute-status-dialog-dark-fr');
  await dialog.getByRole('button', { name: 'Changer le statut' }).click();
  await page.getByText(`Statut de ${target.reference} modifié.`).waitFor();
  await row(page, target.reference).waitFor({ state: 'detached' });
  await page.waitForFunction(
    ([n]) => document.querySelector('[data-tracer-tab=ANOMALY_CARRIER] [data-count]')?.getAttribute('data-count') === String(n),
    [before.ANOMALY_CARRIER + 1],
  );
  const after = await tabCounts(page);
  assert.equal(after.SENDER_RETURN, before.SENDER_RETURN - 1);
  assert.equal(after.ALL, before.ALL);
  const changed = await detail(page, target.id);
  assert.equal(changed.tracerStatus, 'ANOMALY_CARRIER');
  // Recorded in the timeline as a status change, its private comment kept for its author.
  assert.deepEqual(
    changed.history.filter((h) => h.tracerStatus === 'ANOMALY_CARRIER').map((h) => [h.source, h.comment]),
    [['manual', 'Adresse introuvable, rappel du destinataire']],
  );
  await page.getByRole('tab', { name: 'Anomalie transporteur' }).click();
  await row(page, target.reference).locator('[data-tracer-status=ANOMALY_CARRIER]').waitFor();
  // The tab's list and counts are read: the page is still before a dialog opens over it.
  await quiet(page);

  // A Tracer Route event on the same delivery.
  dialog = await openAction(page, target.reference, 'Ajouter un événement');
  await choose(page, dialog, 'Type d’événement', 'Nouveau rendez-vous');
  await dialog.getByLabel('Note publique').fill('Livraison reprogrammée avec le destinataire');
  await dialog.getByLabel('Note privée').fill('Client mécontent');
  await dialog.getByRole('button', { name: 'Ajouter' }).click();
  await page.getByText(`Événement ajouté à ${target.reference}.`).waitFor();
  const events = (await detail(page, target.id)).tracerEvents;
  assert.ok(
    events.some((e) => e.type === 'NEW_APPOINTMENT' && e.publicNote === 'Livraison reprogrammée avec le destinataire'),
    JSON.stringify(events),
  );

  // A delivery still at the warehouse has no Tracer Route status to change: the server's refusal shows.
  await page.getByRole('tab', { name: 'En attente' }).click();
  const waiting = await rowsWhen(page, (rows) => rows.length > 0 && rows.every((r) => r.tracerStatus === 'WAITING'));
  const early = waiting[0];
  dialog = await openAction(page, early.reference, 'Changer le statut');
  await choose(page, dialog, 'Nouveau statut', 'Livrée');
  await dialog.getByRole('button', { name: 'Changer le statut' }).click();
  await dialog.getByRole('alert').getByText('Mise à jour du statut impossible.').waitFor();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  assert.equal((await detail(page, early.id)).tracerStatus, 'WAITING');

  // Carrier information entered by hand.
  dialog = await openAction(page, early.reference, 'Informations transporteur');
  await dialog.getByLabel(/^Transporteur/).fill('Geodis');
  await dialog.getByLabel('Code transporteur').fill('geodis');
  assert.equal(await dialog.getByLabel('Code transporteur').inputValue(), 'GEODIS');
  await dialog.getByLabel('N° de suivi').fill('GEO0012345678');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText(`Informations transporteur de ${early.reference} enregistrées.`).waitFor();
  const carried = await detail(page, early.id);
  assert.equal(carried.carrierName, 'Geodis');
  assert.ok(carried.trackingNumbers.includes('GEO0012345678'), carried.trackingNumbers.join(','));

  // No USER_BULK_POD: neither row selection nor bulk buttons.
  assert.equal(await page.getByRole('button', { name: 'Preuves de livraison (zip)' }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Marquer livrées' }).count(), 0);
  assert.equal(await page.locator(`${ROWS} input[type=checkbox]`).count(), 0);
}

test('admin (bulk POD actions): the PODs of two deliveries as one zip, then deliveries marked delivered', async () => {
  const page = await newTab(ctx);
  try {
    await bulkJourney(page);
  } catch (error) {
    await screenshot(page, 'tracerroute-bulk-failure');
    throw error;
  } finally {
    await page.close();
  }
});

async function bulkJourney(page) {
  await loginToDashboard(page, ctx.base, 'admin');
  await waitForDemo(page);

  // Delivered, oldest first: the demo PODs are on the oldest deliveries.
  await page.goto(`${ctx.base}/tracerroute?filter=${q({ tracerStatus: 'DELIVERED' })}`);
  await rowsWhen(page, (rows) => rows.length === 25);
  await page.getByRole('button', { name: 'Commandée le' }).click();
  await page.waitForURL(/order=ASC/);
  const oldest = (await apiAs(page, 'GET', `/tracerroute?filter=${q({ tracerStatus: 'DELIVERED' })}&sort=${q(['createdAt', 'ASC'])}`)).body;
  const delivered = await rowsWhen(page, (rows) => rows.map((r) => r.id).join() === oldest.map((o) => o.id).join());
  const withPod = [];
  for (const r of delivered) {
    if ((await detail(page, r.id)).documents.some((d) => d.type === 'POD')) withPod.push(r);
    if (withPod.length === 2) break;
  }
  assert.equal(withPod.length, 2, 'two delivered deliveries with a POD');
  for (const r of withPod) await page.getByRole('checkbox', { name: `Sélectionner ${r.reference}` }).check();
  await page.getByText('2 livraisons sélectionnées').waitFor();
  await axe(page, 'tracerroute bulk dark fr');
  await screenshot(page, 'tracerroute-bulk-dark-fr');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Preuves de livraison (zip)' }).click(),
  ]);
  const target = path.join(os.tmpdir(), `portal-${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(target);
  assert.match(file.suggestedFilename(), /^pods-.*\.zip$/);
  const zip = await JSZip.loadAsync(fs.readFileSync(target));
  const entries = Object.values(zip.files).filter((f) => !f.dir);
  for (const r of withPod)
    assert.ok(
      entries.some((e) => e.name.startsWith(`${r.reference}/`)),
      Object.keys(zip.files).join(','),
    );
  assert.ok((await entries[0].async('uint8array')).length > 100);

  // Mark delivered: one on its way, one still at the warehouse (refused, with its reason).
  await page.goto(`${ctx.base}/tracerroute?filter=${q({})}`);
  const all = (await apiAs(page, 'GET', `/tracerroute?filter=${q({})}&range=${q([0, 99])}`)).body;
  const onItsWay = all.find((o) => o.status === 95 || o.status === 90);
  const atWarehouse = all.find((o) => o.status >= 0 && o.status < 90);
  assert.ok(onItsWay && atWarehouse, 'an open shipped delivery and one not shipped');
  for (const r of [onItsWay, atWarehouse]) {
    while ((await row(page, r.reference).count()) === 0) {
      const shown = await page.locator(ROWS).count();
      await page.getByRole('button', { name: 'Résultats suivants' }).click();
      await rowsWhen(page, (rows) => rows.length > shown);
    }
    await page.getByRole('checkbox', { name: `Sélectionner ${r.reference}` }).check();
  }
  const posts = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/tracerroute/delivered') && posts.push(r.url()));
  await page.getByRole('button', { name: 'Marquer livrées' }).click();
  const dialog = page.getByRole('dialog');
  const label = /^Date et heure de livraison/;
  const suggested = await shownDate(dialog, 'tracer-delivered-at');
  assert.match(suggested, /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await typeDate(page, dialog, label, '01/01/2099 10:00');
  assert.equal(await shownDate(dialog, 'tracer-delivered-at'), '01/01/2099 10:00');
  await dialog.getByRole('button', { name: 'Marquer livrées' }).click();
  await dialog.getByText('La date de livraison doit être au moins 10 minutes dans le passé.').waitFor();
  assert.deepEqual(posts, []);
  await typeDate(page, dialog, label, suggested);
  await dialog.getByRole('button', { name: 'Marquer livrées' }).click();
  const result = dialog.getByTestId('delivered-result');
  await result.getByText('1 livraison marquée livrée').waitFor();
  await result.getByText(`${atWarehouse.reference} : Impossible de classer la livraison en livrée.`).waitFor();
  await screenshot(page, 'tracerroute-delivered-dark-fr');
  assert.equal(posts.length, 1);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await row(page, onItsWay.reference).locator('[data-tracer-status=DELIVERED]').waitFor();
  const marked = await detail(page, onItsWay.id);
  assert.equal(marked.status, 100);
  assert.ok(Date.now() - Date.parse(marked.deliveredAt) >= 10 * 60_000, marked.deliveredAt);
  assert.equal((await detail(page, atWarehouse.id)).status, atWarehouse.status);
}

test('English and light theme; bob (no TRACERROUTE_USER) is refused the page', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await apiAs(page, 'POST', '/user/language/en_US');
    await apiAs(page, 'POST', '/user/theme/light');
    await page.goto(`${ctx.base}/tracerroute?filter=${q({ tracerStatus: 'DELIVERED' })}`);
    await page.reload();
    // The tab reads its count after its name ("Delivered 1,234"), not "Delivered partial".
    await page.getByRole('tab', { name: /^Delivered[\s\d,.\u202f]*$/ }).waitFor();
    await rowsWhen(page, (rows) => rows.length > 0);
    await page.getByRole('columnheader', { name: 'Tracer Route status' }).waitFor();
    await axe(page, 'tracerroute light en');
    await screenshot(page, 'tracerroute-light-en');
  } finally {
    await apiAs(page, 'POST', '/user/language/fr_FR');
    await apiAs(page, 'POST', '/user/theme/dark');
    await page.close();
  }

  const bob = await newTab(ctx);
  try {
    await loginToDashboard(bob, ctx.base, 'bob');
    await bob.goto(`${ctx.base}/tracerroute`);
    await bob.getByTestId('permission-denied').waitFor();
    assert.equal((await apiAs(bob, 'GET', '/tracerroute')).status, 403);
  } finally {
    await bob.close();
  }
});
