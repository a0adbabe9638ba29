// My Stocks and My Items: lists over the demo stock, movements by period, item sheet, exports, depositor scope.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();
const ROWS = 'table tbody tr:has(td:nth-child(2))';

/** The demo stock loads in the background after start: reload until the list shows rows. */
async function waitForRows(page, url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  await page.goto(url);
  for (;;) {
    try {
      await page.locator(ROWS).first().waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.reload();
    }
  }
}

async function download(page, buttonName) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: buttonName }).click()]);
  const target = path.join(os.tmpdir(), `portal-${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(target);
  return target;
}

async function pick(page, label, option) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('alice: stock by reference and by platform, movements over a period, item sheet, CSV and XLSX exports', async () => {
  const page = await newTab(ctx);
  try {
    await aliceJourney(page);
  } catch (error) {
    await screenshot(page, 'stock-failure');
    throw error;
  }
});

async function aliceJourney(page) {
  await loginToDashboard(page, ctx.base, 'alice');

  // Tab Id: totals by reference (waits for the background demo load).
  await waitForRows(page, `${ctx.base}/stock/id`);
  await page
    .getByRole('heading', { name: 'Mes Stocks' })
    .or(page.getByRole('heading', { level: 1 }))
    .first()
    .waitFor();
  await page.getByRole('columnheader', { name: 'Plateformes' }).waitFor();
  await screenshot(page, 'stock-id-dark-fr');

  // Tab Stock: one line per platform / lot, the five quantities, sortable.
  await page.getByRole('tab', { name: 'Stock', exact: true }).click();
  await page.waitForURL(/\/stock\/stock/);
  await page.getByRole('columnheader', { name: 'Code blocage' }).waitFor();
  await page.locator(ROWS).first().waitFor();
  // The rarest quantity is hidden at first; the column chooser shows it, and the choice is saved for the user.
  assert.equal(await page.getByRole('columnheader', { name: 'Qté cross-dock' }).count(), 0);
  await page.getByRole('button', { name: 'Colonnes' }).click();
  await page.getByRole('menu').getByText('Qté cross-dock').click();
  await page.keyboard.press('Escape');
  for (const name of ['Qté en stock', 'Qté réservée', 'Qté bloquée', 'Qté disponible', 'Qté cross-dock', 'DLUO', 'Code blocage']) {
    await page.getByRole('columnheader', { name }).waitFor();
  }
  const me = (await apiAs(page, 'GET', '/user/me')).body;
  assert.equal(me.preferences.stockLinesHiddenColumns, 'unitPrice');
  await page.getByRole('button', { name: 'Qté en stock' }).click();
  await page.waitForURL(/sort=quantityInStock/);
  await page.locator(ROWS).first().waitFor();
  await page.getByRole('button', { name: 'Qté en stock' }).click();
  await page.waitForURL(/order=DESC/);
  await page.locator(ROWS).first().waitFor();
  await screenshot(page, 'stock-lines-dark-fr');

  // The platform filter offers the codes users know (MLV1, not the internal 8); the column shows the code.
  await pick(page, 'Plateforme', /^MLV1 – /);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.waitForURL(/platform/);
  await page.waitForFunction(
    (rows) => {
      const cells = [...document.querySelectorAll(`${rows} td:nth-child(2)`)].map((td) => td.textContent);
      return cells.length > 0 && cells.every((c) => c === 'MLV1');
    },
    ROWS,
    { timeout: 15_000 },
  );
  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await page.waitForURL((url) => !url.search.includes('platform'));
  // A filter the server refuses (a platform typed by hand in the address): the alert is translated, never its English text.
  await page.goto(`${page.url().split('?')[0]}?filter=${encodeURIComponent(JSON.stringify({ platform: 'ORL1' }))}`);
  const refused = page.getByRole('alert').filter({ hasText: 'Certains champs sont incorrects.' });
  await refused.first().waitFor();
  assert.ok(!/invalid list request/i.test(await page.locator('.notices').textContent()));
  await page.goto(`${page.url().split('?')[0]}`);

  // XLSX of the Stock tab, opened with exceljs.
  const xlsx = await download(page, 'Export XLSX');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx);
  const sheet = workbook.worksheets[0];
  const header = sheet.getRow(1).values.filter(Boolean);
  assert.ok(header.includes('Référence article'), header.join('|'));
  assert.ok(header.includes('Qté en stock'), header.join('|'));
  assert.ok(sheet.rowCount >= 2, `rows: ${sheet.rowCount}`);
  const codes = new Set();
  sheet.eachRow((row, n) => n > 1 && codes.add(row.getCell(1).value));
  assert.ok(
    [...codes].every((c) => c === 'DEMO-A' || c === 'DEMO-B'),
    [...codes].join(','),
  );

  // Tab Movements: a predefined period, then the CSV of that filter.
  await page.getByRole('tab', { name: 'Mouvements' }).click();
  await page.waitForURL(/\/stock\/movements/);
  await page.getByRole('columnheader', { name: 'Type de mouvement' }).waitFor();
  await pick(page, 'Période', '90 jours glissants');
  await page.waitForURL(/dateFrom/);
  await page.locator(ROWS).first().waitFor({ timeout: 30_000 });
  const from = await page.locator('#filter-dateFrom').inputValue();
  const to = await page.locator('#filter-dateTo').inputValue();
  assert.equal((Date.parse(to) - Date.parse(from)) / 86_400_000, 89);
  const firstDate = await page.locator(`${ROWS} td`).first().textContent();
  assert.match(firstDate, /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await screenshot(page, 'stock-movements-dark-fr');

  const csvFile = await download(page, 'Export CSV');
  const lines = fs
    .readFileSync(csvFile, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r\n/)
    .filter(Boolean);
  assert.ok(lines[0].startsWith('Date;'), lines[0]);
  assert.ok(lines.length >= 2, `lines: ${lines.length}`);
  assert.match(lines[1], /^\d{2}\/\d{2}\/\d{4}[ ;]\d{2}:\d{2};/);
  for (const line of lines.slice(1)) {
    const day = line.slice(0, 10).split('/').reverse().join('-');
    assert.ok(day >= from && day <= to, `${day} outside ${from}..${to}`);
  }

  // Item sheet from a stock line, tab Carton, and back to its stock.
  await page.getByRole('tab', { name: 'Stock', exact: true }).click();
  await page.locator(ROWS).first().waitFor();
  await page.locator('table tbody a[href^="/item/"]').first().click();
  await page.waitForURL(/\/item\/\d+$/);
  const itemId = page.url().split('/').pop();
  await page.getByRole('heading', { name: 'Données générales' }).waitFor();
  await page.getByRole('tab', { name: 'Carton' }).click();
  assert.equal(await page.getByRole('tab', { name: 'Carton' }).getAttribute('aria-selected'), 'true');
  await page.getByRole('tabpanel').getByText('Dimensions L × l × h (cm)').waitFor();
  await screenshot(page, 'item-sheet-carton-dark-fr');
  await page.getByRole('link', { name: 'Voir le stock' }).click();
  await page.waitForURL(/\/stock\/stock\?filter=/);
  assert.equal(JSON.parse(new URL(page.url()).searchParams.get('filter')).itemId, Number(itemId));
  await page.locator(ROWS).first().waitFor();
  await page.getByText(`Article n° ${itemId}`).waitFor();

  // Item search by family flag, light theme.
  await apiAs(page, 'POST', '/user/theme/light');
  await page.goto(`${ctx.base}/item`);
  await page.reload();
  await page.locator(ROWS).first().waitFor({ timeout: 30_000 });
  await pick(page, 'Matière dangereuse', 'Oui');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.waitForURL(/hazardous/);
  await page
    .locator('table tbody td', { hasText: /^UN \d+/ })
    .first()
    .waitFor();
  const hazards = await page.locator(`${ROWS} td:last-child`).allTextContents();
  assert.ok(
    hazards.every((t) => t.startsWith('UN ')),
    hazards.join(','),
  );
  await screenshot(page, 'items-search-light-fr');
  await page.goto(`${ctx.base}/stock/stock`);
  await page.locator(ROWS).first().waitFor();
  await screenshot(page, 'stock-lines-light-fr');
  await apiAs(page, 'POST', '/user/theme/dark');
  await page.close();
}

test('bob sees only DEMO-B stock and movements', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'bob');
  await waitForRows(page, `${ctx.base}/stock/stock`);
  const depositors = await page.locator(`${ROWS} td:first-child`).allTextContents();
  assert.ok(depositors.length > 0);
  assert.deepEqual([...new Set(depositors)], ['DEMO-B']);
  await page.getByRole('tab', { name: 'Mouvements' }).click();
  await page.getByRole('columnheader', { name: 'Type de mouvement' }).waitFor();
  await page.locator(ROWS).first().waitFor({ timeout: 30_000 });
  const movementDepositors = await page.locator(`${ROWS} td:nth-child(2)`).allTextContents();
  assert.deepEqual([...new Set(movementDepositors)], ['DEMO-B']);
  // Even asking for DEMO-A (depositor 1) through the API answers nothing of it.
  const asked = await apiAs(page, 'GET', `/stock?filter=${encodeURIComponent('{"depositor":1}')}`);
  assert.ok(asked.status === 200 || asked.status === 403, String(asked.status));
  assert.ok(!(asked.body ?? []).some?.((r) => r.depositorCode === 'DEMO-A'));
  // No My Items for bob: the reference is not a link.
  assert.equal(await page.locator('table tbody a[href^="/item/"]').count(), 0);
  await page.close();
});
