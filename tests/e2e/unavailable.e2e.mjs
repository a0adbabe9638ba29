import { test } from 'node:test';
import { newTab, useJourney } from './support/journey.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();

test('backend stopped: service-unavailable page; restarted: the screen comes back', { timeout: 240000 }, async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'alice');
  await ctx.backend.stop();
  await page
    .getByRole('link', { name: 'Paramètres' })
    .first()
    .click({ timeout: 3000 })
    .catch(() => undefined);
  await page
    .getByRole('tab', { name: 'Filtres' })
    .click({ timeout: 3000 })
    .catch(() => undefined);
  await page.getByTestId('service-unavailable').waitFor({ timeout: 15000 });
  await page.getByText('Le service est momentanément indisponible.').first().waitFor();
  await screenshot(page, 'service-unavailable-fr');
  await ctx.backend.restart();
  await page.getByTestId('service-unavailable').waitFor({ state: 'detached', timeout: 30000 });
  await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
  await page.locator('#main h1').first().waitFor();
  await page.close();
});
