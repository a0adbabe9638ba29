// My Stocks and My Items: lists over the demo stock, movements by period, item sheet, exports, depositor scope.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { launchBrowser, screenshot } from './support/browser.mjs';
import { dateField, dayIn, dmy, isoDay, shownDate, shownIn, typeDate } from './support/dates.mjs';

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
  // The select itself (its closing list bears the same label for a moment).
  await page.getByRole('combobox', { name: label, exact: true }).click();
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
  // A filter the server refuses (a platform code typed by hand in the address that names no platform): the alert is
  // translated, never its English text.
  await page.goto(`${page.url().split('?')[0]}?filter=${encodeURIComponent(JSON.stringify({ platform: 'XXX9' }))}`);
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
  // The fields show the period as DD/MM/YYYY (spec §9).
  const from = isoDay(await shownDate(page, 'filter-dateFrom'));
  const to = isoDay(await shownDate(page, 'filter-dateTo'));
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
  await page.getByRole('link', { name: 'Voir le stock de l’article' }).click();
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

/** A calendar month of `day` moved by `shift`: its first and last days, `YYYY-MM-DD`. */
function monthOf(day, shift) {
  const [y, m] = day.split('-').map(Number);
  const iso = (d) => d.toISOString().slice(0, 10);
  return [iso(new Date(Date.UTC(y, m - 1 + shift, 1))), iso(new Date(Date.UTC(y, m + shift, 0)))];
}

/** The filter of the last GET /api/movements that `action` fires. */
async function movementsQuery(page, action) {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/movements', { timeout: 15_000 }),
    action(),
  ]);
  return JSON.parse(new URL(request.url()).searchParams.get('filter') ?? '{}');
}

test('dates in the portal’s language, not the browser’s: an American browser in New York, French then English portal', async () => {
  // The browser says en-US and New York: the portal's language and alice's time zone rule the dates.
  const browser = await launchBrowser({ locale: 'en-US', timezoneId: 'America/New_York' });
  const page = await browser.newPage();
  try {
    await datesJourney(page);
  } catch (error) {
    await screenshot(page, 'stock-dates-failure');
    throw error;
  } finally {
    await apiAs(page, 'POST', '/user/language/fr_FR').catch(() => undefined);
    await apiAs(page, 'POST', '/user/theme/dark').catch(() => undefined);
    await browser.close();
  }
});

async function datesJourney(page) {
  await loginToDashboard(page, ctx.base, 'alice');
  const me = (await apiAs(page, 'GET', '/user/me')).body;
  assert.notEqual(me.timezone, 'America/New_York', 'the user’s zone differs from the browser’s');
  const today = dayIn(me.timezone);
  await waitForRows(page, `${ctx.base}/stock/movements`);
  const bar = page.getByRole('search');

  // The default period (30 days) shows as DD/MM/YYYY, never the browser's MM/DD/YYYY.
  assert.equal(await shownDate(page, 'filter-dateTo'), dmy(today));

  // A day typed as a French user types it: 1 November 2026 is 01/11/2026, sent as 2026-11-01.
  await typeDate(page, bar, 'Du', '01/11/2026');
  assert.equal(await shownDate(page, 'filter-dateFrom'), '01/11/2026');
  await typeDate(page, bar, 'Au', '15/11/2026');
  const typed = await movementsQuery(page, () => bar.getByRole('button', { name: 'Rechercher' }).click());
  assert.deepEqual([typed.dateFrom, typed.dateTo], ['2026-11-01', '2026-11-15']);
  assert.equal(await bar.getByRole('combobox', { name: 'Période' }).textContent(), 'Personnalisée');

  // A day that is not in the calendar is marked under its field, and nothing is sent.
  await typeDate(page, bar, 'Du', '31/02/2026');
  await bar.getByText('Date invalide.').waitFor();
  assert.equal(await dateField(bar, 'Du').getAttribute('aria-invalid'), 'true');
  const url = page.url();
  let sent = false;
  const watch = (r) => new URL(r.url()).pathname === '/api/movements' && (sent = true);
  page.on('request', watch);
  await bar.getByRole('button', { name: 'Rechercher' }).click();
  await bar.getByText('Date invalide.').waitFor();
  await page.waitForTimeout(500);
  page.off('request', watch);
  assert.equal(sent, false, 'an invalid date sends no request');
  assert.equal(page.url(), url);

  // "Mois dernier" fills both fields and the list reloads with that period.
  const [first, last] = monthOf(today, -1);
  const chosen = await movementsQuery(page, () => pick(page, 'Période', 'Mois dernier'));
  assert.deepEqual([chosen.dateFrom, chosen.dateTo], [first, last]);
  assert.equal(await shownDate(page, 'filter-dateFrom'), dmy(first));
  assert.equal(await shownDate(page, 'filter-dateTo'), dmy(last));
  assert.equal(await bar.getByText('Date invalide.').count(), 0);
  assert.equal(await bar.getByRole('combobox', { name: 'Période' }).textContent(), 'Mois dernier');
  await page.waitForURL((u) => u.searchParams.get('filter')?.includes(first));
  // The labelled choices replace the unlabeled "1" and "31" buttons.
  assert.equal(await bar.getByRole('button', { name: /^(1|31)\b/ }).count(), 0);
  const lastDay = await movementsQuery(page, () => pick(page, 'Période', 'Dernier jour du mois'));
  assert.deepEqual([lastDay.dateFrom, lastDay.dateTo], Array(2).fill(monthOf(today, 0)[1]));
  await pick(page, 'Période', 'Mois dernier');
  await screenshot(bar, 'stock-dates-filterbar-dark-fr');
  await axe(page, 'stock movements dates dark fr');

  // The calendar speaks French (month names, Monday first), whatever the browser says.
  await bar
    .getByRole('button', { name: /^Choisir la date/ })
    .first()
    .click();
  const calendar = page.getByRole('dialog');
  await calendar.getByRole('grid').waitFor();
  const [y, m] = first.split('-').map(Number);
  const month = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 1));
  await calendar.getByText(month, { exact: true }).waitFor();
  const weekdays = await calendar.locator('[role=columnheader]').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
  assert.equal(weekdays[0], 'lundi', weekdays.join(','));
  await page.waitForTimeout(400); // the calendar's opening transition
  await screenshot(page, 'stock-dates-calendar-dark-fr');
  await page.keyboard.press('Escape');
  await calendar.waitFor({ state: 'detached' });

  // A date-time field (a Tracer Route event): DD/MM/YYYY HH:mm on 24 hours, the wall clock of the
  // user's zone (not New York's), no AM / PM in the field nor in its clock.
  await page.goto(`${ctx.base}/tracerroute`);
  const actions = page.getByRole('button', { name: /^Actions sur / }).first();
  await actions.waitFor({ timeout: 60_000 });
  await actions.click();
  await page.getByRole('menuitem', { name: 'Ajouter un événement' }).click();
  const dialog = page.getByRole('dialog', { name: /^Nouvel événement/ });
  const shown = await shownDate(dialog, 'tracer-event-at');
  assert.match(shown, /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  const now = Date.now();
  const near = [-60_000, 0, 60_000].map((d) => shownIn(new Date(now + d), me.timezone));
  assert.ok(near.includes(shown), `${shown} is not the time in ${me.timezone} (${near.join(', ')})`);
  await dialog
    .getByRole('button', { name: /^Choisir la date/ })
    .last()
    .click();
  const clock = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
  await clock.waitFor();
  await clock
    .getByRole('option', { name: '23 heures' })
    .or(clock.getByRole('option', { name: '23' }))
    .first()
    .waitFor();
  const texts = `${await dialog.textContent()} ${await clock.textContent()}`;
  assert.doesNotMatch(texts, /\b(AM|PM|am|pm)\b/, texts);
  await page.keyboard.press('Escape');
  await clock.waitFor({ state: 'detached' });
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Annuler' }).click();

  // English and light: the same field still shows DD/MM/YYYY (en-GB), its labels in English.
  await apiAs(page, 'POST', '/user/language/en_US');
  await apiAs(page, 'POST', '/user/theme/light');
  await page.goto(`${ctx.base}/stock/movements`);
  await page.reload();
  await page.getByRole('columnheader', { name: 'Movement type' }).waitFor();
  await pick(page, 'Period', 'Last month');
  assert.equal(await shownDate(page, 'filter-dateFrom'), dmy(first));
  assert.equal(await shownDate(page, 'filter-dateTo'), dmy(last));
  // The 2nd of last month: a day other than the period's own first (typing that would change nothing, send nothing).
  const second = `${first.slice(0, 8)}02`;
  await typeDate(page, bar, 'From', dmy(second));
  assert.equal(await shownDate(page, 'filter-dateFrom'), dmy(second));
  const english = await movementsQuery(page, () => bar.getByRole('button', { name: 'Search' }).click());
  assert.equal(english.dateFrom, second);
  await screenshot(bar, 'stock-dates-filterbar-light-en');
  await axe(page, 'stock movements dates light en');
  await apiAs(page, 'POST', '/user/theme/dark');
  await page.reload();
  await page.getByRole('columnheader', { name: 'Movement type' }).waitFor();
  await screenshot(bar, 'stock-dates-filterbar-dark-en');
  await apiAs(page, 'POST', '/user/language/fr_FR');
  await apiAs(page, 'POST', '/user/theme/light');
  await page.reload();
  await page.getByRole('columnheader', { name: 'Type de mouvement' }).waitFor();
  await screenshot(bar, 'stock-dates-filterbar-light-fr');
}
