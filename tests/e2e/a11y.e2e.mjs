import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();
const THEMES = ['dark', 'light', 'trees', 'lagoon'];

for (const theme of THEMES) {
  test(`login, dashboard and settings in the ${theme} theme: axe and screenshots`, async () => {
    const page = await newTab(ctx);
    await page.evaluate((t) => localStorage.setItem('portal.theme', t), theme);
    await page.goto(`${ctx.base}/login`);
    await page.locator('#login').waitFor();
    await quiet(page, { pauseMs: 400 });
    if (theme === 'dark' || theme === 'light') await axe(page, `login ${theme}`);
    await screenshot(page, `login-${theme}-fr`);

    await loginToDashboard(page, ctx.base, 'alice');
    await apiAs(page, 'POST', `/user/theme/${theme}`);
    await page.evaluate(async () => {
      const res = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` } });
      localStorage.setItem('portal.user', JSON.stringify(await res.json()));
    });
    await page.reload();
    await page.getByTestId('app-tiles').waitFor();
    await quiet(page, { pauseMs: 400 });
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
    if (theme === 'dark' || theme === 'light') await axe(page, `dashboard ${theme}`);
    await screenshot(page, `dashboard-${theme}-fr`);

    await page.goto(`${ctx.base}/settings/general`);
    await page.getByLabel('Thème').waitFor();
    await quiet(page, { pauseMs: 400 });
    if (theme === 'dark' || theme === 'light') await axe(page, `settings ${theme}`);
    await screenshot(page, `settings-${theme}-fr`);
    await page.close();
  });
}

test('light theme: a focused filter label and hovered buttons keep their contrast (axe)', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'alice');
  await apiAs(page, 'POST', '/user/theme/light');
  await page.evaluate(async () => {
    const res = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` } });
    localStorage.setItem('portal.user', JSON.stringify(await res.json()));
  });
  await page.goto(`${ctx.base}/stock/stock`);
  await page.getByRole('button', { name: 'Rechercher' }).waitFor();
  await quiet(page, { pauseMs: 400 });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  const filter = page.locator('[id^="filter-"]:not([role="combobox"])').first();
  await filter.focus();
  await axe(page, 'stock light, filter focused');
  await screenshot(page, 'stock-light-filter-focused');
  for (const name of ['Rechercher', 'Réinitialiser', 'Colonnes', 'Export CSV']) {
    const button = page.getByRole('button', { name, exact: true });
    if (!(await button.count())) continue;
    await button.first().hover();
    // The hovered button alone: the page around it was checked above, unchanged.
    await button.first().evaluate((b) => b.setAttribute('data-axe-hovered', ''));
    await axe(page, `stock light, ${name} hovered`, { include: '[data-axe-hovered]' });
    await button.first().evaluate((b) => b.removeAttribute('data-axe-hovered'));
  }
  await screenshot(page, 'stock-light-button-hovered');
  await apiAs(page, 'POST', '/user/theme/dark');
  await page.close();
});

test('English screens (dark and light)', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'alice');
  await apiAs(page, 'POST', '/user/language/en_US');
  for (const theme of ['dark', 'light']) {
    await apiAs(page, 'POST', `/user/theme/${theme}`);
    await page.evaluate(async () => {
      const res = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` } });
      localStorage.setItem('portal.user', JSON.stringify(await res.json()));
    });
    await page.goto(`${ctx.base}/dashboard`);
    await page.getByRole('heading', { name: 'My applications' }).waitFor();
    await quiet(page, { pauseMs: 400 });
    await screenshot(page, `dashboard-${theme}-en`);
    await page.goto(`${ctx.base}/settings/general`);
    await page.getByLabel('Theme').waitFor();
    await quiet(page, { pauseMs: 400 });
    await axe(page, `settings ${theme} en`);
    await screenshot(page, `settings-${theme}-en`);
  }
  await apiAs(page, 'POST', '/user/language/fr_FR');
  await apiAs(page, 'POST', '/user/theme/dark');
  await page.evaluate(() => localStorage.clear());
  await page.evaluate(() => localStorage.setItem('portal.locale', 'en'));
  await page.goto(`${ctx.base}/login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await axe(page, 'login en');
  await screenshot(page, 'login-dark-en');
  await page.close();
});

test('the login page is usable with the keyboard alone', async () => {
  const page = await newTab(ctx);
  await page.goto(`${ctx.base}/login`);
  await page.locator('#login').waitFor();
  await page.keyboard.type('alice'); // the login field has the focus
  await page.keyboard.press('Tab');
  await page.keyboard.type('Portal2026');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard$/);
  await page.close();
});
