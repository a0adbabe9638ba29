// Pack and Go Tracer: search by reference, next results, deep link, delivery detail, too-wide date
// range (export offered, nothing fetched), CSV export, a shared search profile used by a coworker.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();

const ROWS = '[data-testid=orders-table] tbody tr[data-order-id]';
const PROFILE = `Livrées DEMO-B ${Date.now()}`;

/** The demo orders load in the background after start: ask the API until it answers rows. */
async function firstOrders(page, filter = '', timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await apiAs(page, 'GET', `/orders?range=${encodeURIComponent('[0,4]')}${filter}`);
    if (answer.status === 200 && answer.body.length) return answer.body;
    if (Date.now() > deadline) throw new Error(`no demo orders: ${answer.status}`);
    await page.waitForTimeout(2_000);
  }
}

const references = (page) => page.locator(`${ROWS} td:first-child a`).allTextContents();

/**
 * Waits until the rows shown satisfy `check` (the URL changes before React shows the new search,
 * so rows of the previous one may still be on screen for a moment). Answers the rows' facts.
 */
async function rowsWhen(page, check, timeout = 30_000) {
  const read = () =>
    page.locator(ROWS).evaluateAll((rows) =>
      rows.map((r) => ({
        reference: r.querySelector('td:first-child a')?.textContent ?? '',
        depositor: r.querySelector('[data-depositor]')?.textContent ?? '',
        status: r.querySelector('[data-status]')?.getAttribute('data-status') ?? '',
      })),
    );
  const deadline = Date.now() + timeout;
  for (;;) {
    const rows = await read();
    if (check(rows)) return rows;
    if (Date.now() > deadline) throw new Error(`rows never matched: ${JSON.stringify(rows.slice(0, 5))}`);
    await page.waitForTimeout(200);
  }
}
const filterOf = (page) => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? 'null');

async function pick(page, label, option) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function download(page, trigger) {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const target = path.join(os.tmpdir(), `portal-${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(target);
  return target;
}

test('alice: search by reference, next results, detail, too-wide range, CSV export, shared profile', async () => {
  const page = await newTab(ctx);
  try {
    await aliceJourney(page);
  } catch (error) {
    await screenshot(page, 'pgt-failure');
    throw error;
  }
});

async function aliceJourney(page) {
  await loginToDashboard(page, ctx.base, 'alice');
  // The latest warehouse order (CMD…): its reference prefix is shared by many (Huby shipments in tracking have few).
  const [latest] = await firstOrders(page, `&filter=${encodeURIComponent(JSON.stringify({ q: 'CMD' }))}`);
  const prefix = latest.reference.slice(0, 8);

  // Search by a reference prefix: a deep link, 25 rows, each matching.
  await page.goto(`${ctx.base}/pgt`);
  await page.getByRole('search').waitFor();
  await page.getByLabel('N° de commande ou de livraison').fill(prefix);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.waitForURL(/\/pgt\?filter=/);
  assert.equal(filterOf(page).q, prefix);
  const first = (await rowsWhen(page, (rows) => rows.length === 25 && rows.every((r) => r.reference.startsWith(prefix)))).map(
    (r) => r.reference,
  );
  await page.getByText('25 commandes affichées').waitFor();
  await axe(page, 'pgt search dark fr');
  await screenshot(page, 'pgt-search-dark-fr');

  // The URL alone gives the same search back.
  await page.reload();
  await page.locator(ROWS).nth(24).waitFor();
  assert.deepEqual(await references(page), first);

  // "Next results" appends the following page (keyset: no page numbers, no count).
  await page.getByRole('button', { name: 'Résultats suivants' }).click();
  await page.locator(ROWS).nth(49).waitFor();
  const both = await references(page);
  assert.deepEqual(both.slice(0, 25), first);
  assert.equal(new Set(both).size, both.length);
  assert.ok(both.every((r) => r.startsWith(prefix)));
  await page.getByText('50 commandes affichées').waitFor();

  // A row opens the delivery detail; back on the list, the pages loaded are still there.
  const id = await page.locator(ROWS).nth(30).getAttribute('data-order-id');
  await page.locator(`${ROWS} td:first-child a`).nth(30).click();
  await page.waitForURL(new RegExp(`/pgt/${id}$`));
  await page.goBack();
  await page.waitForURL(/\/pgt\?filter=/);
  await page.locator(ROWS).nth(49).waitFor();
  assert.deepEqual(await references(page), both);

  // CSV of the current search: header row, then only rows of the search.
  const csv = await download(page, page.getByRole('button', { name: 'Export CSV' }));
  const lines = fs
    .readFileSync(csv, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
  assert.ok(lines[0].startsWith('Déposant;Commande;'), lines[0]);
  assert.ok(lines.length > 26, `lines: ${lines.length}`);
  assert.ok(
    lines.slice(1).every((l) => l.split(';')[1].startsWith(prefix)),
    lines[1],
  );

  // A range over 93 days is not fetched: the export is offered instead.
  const listCalls = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/orders') listCalls.push(r.url());
  });
  await pick(page, 'Période', 'Année en cours');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.waitForURL((url) => url.searchParams.get('filter')?.includes('"period":"year"'));
  const notice = page.getByTestId('too-wide');
  await notice.waitFor();
  await notice.getByText('Période trop longue pour l’affichage').waitFor();
  await notice.getByRole('button', { name: 'Export XLSX' }).waitFor();
  await page.waitForTimeout(1_000);
  assert.deepEqual(listCalls, []);
  assert.equal(await page.locator(ROWS).count(), 0);
  await axe(page, 'pgt too wide dark fr');
  await screenshot(page, 'pgt-too-wide-dark-fr');

  // Shared profile: a search of DEMO-B (bob's only depositor) shared with coworkers. The server
  // offers a shared profile to the coworkers who see every depositor its filter names.
  await page.goto(`${ctx.base}/pgt?filter=${encodeURIComponent('{}')}`);
  await page.locator(ROWS).first().waitFor();
  await pick(page, 'Déposant', 'DEMO-B');
  await pick(page, 'Statut', 'Livrée');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.waitForURL((url) => url.searchParams.get('filter')?.includes('"status":[100]'));
  await rowsWhen(page, (rows) => rows.length > 0 && rows.every((r) => r.status === '100' && r.depositor === 'DEMO-B'));
  await page.getByRole('button', { name: 'Enregistrer la recherche' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom du profil').fill(PROFILE);
  await dialog.getByLabel('Partager avec mes collègues').check();
  await dialog.getByLabel(/Profil par défaut/).check();
  await axe(page, 'pgt profile dialog dark fr');
  await screenshot(page, 'pgt-profile-dialog-dark-fr');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText(`Profil « ${PROFILE} » enregistré.`).waitFor();
  const saved = (await apiAs(page, 'GET', '/tracking-profiles')).body.find((p) => p.name === PROFILE);
  assert.deepEqual(saved.depositorIds, [2]);

  // The default profile is applied when the search opens without criteria.
  await page.goto(`${ctx.base}/pgt`);
  await page.waitForURL((url) => url.searchParams.get('filter')?.includes('"status":[100]'));
  await page.locator(ROWS).first().waitFor();
  assert.equal(await page.getByLabel('Profil de recherche').textContent(), PROFILE);
  await page.close();
}

test('bob (DEMO-B only) uses alice’s shared profile and never sees DEMO-A', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'bob');
    await firstOrders(page);
    await page.goto(`${ctx.base}/pgt?filter=${encodeURIComponent('{}')}`);
    const all = await rowsWhen(page, (rows) => rows.length === 25);
    assert.deepEqual([...new Set(all.map((r) => r.depositor))], ['DEMO-B']);

    await page.getByLabel('Profil de recherche').click();
    await page.getByRole('option', { name: new RegExp(PROFILE) }).click();
    await page.waitForURL((url) => url.searchParams.get('filter')?.includes('"status":[100]'));
    await page.getByText('Profil partagé par un collègue').waitFor();
    // His results obey the profile's criteria, within his own scope.
    const delivered = await rowsWhen(page, (rows) => rows.length > 0 && rows.every((r) => r.status === '100'));
    assert.deepEqual([...new Set(delivered.map((r) => r.depositor))], ['DEMO-B']);
    await screenshot(page, 'pgt-bob-shared-profile-dark-fr');

    // Not even a search by DEMO-A's reference prefix shows one of its orders.
    await page.getByLabel('N° de commande ou de livraison').fill('CMD1');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByText('Aucune commande ne correspond à ces critères.').waitFor();
    assert.equal(await page.locator(ROWS).count(), 0);
    // A coworker's profile can be applied, never changed.
    assert.equal(await page.getByRole('button', { name: 'Supprimer' }).count(), 0);
  } catch (error) {
    await screenshot(page, 'pgt-bob-failure');
    throw error;
  } finally {
    await page.close();
  }
});

test('alice removes her profile; the English, light-theme screen', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'alice');
  try {
    await apiAs(page, 'POST', '/user/language/en_US');
    await apiAs(page, 'POST', '/user/theme/light');
    await page.goto(`${ctx.base}/pgt`);
    await page.reload();
    await page.waitForURL((url) => url.searchParams.get('filter')?.includes('"status":[100]'));
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Profile “${PROFILE}” deleted.`).waitFor();
    await page.getByRole('button', { name: 'Advanced search' }).click();
    await page.getByLabel('Serial number').waitFor();
    await page.locator(ROWS).first().waitFor();
    await page.getByRole('columnheader', { name: 'Order / delivery' }).waitFor();
    await axe(page, 'pgt search light en');
    await screenshot(page, 'pgt-search-light-en');
    const profiles = await apiAs(page, 'GET', '/tracking-profiles');
    assert.ok(!profiles.body.some((p) => p.name === PROFILE));
  } finally {
    await apiAs(page, 'POST', '/user/language/fr_FR');
    await apiAs(page, 'POST', '/user/theme/dark');
    await page.close();
  }
});
