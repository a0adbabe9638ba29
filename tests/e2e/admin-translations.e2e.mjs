// Tracking translations (issue 36 item 6): the administrator gives a tracking status its own French
// word in the back office; alice, signing in afterwards, sees that word on Pack and Go Tracer where
// the catalogue's stood. The word is removed at the end (the journeys after this one see the catalogue).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();

/** The demo orders load in the background after start: ask the API until it answers one. */
async function firstOrder(page, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await apiAs(page, 'GET', `/orders?range=${encodeURIComponent('[0,0]')}`);
    if (answer.status === 200 && answer.body.length) return answer.body[0];
    if (Date.now() > deadline) throw new Error(`no demo orders: ${answer.status}`);
    await page.waitForTimeout(2_000);
  }
}

test('the administrator renames a status; alice sees the new word on Pack and Go Tracer', async () => {
  const word = `Chez le livreur ${Date.now().toString(36).toUpperCase()}`;
  const alice = await newTab(ctx);
  await loginToDashboard(alice, ctx.base, 'alice');
  const order = await firstOrder(alice);
  const code = String(order.status);
  await alice.close();

  const admin = await newTab(ctx);
  try {
    await loginToDashboard(admin, ctx.base, 'admin');
    await admin.goto(`${ctx.base}/admin/translations`);
    await admin.getByRole('heading', { name: 'Traductions du suivi' }).waitFor();
    const row = admin.locator(`[data-word="trackingStatus:${code}"]`);
    await row.getByRole('textbox').fill(word);
    await quiet(admin);
    await axe(admin, 'admin tracking translations dark');
    await screenshot(admin, 'admin-tracking-translations-dark-fr');
    await row.getByRole('button', { name: 'Enregistrer' }).click();
    await row.getByRole('button', { name: 'Reprendre le catalogue' }).waitFor();
    const words = (await apiAs(admin, 'GET', '/tracking-translations')).body;
    assert.deepEqual(
      words.filter((w) => w.kind === 'trackingStatus' && w.code === code),
      [{ kind: 'trackingStatus', code, locale: 'fr', text: word }],
    );

    const reader = await newTab(ctx);
    try {
      await loginToDashboard(reader, ctx.base, 'alice');
      await reader.goto(`${ctx.base}/pgt?filter=${encodeURIComponent(JSON.stringify({ q: order.reference }))}`);
      await reader.locator(`[data-testid=orders-table] [data-status="${code}"]`).first().getByText(word).waitFor();
      await screenshot(reader, 'pgt-tracking-translation-alice');
    } finally {
      await reader.close();
    }
  } finally {
    await apiAs(admin, 'DELETE', `/admin/tracking-translations/trackingStatus/${code}/fr`);
    await admin.close();
  }
});
