// Fever: the administrator (ADMIN_SONDE's rights) opens /fever, sees DEMO-B's plans with the probes
// drawn on them by state, drags a probe to another place (kept after a reload), opens its page,
// switches the graph's range, exports its readings (a file, or the §8 "temperature export
// impossible" notice while the probe has none); alice (FEVER_USER) reads the same plans without
// drag and drop nor management. Dark then light theme, French, axe on each screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();

/**
 * The excursion list comes from another part of issue 16 (GET /api/fever/probes/{id}/excursions):
 * the screen is checked against FeverExcursionDto rows given here. Until the year of demo readings
 * is in, a probe's graph is empty: the chart is then drawn from a day of readings made up here.
 */
async function mockExcursionsAndEmptyGraphs(page, probeId) {
  const now = Date.now();
  await page.route(`**/api/fever/probes/${probeId}/excursions`, (route) =>
    route.fulfill({
      json: [
        {
          id: 2,
          probeId,
          zoneId: 1,
          kind: 'high',
          startedAt: new Date(now - 5_400_000).toISOString(),
          endedAt: null,
          durationMinutes: null,
          peak: 9.4,
          threshold: 8,
        },
        {
          id: 1,
          probeId,
          zoneId: 1,
          kind: 'low',
          startedAt: new Date(now - 30 * 3_600_000).toISOString(),
          endedAt: new Date(now - 29 * 3_600_000).toISOString(),
          durationMinutes: 62,
          peak: 1.2,
          threshold: 2,
        },
      ],
    }),
  );
  await page.route(`**/api/fever/probes/${probeId}/graph?*`, async (route) => {
    const real = await (await route.fetch()).json();
    if (real.points?.length) return route.fulfill({ json: real });
    const from = Date.parse(real.from);
    const step = Math.max(600_000, (Date.parse(real.to) - from) / 600);
    const points = Array.from({ length: 600 }, (_, i) => {
      const avg = Math.round((5 + 1.8 * Math.sin(i / 18) + (i > 480 && i < 500 ? 4 : 0)) * 100) / 100;
      return { at: new Date(from + i * step).toISOString(), min: avg - 0.6, max: avg + 0.6, avg, humidity: 55 };
    });
    route.fulfill({ json: { ...real, points, min: 2.6, max: 9.8, avg: 5.1 } });
  });
}

/** DEMO-B's demo plans and probes (seeded in the background after the start). */
async function demoPlans(page) {
  for (let i = 0; i < 120; i++) {
    const plans = (await apiAs(page, 'GET', '/fever/plans')).body ?? [];
    const probes = (await apiAs(page, 'GET', '/fever/probes')).body ?? [];
    if (plans.length >= 2 && probes.length >= 10) return { plans, probes };
    await page.waitForTimeout(1000);
  }
  throw new Error('the fever demo data did not load');
}

test('fever: plans with live probes, drag and drop, a probe’s graph over a range, its export; both themes', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'admin');
    const { plans, probes } = await demoPlans(page);
    const saran = plans.find((p) => p.name.startsWith('Saran'));
    assert.ok(saran?.hasImage && saran.width === 1600, 'the Saran plan has its drawn image');

    await page.goto(`${ctx.base}/fever?plan=${saran.id}`);
    await page.getByRole('heading', { name: 'Sondes et températures' }).waitFor();
    const board = page.locator(`[data-plan-board="${saran.id}"]`);
    await board.locator('img').waitFor();
    const onSaran = probes.filter((p) => p.planId === saran.id);
    assert.equal(await board.locator('[data-probe-marker]').count(), onSaran.length);
    await quiet(page);
    await axe(page, 'fever plans dark');
    await screenshot(page, 'fever-plans-dark-fr');

    // Drag the first probe to the middle of the plan: the new place is kept.
    const probe = onSaran[0];
    const marker = board.locator(`[data-probe-marker="${probe.id}"]`);
    const from = await marker.boundingBox();
    const box = await board.boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.45, { steps: 8 });
    await page.mouse.up();
    await page.getByText('Sonde placée sur le plan').waitFor();
    const moved = (await apiAs(page, 'GET', `/fever/probes/${probe.id}`)).body;
    assert.ok(Math.abs(moved.x - 0.55) < 0.03 && Math.abs(moved.y - 0.45) < 0.03, `placed at ${moved.x}, ${moved.y}`);
    await page.reload();
    await board.locator(`[data-probe-marker="${probe.id}"]`).waitFor();

    // Its page: the graph's range switched to 90 rolling days.
    await mockExcursionsAndEmptyGraphs(page, probe.id);
    await page.waitForTimeout(500);
    await board.locator(`[data-probe-marker="${probe.id}"]`).click();
    await page.getByRole('heading', { name: probe.label }).waitFor();
    await page.locator('[data-graph-figures]').waitFor();
    await page.getByRole('combobox', { name: 'Plage' }).click();
    await page.getByRole('option', { name: '90 jours glissants' }).click();
    await page.locator('[data-graph-figures="hour"]').waitFor();
    await page.getByRole('heading', { name: 'Dépassements de température' }).waitFor();
    await page.locator('[data-excursion="2"]').getByText('En cours').waitFor();
    await page.locator('.recharts-line').waitFor();
    await quiet(page);
    await axe(page, 'fever probe dark');
    await screenshot(page, 'fever-probe-dark-fr');

    // The export: the file, or the §8 notice with its reason while the probe has no readings.
    const download = page.waitForEvent('download', { timeout: 15000 }).catch(() => null);
    await page.locator('[data-export="csv"]').click();
    const notice = page.getByText('Export des températures impossible : aucun relevé sur cette plage.');
    const outcome = await Promise.race([download.then((d) => (d ? 'file' : null)), notice.waitFor().then(() => 'notice')]);
    if (outcome === 'file') assert.match((await download).suggestedFilename(), /\.csv$/);
    else assert.equal(outcome, 'notice');

    // Light theme.
    await apiAs(page, 'POST', '/user/theme/light');
    await page.goto(`${ctx.base}/fever?plan=${saran.id}`);
    await board.locator('img').waitFor();
    await quiet(page);
    await axe(page, 'fever plans light');
    await screenshot(page, 'fever-plans-light-fr');
    await page.goto(`${ctx.base}/fever/probes/${probe.id}`);
    await page.locator('[data-graph-figures]').waitFor();
    await quiet(page);
    await screenshot(page, 'fever-probe-light-fr');

    // The management screen: a zone checked with the service's own schema before anything is sent.
    await page.goto(`${ctx.base}/fever/manage?tab=zones`);
    await page.getByRole('button', { name: 'Nouvelle zone' }).click();
    let posted = 0;
    const count = (request) => request.method() === 'POST' && /\/fever\/zones$/.test(request.url()) && posted++;
    page.on('request', count);
    await page.locator('[data-fever-field="code"]').fill('Zone froide 2');
    await page.locator('[data-fever-field="minTemperature"]').fill('8');
    await page.locator('[data-fever-field="maxTemperature"]').fill('2');
    await page.locator('[data-fever-save]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Format invalide').waitFor();
    assert.ok((await dialog.getByText('Champ obligatoire').count()) >= 2, 'platform and label required');
    // Every field right but the thresholds, the wrong way round: said under the upper one.
    await dialog.locator('#fever-depositorId').click();
    await page.getByRole('option', { name: /^DEMO-A/ }).click();
    await dialog.locator('#fever-platformId').click();
    await page.getByRole('option').first().click();
    await page.locator('[data-fever-field="code"]').fill('ZONE-FROIDE-2');
    await page.locator('[data-fever-field="label"]').fill('Chambre froide 2');
    await page.locator('[data-fever-save]').click();
    await dialog.getByText('Inférieur au minimum saisi').waitFor();
    assert.equal(posted, 0, 'nothing sent while a field is wrong');
    page.off('request', count);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await page.goto(`${ctx.base}/fever/manage?tab=probes`);
    await page.locator(`[data-probe-admin-row="${probe.mac}"]`).waitFor();
    await quiet(page);
    await axe(page, 'fever manage light');
    await screenshot(page, 'fever-manage-light-fr');
    await apiAs(page, 'POST', '/user/theme/dark');
  } finally {
    await page.close();
  }

  // alice reads (FEVER_USER): no drag and drop, no management.
  const reader = await newTab(ctx);
  try {
    await loginToDashboard(reader, ctx.base, 'alice');
    await reader.goto(`${ctx.base}/fever`);
    await reader.locator('[data-probe-marker]').first().waitFor();
    assert.equal(await reader.getByRole('link', { name: 'Gérer zones, plans et sondes' }).count(), 0);
    assert.equal(await reader.locator('[data-unplaced-probe]').count(), 0);
    await screenshot(reader, 'fever-plans-reader-dark-fr');
  } finally {
    await reader.close();
  }
});
