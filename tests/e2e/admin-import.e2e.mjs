// Back-office data import in the browser (French, dark): from /admin to "Import de données", the
// depositors sample downloaded, a file with a refused line simulated in the shared simulation table,
// the import refused lines skipped, the depositor then listed; the addresses kind chosen by its tab.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();

async function downloaded(page, button) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { path: await download.path(), name: download.suggestedFilename() };
}

test('admin: imports depositors through simulation to result, then opens the addresses kind', async () => {
  const page = await newTab(ctx);
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  try {
    await loginToDashboard(page, ctx.base, 'admin');
    await page.goto(`${ctx.base}/admin`);
    // Clicked once the page's answers are in (a banner arriving later moves the areas: admin-transport).
    await quiet(page);
    await page.locator('[data-admin-area="imports"]').getByRole('link').click();
    await page.getByRole('heading', { name: 'Import de données' }).waitFor();
    await page.getByRole('tab', { name: 'Déposants' }).click();
    await page.waitForURL(/\/admin\/imports\/depositors$/);

    const sample = await downloaded(page, page.getByRole('button', { name: 'Fichier exemple CSV' }));
    assert.equal(sample.name, 'import-depositors-sample.csv');
    const header = fs
      .readFileSync(sample.path, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0];
    assert.equal(header, 'code;label;action_delay_on_address');
    const file = `${header}\n${code};Déposant ${code};30\nmauvais code;Refusé;\n`;
    await page.getByTestId('import-file').setInputFiles({ name: 'deposants.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });

    const summary = page.getByTestId('import-summary');
    await summary.filter({ hasText: 'Simulation de' }).waitFor();
    assert.match(await summary.innerText(), /lignes à créer ou mettre à jour : 1, lignes refusées : 1/);
    // The lines' table comes with its own read, possibly after the summary.
    await page.locator('tr[data-status="create"]').waitFor();
    await page.locator('tr[data-status="refused"]').waitFor();
    assert.equal(await page.locator('tr[data-status="refused"]').count(), 1);
    assert.equal(await page.locator('tr[data-status="create"]').count(), 1);
    assert.equal(await page.getByRole('button', { name: 'Importer', exact: true }).isDisabled(), true);
    await axe(page, 'admin import simulation dark fr');
    await screenshot(page, 'admin-import-simulation-dark-fr');

    await page.getByRole('button', { name: 'Importer en ignorant les lignes refusées' }).click();
    await summary.filter({ hasText: 'terminé' }).waitFor();
    assert.match(await summary.innerText(), /1 lignes importées, 0 déjà présentes, 1 refusées/);
    await page.locator('tr[data-status="imported"]').first().waitFor();
    await screenshot(page, 'admin-import-result-dark-fr');
    const list = await apiAs(page, 'GET', `/admin/depositors?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`);
    assert.equal(list.body.length, 1);
    assert.equal(list.body[0].label, `Déposant ${code}`);

    await page.getByRole('tab', { name: 'Adresses' }).click();
    await page.waitForURL(/\/admin\/imports\/addresses$/);
    // The file's columns, each in words beside the name its header must hold.
    await page.locator('tr[data-column="depositor_code"]').first().waitFor({ state: 'attached' });
    await page.locator('tr[data-column="book"]').first().waitFor({ state: 'attached' });
    assert.equal(await page.getByTestId('import-summary').count(), 0);
    await axe(page, 'admin import addresses dark fr');
    await screenshot(page, 'admin-import-addresses-dark-fr');
  } finally {
    await page.close();
  }
});
