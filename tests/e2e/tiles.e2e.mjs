import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newTab, useJourney } from './support/journey.mjs';
import { appTileIds, loginToDashboard, quiet } from './support/portal.mjs';

const ctx = useJourney();

// Spec §2 table: alice has every application role, bob PGT_USER, STOCK_USER and ALERT_USER, carla two ADMIN_* roles.
const EXPECTED = {
  alice: ['pgt', 'stock', 'vip', 'doc', 'item', 'dashtower', 'geo-order', 'serialtracker', 'tracerroute', 'claim', 'fever'],
  bob: ['pgt', 'stock', 'vip', 'doc'],
  carla: ['admin'],
};

for (const [user, apps] of Object.entries(EXPECTED)) {
  test(`${user} sees exactly the application tiles of their roles`, async () => {
    const page = await newTab(ctx);
    await loginToDashboard(page, ctx.base, user);
    assert.deepEqual((await appTileIds(page)).sort(), [...apps].sort());
    // Tiles are real links: the href is the application route.
    const href = await page.locator(`[data-testid=app-tiles] a[data-app="${apps[0]}"]`).getAttribute('href');
    assert.ok(href.startsWith('/'), href);
    await page.close();
  });
}

test('a tile opens its application with the keyboard', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'bob');
  // Focused once the dashboard's answers are in: a tile drawn again after its focus loses it (and the Enter).
  await quiet(page);
  await page.locator('[data-testid=app-tiles] a[data-app="stock"]').focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/stock$/);
  await page.getByRole('heading', { name: 'Mes Stocks' }).waitFor();
  await page.close();
});
