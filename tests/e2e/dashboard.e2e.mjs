import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();

const tiles = (page) =>
  page
    .getByTestId('pinned-tile')
    .evaluateAll((els) =>
      els.map((el) => ({ label: el.getAttribute('aria-label'), type: el.dataset.tileType, size: el.dataset.tileSize })),
    );

/** The [label, value] rows of the figures table a chart tile keeps for screen readers, within `scope`. */
const chartFigures = (scope) =>
  scope
    .getByTestId('chart-figures')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [r.cells[0].textContent, Number(r.cells[1].textContent)]));

async function addTile(page, { type, choose, size }) {
  await page.getByRole('button', { name: 'Ajouter une tuile' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type de tuile').click();
  await page.getByRole('option', { name: type }).click();
  for (const [label, option] of choose) {
    await dialog.getByLabel(label).click();
    await page.getByRole('option', { name: option }).click();
  }
  if (size) {
    await dialog.getByLabel('Taille').click();
    await page.getByRole('option', { name: new RegExp(`^${size}`) }).click();
  }
  await dialog.getByRole('button', { name: 'Ajouter' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Waits until the tiles auth keeps (GET /dashboard/list, by position) are what `accepts` wants: the
 * screen's saves are in, however many calls they took. Fails with the tiles last read and the calls
 * the page saw fail.
 */
async function savedLayout(page, what, accepts) {
  const failed = [];
  const onFailed = (r) => failed.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`);
  page.on('requestfailed', onFailed);
  try {
    const deadline = Date.now() + 30000;
    let saved = null;
    while (Date.now() < deadline) {
      const { status, body } = await apiAs(page, 'GET', '/dashboard/list');
      saved = status === 200 ? [...body].sort((a, b) => a.x - b.x) : body;
      if (status === 200 && accepts(saved)) return saved;
      await page.waitForTimeout(250);
    }
    assert.fail(`${what}: auth still keeps ${JSON.stringify(saved)}; failed calls: ${failed.join('; ') || 'none'}`);
  } finally {
    page.off('requestfailed', onFailed);
  }
}

test('a tile added, resized, moved and removed survives a reload', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'alice');
  for (const tile of await apiAs(page, 'GET', '/dashboard/list').then((r) => r.body))
    await apiAs(page, 'DELETE', `/dashboard/${tile.uuid}`);
  await page.reload();
  await page.getByText('Aucune tuile épinglée').waitFor();

  await addTile(page, { type: 'Raccourci', choose: [['Application', 'Mes Stocks']] });
  await addTile(page, {
    type: 'Graphique',
    choose: [
      ['Données', 'Magasins par déposant'],
      ['Type de graphique', 'Barres'],
    ],
    size: 'Large',
  });
  await page.getByTestId('chart-figures').waitFor({ state: 'attached' });
  assert.deepEqual(await tiles(page), [
    { label: 'Mes Stocks', type: 'link', size: '1x1' },
    { label: 'Magasins par déposant', type: 'chart', size: '2x1' },
  ]);

  // The chart shows the API's figures, not invented ones.
  const figures = (await apiAs(page, 'GET', '/dashboard/figures/depositor-stores')).body;
  assert.deepEqual(
    await chartFigures(page),
    figures.series.map((p) => [p.label, p.value]),
  );

  // Move the chart first (keyboard button), make it extra large, reconfigure it as a pie.
  await page.getByRole('button', { name: 'Déplacer vers la gauche – Magasins par déposant' }).click();
  await page.getByRole('button', { name: 'Taille – Magasins par déposant' }).click();
  await page.getByRole('menuitem', { name: /^Très large/ }).click();
  await page.getByRole('button', { name: 'Configurer – Magasins par déposant' }).click();
  await page.getByRole('dialog').getByLabel('Titre').fill('Magasins ouverts');
  await page.getByRole('dialog').getByLabel('Type de graphique').click();
  await page.getByRole('option', { name: 'Secteurs' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByRole('heading', { name: 'Magasins ouverts' }).waitFor();
  await savedLayout(
    page,
    'the chart moved first, extra large, a pie named Magasins ouverts',
    ([chart]) =>
      chart?.type === 'chart' &&
      chart.width === 2 &&
      chart.height === 2 &&
      chart.config.chart === 'pie' &&
      chart.config.title === 'Magasins ouverts',
  );

  await page.reload();
  await page.getByTestId('pinned-tile').first().waitFor();
  assert.deepEqual(await tiles(page), [
    { label: 'Magasins ouverts', type: 'chart', size: '2x2' },
    { label: 'Mes Stocks', type: 'link', size: '1x1' },
  ]);
  const saved = (await apiAs(page, 'GET', '/dashboard/list')).body;
  assert.equal(saved[0].config.chart, 'pie');
  await page.getByTestId('chart-figures').waitFor({ state: 'attached' });
  await page.waitForTimeout(300);
  await screenshot(page, 'dashboard-tiles-fr');

  // Drag and drop with the keyboard sensor of the handle: space, arrow, space.
  const handle = page.getByRole('button', { name: 'Glisser pour déplacer – Mes Stocks' });
  await handle.focus();
  await page.keyboard.press('Space');
  // dnd-kit marks the handle while it is dragged: move only once the drag has started.
  await page.locator('[aria-pressed="true"]').waitFor({ timeout: 10000 });
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(300); // the sensor moves over the next tile's measured position
  await page.keyboard.press('Space');
  await savedLayout(page, 'Mes Stocks dragged first', ([first]) => first?.type === 'link');
  await page.reload();
  await page.getByTestId('pinned-tile').first().waitFor();
  assert.equal((await tiles(page))[0].label, 'Mes Stocks');

  const removed = page.waitForResponse((r) => r.url().includes('/api/dashboard/') && r.request().method() === 'DELETE');
  await page.getByRole('button', { name: 'Retirer – Mes Stocks' }).click();
  await removed;
  await page.reload();
  await page.getByTestId('pinned-tile').first().waitFor();
  assert.deepEqual(
    (await tiles(page)).map((t) => t.label),
    ['Magasins ouverts'],
  );
  await page.close();
});

test('a report tile is offered only with a report right, and links to /report/{id}', async () => {
  const page = await newTab(ctx);
  // denis has no report right: the dialog offers no report tile (the server would refuse it).
  await loginToDashboard(page, ctx.base, 'denis');
  await page.getByRole('button', { name: 'Ajouter une tuile' }).click();
  await page.getByRole('dialog').getByLabel('Type de tuile').click();
  assert.deepEqual(await page.getByRole('option').allTextContents(), ['Raccourci', 'Graphique']);
  await page.keyboard.press('Escape');
  await page.close();

  const admin = await newTab(ctx);
  await loginToDashboard(admin, ctx.base, 'admin');
  for (const tile of await apiAs(admin, 'GET', '/dashboard/list').then((r) => r.body))
    if (tile.type === 'report') await apiAs(admin, 'DELETE', `/dashboard/${tile.uuid}`);
  await admin.getByRole('button', { name: 'Ajouter une tuile' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Type de tuile').click();
  await admin.getByRole('option', { name: 'Rapport' }).click();
  await dialog.getByLabel('Numéro du rapport').click();
  // Reports are listed by display number and title (the reports catalogue), not bare ids.
  const option = admin.getByRole('option').first();
  const name = await option.textContent();
  assert.match(name, /^\S+ — \S/);
  await option.click();
  await dialog.getByRole('button', { name: 'Ajouter' }).click();
  await admin.getByRole('link', { name }).first().click();
  await admin.waitForURL(/\/report\/\d+$/);
  await admin.getByTestId('report-title').waitFor();
  await admin.close();
});

test('the operational charts show alice’s figures, and a removed tile comes back in its place with Annuler', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'alice');
  // The demo dashboard: the operational charts, set again here (another test empties it).
  for (const tile of await apiAs(page, 'GET', '/dashboard/list').then((r) => r.body))
    await apiAs(page, 'DELETE', `/dashboard/${tile.uuid}`);
  const sources = ['late-deliveries', 'week-deliveries-by-status', 'anomalies-by-carrier', 'blocked-stock-by-code'];
  for (const source of sources)
    await apiAs(page, 'POST', '/dashboard/create', {
      id_object: source,
      type: 'chart',
      width: 2,
      height: 1,
      config: { chart: 'bar', source },
    });
  await page.reload();
  const names = [
    'Livraisons en retard par transporteur',
    'Livraisons de la semaine par statut',
    'Anomalies par transporteur (30 jours)',
    'Stock bloqué par code de blocage',
  ];
  await page.getByTestId('pinned-tile').nth(3).waitFor();
  assert.deepEqual(
    (await tiles(page)).map((t) => t.label),
    names,
  );

  // The late deliveries of alice's depositors, as the tracking service counts them, with its axis titles.
  const late = page.getByRole('listitem', { name: names[0] });
  const figures = (await apiAs(page, 'GET', '/dashboard/figures/late-deliveries')).body;
  assert.ok(figures.series.length > 0, 'the demo has late deliveries');
  await late.getByTestId('chart-figures').waitFor({ state: 'attached' });
  assert.deepEqual(
    await chartFigures(late),
    figures.series.map((p) => [p.label || 'Sans transporteur', p.value]),
  );
  await late.locator('.recharts-bar-rectangle').first().waitFor();
  await late.locator('tspan', { hasText: 'Transporteur' }).first().waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, 'dashboard-operational-fr');

  // Removed, then put back where it stood.
  const removed = page.waitForResponse((r) => r.url().includes('/api/dashboard/') && r.request().method() === 'DELETE');
  await page.getByRole('button', { name: `Retirer – ${names[1]}` }).click();
  await removed;
  // The tile leaves the page once React has taken the answer, a moment after it arrived.
  await page.getByRole('listitem', { name: names[1] }).waitFor({ state: 'detached' });
  assert.deepEqual(
    (await tiles(page)).map((t) => t.label),
    [names[0], names[2], names[3]],
  );
  await page.getByText('Tuile retirée').waitFor();
  await page.getByRole('button', { name: 'Annuler' }).click();
  await savedLayout(page, 'the removed chart back in second place', (saved) => saved.map((t) => t.config.source).join() === sources.join());
  await page.reload();
  await page.getByTestId('pinned-tile').nth(3).waitFor();
  assert.deepEqual(
    (await tiles(page)).map((t) => t.label),
    names,
  );
  await page.close();
});
