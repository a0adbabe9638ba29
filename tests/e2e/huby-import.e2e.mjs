// Huby order import in the browser: from the shipment list to the import screen, the sample file
// downloaded and sent back with a template's example line put in it, the simulation table (the example
// line refused with its key and line, filtered by status), the import skipping the refused line, the
// report downloaded. French, dark; then the XLSX sample imported as it is, in English, light.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();

/** Clicks `button` and answers the path of the file the browser downloads. */
async function downloaded(page, button) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { path: await download.path(), name: download.suggestedFilename() };
}

test('alice: imports the CSV sample through simulation to result', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await page.goto(`${ctx.base}/dashtower`);
    // Clicked once the page's answers are in (a banner arriving later moves the links: admin-transport).
    await quiet(page);
    await page.getByRole('link', { name: 'Importer des commandes' }).click();
    await page.getByRole('heading', { name: 'Import de commandes' }).waitFor();

    const sample = await downloaded(page, page.getByRole('button', { name: 'Fichier exemple CSV' }));
    assert.equal(sample.name, 'huby-import-sample.csv');
    const rows = fs.readFileSync(sample.path, 'utf8').split('\r\n');
    assert.match(rows[0], /^\uFEFFline_type;depositor_code;/);
    // A line of another template's example (spec §5: refused until removed) put before the orders.
    const example = rows[1].replace(/^ORDER;/, 'EXAMPLE;');
    await page.getByTestId('import-file').setInputFiles({
      name: 'commandes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([rows[0], example, ...rows.slice(1)].join('\r\n')),
    });

    const summary = page.getByTestId('import-summary');
    await summary.filter({ hasText: 'Simulation de' }).waitFor();
    assert.match(await summary.innerText(), /commandes à créer : 2, lignes refusées : 1,/);
    const refused = page.locator('tr[data-status="refused"]');
    // The summary comes with the simulation, its lines with the next call: waited for, then counted.
    await refused.first().waitFor();
    assert.equal(await refused.count(), 1);
    assert.match(await refused.innerText(), /^2\s+Refusée[\s\S]*Type de ligne inconnu/);
    assert.equal(await page.getByRole('button', { name: 'Importer', exact: true }).isDisabled(), true);
    await axe(page, 'huby import simulation dark fr');
    await screenshot(page, 'huby-import-simulation-dark-fr');

    // Only the refused lines, then all again.
    await page.getByRole('combobox', { name: 'Statut' }).click();
    await page.getByRole('option', { name: /Refusée \(1\)/ }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.locator('tbody tr[data-status="create"]').first().waitFor({ state: 'detached' });
    assert.equal(await page.locator('tbody tr[data-status]').count(), 1);
    await page.getByRole('combobox', { name: 'Statut' }).click();
    await page.getByRole('option', { name: 'Tous les statuts' }).click();

    await page.getByRole('button', { name: 'Importer en ignorant les lignes refusées' }).click();
    await summary.filter({ hasText: 'terminé' }).waitFor();
    assert.match(await summary.innerText(), /5 lignes importées, 0 déjà présentes, 1 refusées/);
    await page.locator('tr[data-status="imported"]').first().waitFor();
    await screenshot(page, 'huby-import-result-dark-fr');
    const report = await downloaded(page, page.getByRole('button', { name: 'Télécharger le rapport (CSV)' }));
    const lines = fs
      .readFileSync(report.path, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(report.name, 'commandes-report.csv');
    assert.equal(lines[0], 'line;status;key;reason;reference;what');
    assert.equal(lines.length, 8);
    assert.equal(lines.filter((l) => /^\d+;imported;/.test(l)).length, 5);

    // The orders are in the waiting tab.
    const reference = lines.find((l) => /^3;imported;/.test(l)).split(';')[4];
    const list = await apiAs(
      page,
      'GET',
      `/dashtower/orders?filter=${encodeURIComponent(JSON.stringify({ tab: 'waiting', q: reference }))}`,
    );
    assert.equal(list.body.length, 1);
  } finally {
    await page.close();
  }
});

test('alice (English, light): the XLSX sample simulated and imported as it is', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await apiAs(page, 'POST', '/user/language/en_US');
    await apiAs(page, 'POST', '/user/theme/light');
    await page.evaluate(() => localStorage.setItem('portal.theme', 'light'));
    await page.goto(`${ctx.base}/dashtower/import`);
    await page.getByRole('heading', { name: 'Order import' }).waitFor();
    const sample = await downloaded(page, page.getByRole('button', { name: 'Sample XLSX file' }));
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'orders.xlsx', mimeType: 'application/octet-stream', buffer: fs.readFileSync(sample.path) });
    const summary = page.getByTestId('import-summary');
    await summary.filter({ hasText: 'Simulation of' }).waitFor();
    assert.match(await summary.innerText(), /orders to create: 2, lines refused: 0,/);
    await axe(page, 'huby import simulation light en');
    await screenshot(page, 'huby-import-simulation-light-en');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await summary.filter({ hasText: 'done' }).waitFor();
    assert.match(await summary.innerText(), /5 lines imported/);
    await screenshot(page, 'huby-import-result-light-en');
  } finally {
    await apiAs(page, 'POST', '/user/language/fr_FR');
    await apiAs(page, 'POST', '/user/theme/dark');
    await page.close();
  }
});
