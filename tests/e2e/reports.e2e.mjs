// Reports library (issue 17): the library, quick access by number from the layout's search box, a
// report with its range changed and its CSV export, a report chart pinned on the dashboard, and the
// dashboard profiles. Written against the reports contract (libs/contracts reports-run): the reports
// and their display numbers are read from GET /api/reports, not assumed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();

/** The admin's catalogue (ADMIN opens every report), a report with a chart first. */
async function catalogue(page) {
  const answer = await apiAs(page, 'GET', '/reports');
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(answer.body.length > 0, 'the admin may open reports');
  const charted = answer.body.filter((r) => r.chart !== 'table');
  return { all: answer.body, report: charted[0] ?? answer.body[0] };
}

/** The displayed period "Du DD/MM/YYYY au DD/MM/YYYY" as YYYY-MM-DD days. */
async function shownPeriod(page) {
  const text = await page.getByTestId('report-period').textContent();
  const days = [...text.matchAll(/(\d{2})\/(\d{2})\/(\d{4})/g)].map((m) => `${m[3]}-${m[2]}-${m[1]}`);
  return days;
}

async function setTheme(page, theme) {
  await apiAs(page, 'POST', `/user/theme/${theme}`);
  await page.reload();
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
}

test('the library lists the reports by number; quick access by number opens one; its range changes; CSV export', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'admin');
  const { all, report } = await catalogue(page);

  // The library, from the side menu: every report the user may open, with a filter by number or title.
  await page.getByRole('navigation').getByRole('link', { name: 'Rapports', exact: true }).click();
  await page.waitForURL(/\/report$/);
  await page.getByTestId('reports-library').waitFor();
  assert.equal(await page.getByTestId('report-card').count(), all.length);
  await page.locator('#reports-filter').fill(report.displayNumber);
  const filtered = await page.getByTestId('report-card').evaluateAll((cards) => cards.map((c) => c.dataset.reportId));
  assert.equal(filtered[0], report.id, `${report.displayNumber} first`);
  await page.locator('#reports-filter').fill('');
  for (const theme of ['dark', 'light']) {
    await setTheme(page, theme);
    await page.getByTestId('report-card').first().waitFor();
    await screenshot(page, `reports-library-${theme}-fr`);
  }
  await setTheme(page, 'dark');

  // Quick access from the layout's search box: the display number typed, Enter opens the report.
  await page.goto(`${ctx.base}/dashboard`);
  const search = page.getByLabel('Accès rapide à un rapport, par numéro ou titre');
  await search.fill(report.displayNumber);
  const first = page.getByRole('listbox').getByRole('option').first();
  assert.equal(await first.getAttribute('data-report-id'), report.id);
  await search.press('Enter');
  await page.waitForURL(new RegExp(`/report/${report.id}$`));
  await page.getByTestId('report-title').waitFor();
  assert.equal(await page.getByTestId('report-number').textContent(), report.displayNumber);
  await page.getByTestId('report-table').waitFor();

  // Another predefined range: the URL keeps it and the page shows the days the server ran.
  await page.locator('#report-range').click();
  await page.getByRole('option', { name: 'Mois dernier' }).click();
  await page.waitForURL(/range=lastMonth/);
  const expected = (await apiAs(page, 'GET', `/reports/${report.id}?range=lastMonth`)).body;
  await page.waitForFunction(
    ([from, to]) => {
      const text = document.querySelector('[data-testid=report-period]')?.textContent ?? '';
      const day = (d) => d.split('-').reverse().join('/');
      return text.includes(day(from)) && text.includes(day(to));
    },
    [expected.from, expected.to],
  );
  assert.deepEqual(await shownPeriod(page), [expected.from, expected.to]);
  // The table has the result's rows (at most the rows the page shows) and its totals row when any.
  const rows = await page.locator('[data-testid=report-table] tbody tr').count();
  assert.equal(rows, Math.max(1, Math.min(expected.rows.length, 500)));
  if (expected.totals && expected.rows.length) await page.getByTestId('report-totals').waitFor();

  // CSV export of the run: downloaded at once, or mailed (the page says so).
  const download = page.waitForEvent('download', { timeout: 30000 }).catch(() => null);
  await page.getByTestId('report-export-csv').click();
  const file = await Promise.race([
    download,
    page
      .getByTestId('report-export-mailed')
      .waitFor({ timeout: 30000 })
      .then(() => null),
  ]);
  if (file) {
    assert.match(file.suggestedFilename(), /\.csv$/);
    const target = path.join(os.tmpdir(), `portal-report-${Date.now()}.csv`);
    await file.saveAs(target);
    const lines = fs
      .readFileSync(target, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    fs.rmSync(target, { force: true });
    assert.ok(lines.length >= 1 + Math.min(expected.rows.length, 1), `${lines.length} lines`);
  }
  for (const theme of ['dark', 'light']) {
    await setTheme(page, theme);
    await page.getByTestId('report-table').waitFor();
    await screenshot(page, `report-${report.id}-${theme}-fr`);
  }
  await setTheme(page, 'dark');
  await page.close();
});

test('a report without the right shows the 403 screen, an unknown one the "no such report" screen', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'admin');
  const { all } = await catalogue(page);
  // The admin opens every report: an id of none is unknown, not refused.
  await page.goto(`${ctx.base}/report/999999`);
  await page.getByTestId('report-unknown').waitFor();
  await page.close();

  const bob = await newTab(ctx);
  await loginToDashboard(bob, ctx.base, 'bob');
  const answer = await apiAs(bob, 'GET', '/reports');
  const mine = Array.isArray(answer.body) ? answer.body.map((r) => r.id) : [];
  const closed = all.find((r) => !mine.includes(r.id));
  if (closed) {
    await bob.goto(`${ctx.base}/report/${closed.id}`);
    await bob.getByTestId('report-denied').waitFor();
    await screenshot(bob, 'report-denied-dark-fr');
  }
  await bob.close();
});

test('a report chart pinned on the dashboard, and dashboard profiles switched', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'admin');
  const { report } = await catalogue(page);
  // Start from one profile.
  const { profiles } = (await apiAs(page, 'GET', '/dashboard/profiles')).body;
  for (const p of profiles.slice(1)) await apiAs(page, 'DELETE', `/dashboard/profiles/${p.id}`);
  await apiAs(page, 'POST', `/dashboard/profiles/${profiles[0].id}/current`);
  for (const tile of (await apiAs(page, 'GET', '/dashboard/list')).body)
    if (tile.type === 'report') await apiAs(page, 'DELETE', `/dashboard/${tile.uuid}`);
  await page.reload();

  // Pin the report: its chart at tile size, for its default range.
  await page.getByRole('button', { name: 'Ajouter une tuile' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type de tuile').click();
  await page.getByRole('option', { name: 'Rapport' }).click();
  await dialog.getByLabel('Numéro du rapport').click();
  await page.getByRole('option', { name: new RegExp(`^${report.displayNumber} — `) }).click();
  await dialog.getByLabel('Taille').click();
  await page.getByRole('option', { name: /^Très large/ }).click();
  await dialog.getByRole('button', { name: 'Ajouter' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const tile = page.locator('[data-testid=pinned-tile][data-tile-type=report]');
  await tile.getByTestId('report-tile-period').waitFor();
  await tile
    .getByTestId('report-tile-chart')
    .or(tile.getByTestId('report-tile-table'))
    .or(tile.getByTestId('chart-empty'))
    .first()
    .waitFor();
  const title = await tile.getAttribute('aria-label');
  assert.match(title, new RegExp(`^${report.displayNumber} — `));
  for (const theme of ['dark', 'light']) {
    await setTheme(page, theme);
    await tile.getByTestId('report-tile-period').waitFor();
    await screenshot(page, `dashboard-report-tile-${theme}-fr`);
  }
  await setTheme(page, 'dark');

  // A second profile, empty: the report tile is not on it; back on the first, it is.
  await page.getByRole('button', { name: 'Gérer les profils' }).click();
  await page.getByRole('menuitem', { name: 'Nouveau profil…' }).click();
  await page.getByRole('dialog').getByLabel('Nom du profil').fill('Transport');
  await page.getByTestId('profile-submit').click();
  await page.getByText('Aucune tuile épinglée').waitFor();
  assert.equal(await page.locator('#dashboard-profile').textContent(), '2. Transport');
  await screenshot(page, 'dashboard-profile-2-dark-fr');
  await page.locator('#dashboard-profile').click();
  await page.getByRole('option', { name: /^1\. / }).click();
  await tile.getByTestId('report-tile-period').waitFor();
  assert.match(await page.locator('#dashboard-profile').textContent(), /^1\. /);
  // The choice holds across a reload (kept by the server).
  await page.reload();
  await tile.getByTestId('report-tile-period').waitFor();
  await page.close();
});
