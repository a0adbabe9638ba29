// Tables that fit (issue 10 item 6): at 1366 px no column of the tracker, Tracer Route, stock and serial
// lists is cut off; on a phone the tracker and stock lists are cards, the app bar keeps one line and
// the announcements one line each (a tap opens one). Screenshots at 390×844 in French, light and dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();
const q = (value) => encodeURIComponent(JSON.stringify(value));
const TABLE_ROWS = 'main table tbody tr:has(td:nth-child(2))';
const CARDS = '[data-testid=row-cards] > li';

/** Opens `url` until `selector` shows (the demo stock and orders load in the background after start). */
async function openWith(page, url, selector, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  await page.goto(url);
  for (;;) {
    try {
      await page.locator(selector).first().waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.reload();
    }
  }
}

/** Each table of the page against the box that holds it: wider means a cut-off column or a horizontal scroll. */
const overflows = (page) =>
  page.locator('main table').evaluateAll((tables) =>
    tables.map((t) => {
      const box = t.closest('.MuiTableContainer-root') ?? t.parentElement;
      return { scrollWidth: t.scrollWidth, clientWidth: box.clientWidth, caption: t.querySelector('caption')?.textContent ?? '' };
    }),
  );

const LISTS = [
  ['tracker', `/pgt?filter=${q({ q: 'CMD' })}`],
  ['tracerroute', `/tracerroute?filter=${q({})}`],
  ['stock-id', '/stock/id'],
  ['stock-lines', '/stock/stock'],
  ['stock-movements', '/stock/movements'],
  ['serials', '/serialtracker?lot=L'],
];

test('alice at 1366×850: no column of the tracker, Tracer Route, stock and serial lists is cut off', async () => {
  const page = await newTab(ctx);
  try {
    await page.setViewportSize({ width: 1366, height: 850 });
    await loginToDashboard(page, ctx.base, 'alice');
    const cut = [];
    for (const [name, url] of LISTS) {
      await openWith(page, `${ctx.base}${url}`, TABLE_ROWS);
      const tables = await overflows(page);
      assert.ok(tables.length > 0, name);
      for (const t of tables) if (t.scrollWidth > t.clientWidth) cut.push(`${name} (${t.caption}): ${t.scrollWidth} > ${t.clientWidth}`);
      await screenshot(page, `layout-1366-${name}-dark-fr`);
    }
    assert.deepEqual(cut, []);
  } catch (error) {
    await screenshot(page, 'layout-1366-failure');
    throw error;
  } finally {
    await page.close();
  }
});

test('alice on a phone (390×844): cards instead of tables, a one-line app bar and announcements, light and dark', async () => {
  const page = await newTab(ctx);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginToDashboard(page, ctx.base, 'alice');
    for (const theme of ['light', 'dark']) {
      await apiAs(page, 'POST', `/user/theme/${theme}`);
      // The app reads the theme from the user it keeps: refresh it as a new sign-in would.
      await page.evaluate(async () => {
        const res = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` } });
        localStorage.setItem('portal.user', JSON.stringify(await res.json()));
      });

      // The tracker: one card per delivery, its status chip on it; a tap on the card opens the delivery.
      await openWith(page, `${ctx.base}/pgt?filter=${q({ q: 'CMD' })}`, CARDS);
      assert.equal(await page.locator('main table').count(), 0);
      const card = page.locator(CARDS).first();
      assert.equal(await card.locator('[data-status]').count(), 1);
      await appBarOnOneLine(page);
      await announcementsOnOneLine(page);
      await screenshot(page, `layout-390-tracker-${theme}-fr`);
      if (theme === 'light') {
        const id = await card.getAttribute('data-row-id');
        await card.locator('dd').first().click();
        await page.waitForURL(new RegExp(`/pgt/${id}$`));
      }

      // The stock lists: cards too.
      for (const tab of ['id', 'stock', 'movements']) {
        await openWith(page, `${ctx.base}/stock/${tab}`, CARDS);
        assert.equal(await page.locator('main table').count(), 0, tab);
        assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, `${tab} fits the phone's width`);
        await screenshot(page, `layout-390-stock-${tab}-${theme}-fr`);
      }
    }
  } catch (error) {
    await screenshot(page, 'layout-390-failure');
    throw error;
  } finally {
    await apiAs(page, 'POST', '/user/theme/dark').catch(() => undefined);
    await page.close();
  }
});

/** The app bar keeps one line: its height is a toolbar's, the title ends in an ellipsis, the logout button stays. */
async function appBarOnOneLine(page) {
  const bar = await page.locator('header .MuiToolbar-root').first().boundingBox();
  assert.ok(bar.height <= 64, `app bar ${bar.height}px high`);
  assert.equal(await page.getByTestId('app-title').evaluate((e) => getComputedStyle(e).textOverflow), 'ellipsis');
  assert.ok(await page.getByRole('button', { name: 'Se déconnecter' }).isVisible());
  assert.ok(await page.getByRole('button', { name: 'Ouvrir le menu' }).isVisible());
}

/** Each announcement is one line until tapped; a tap opens it whole. */
async function announcementsOnOneLine(page) {
  const first = page.locator('[data-testid=announcement] [aria-expanded]').first();
  await first.waitFor();
  const line = await first.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight) || 24);
  assert.ok((await first.boundingBox()).height <= line + 2, 'one line');
  await first.click();
  assert.equal(await first.getAttribute('aria-expanded'), 'true');
  await first.click();
  assert.equal(await first.getAttribute('aria-expanded'), 'false');
}
