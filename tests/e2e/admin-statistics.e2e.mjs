// Statistics (issue 36 item 6): the administrator opens the back office's « Statistiques
// d'utilisation », reads the demo's use of the last 90 days per week, sees that alice's sign-in of a
// moment ago counts today, adds the labels' line to the chart and exports the figures as CSV.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';
import { waitForDemoData } from './support/walk.mjs';

const ctx = useJourney();

/** Today's figures of DEMO-A once the gateway's meter has handed alice's sign-in over (every 10 s). */
async function todaysSignIns(page, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await apiAs(page, 'GET', '/admin/statistics?range=today&depositorIds=1');
    if (answer.status === 200 && answer.body.totals.signIns > 0) return answer.body.totals.signIns;
    if (Date.now() > deadline) throw new Error(`alice's sign-in not counted: ${answer.status} ${JSON.stringify(answer.body)}`);
    await page.waitForTimeout(1_000);
  }
}

test('the administrator reads the portal’s use per depositor, by week, and exports it', async () => {
  // The demo's months of use come with the reports' demo data, the last set loaded.
  await waitForDemoData(ctx.backend);
  const alice = await newTab(ctx);
  await loginToDashboard(alice, ctx.base, 'alice');
  await alice.close();

  const admin = await newTab(ctx);
  try {
    await loginToDashboard(admin, ctx.base, 'admin');
    assert.ok((await todaysSignIns(admin)) >= 1);
    await admin.goto(`${ctx.base}/admin`);
    await admin.locator('[data-admin-area=statistics] a').click();
    await admin.getByRole('heading', { name: 'Statistiques d’utilisation' }).waitFor();
    await admin.getByTestId('statistics-depositors').waitFor();

    // Per week over the last 90 days: the demo's use of each depositor, most active first.
    await admin.locator('#report-range').click();
    await admin.getByRole('option', { name: '90 jours glissants' }).click();
    await admin.getByTestId('statistics-depositors').waitFor();
    await admin.locator('#statistics-grain').click();
    await admin.getByRole('option', { name: 'Semaine' }).click();
    await admin.waitForURL(/grain=week/);
    await admin
      .getByTestId('statistics-chart')
      .getByText(/Sem\. du/)
      .first()
      .waitFor();
    const rows = admin.getByTestId('statistics-depositors').locator('tbody tr[data-depositor]');
    assert.ok((await rows.count()) >= 2, 'DEMO-A and DEMO-B have used the portal');
    assert.match(await rows.first().innerText(), /DEMO-[AB]/);
    const signIns = await admin.getByTestId('statistics-total-signIns').innerText();
    assert.match(signIns, /Connexions\s+[\d\s  ]+/);

    // The labels' line added to the chart (a card is a switch).
    const labels = admin.getByTestId('statistics-total-labels');
    assert.equal(await labels.getAttribute('aria-pressed'), 'false');
    await labels.click();
    assert.equal(await labels.getAttribute('aria-pressed'), 'true');
    await admin.getByTestId('statistics-chart').locator('.recharts-line').nth(3).waitFor();
    await quiet(admin);
    await axe(admin, 'admin statistics');
    await screenshot(admin, 'admin-statistics-fr');

    const download = admin.waitForEvent('download');
    await admin.getByTestId('statistics-export-csv').click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    assert.match(csv.split(/\r?\n/)[0], /^Période du;Déposant;Raison sociale;Utilisateurs actifs;Connexions;/);
    assert.match(csv, /\n\d{2}\/\d{2}\/\d{4};DEMO-A;/);
  } finally {
    await admin.close();
  }
});
