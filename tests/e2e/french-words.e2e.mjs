// No English on French screens: every text of the journeys' screens in French (text nodes, and the
// aria-label, title and placeholder users and screen readers meet) is compared with the English UI
// bundle (the portal's own, react-admin's, and the contracts' five-language labels). A text that is
// an English UI text and not also a French one (Date, Transport, Stock…) fails the test.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { ROOT } from './support/server.mjs';
import { screenshot } from './support/browser.mjs';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { loginToDashboard, quiet } from './support/portal.mjs';

const require = createRequire(import.meta.url);
const ctx = useJourney();

/** Every string leaf of a catalogue. */
function leaves(value, out = []) {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) leaves(v, out);
  return out;
}

/** The contracts' label tables (Labels5: { fr, en, es, it, de }), as [fr, en] pairs. */
function labelPairs(value, out = []) {
  if (value && typeof value === 'object') {
    if (typeof value.fr === 'string' && typeof value.en === 'string' && typeof value.de === 'string') out.push([value.fr, value.en]);
    else for (const v of Object.values(value)) labelPairs(v, out);
  }
  return out;
}

/** A catalogue text as a whole-text pattern: its %{placeholders} (polyglot) match anything. */
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = (text) =>
  new RegExp(
    `^${text
      .split(/%\{\w+\}/)
      .map(escape)
      .join('.+?')}$`,
  );

async function englishTexts() {
  const { en } = await import(`${ROOT}/web/src/i18n/en.ts`);
  const { fr } = await import(`${ROOT}/web/src/i18n/fr.ts`);
  const raEnglish = require('ra-language-english');
  const raFrench = require('ra-language-french');
  const contracts = require(`${ROOT}/dist/libs/contracts/src/index.js`);
  const pairs = labelPairs(contracts);
  const french = new Set([...leaves(fr), ...leaves(raFrench.default ?? raFrench), ...pairs.map(([f]) => f)].map((s) => s.trim()));
  const english = [...leaves(en), ...leaves(raEnglish.default ?? raEnglish), ...pairs.map(([, e]) => e)]
    .map((s) => s.trim())
    // Words the two languages share, and texts whose words are all placeholders, say nothing.
    .filter((s) => /[A-Za-z]{2}/.test(s.replace(/%\{\w+\}/g, '')) && !french.has(s));
  return [...new Set(english)].map((text) => ({ text, re: pattern(text) }));
}

/** The texts of the page a user reads: own text of each visible element, and the labelling attributes. */
function pageTexts(page) {
  return page.evaluate(() => {
    const out = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.replace(/\s+/g, ' ').trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('script,style,[hidden]')) continue;
      out.add(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label],[title],[placeholder]')) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(name)?.replace(/\s+/g, ' ').trim();
        if (value) out.add(value);
      }
    }
    return [...out];
  });
}

test('the journeys’ French screens hold no English UI text', async () => {
  const english = await englishTexts();
  assert.ok(english.length > 500, `the English catalogue was read (${english.length} texts)`);
  const page = await newTab(ctx);
  const found = [];
  const look = async (name) => {
    await quiet(page, { pauseMs: 500 });
    for (const text of await pageTexts(page)) {
      const hit = english.find((e) => e.re.test(text));
      if (hit) found.push(`${name}: "${text}" (en: "${hit.text}")`);
    }
  };
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    await look('dashboard');
    // One order of each kind the detail shows: delivered, returned to sender.
    const orders = (await apiAs(page, 'GET', `/orders?filter=${encodeURIComponent(JSON.stringify({ status: [100, 96, 106] }))}`)).body;
    const stock = (await apiAs(page, 'GET', '/items')).body;
    const paths = [
      '/pgt',
      ...orders.slice(0, 3).map((o) => `/pgt/${o.id}`),
      '/tracerroute',
      '/serialtracker',
      '/stock/id',
      '/stock/stock',
      '/stock/movements',
      '/item',
      ...(stock[0] ? [`/item/${stock[0].id}`] : []),
      '/dashtower',
      '/dashtower/new',
      '/dashtower/addresses',
      '/settings/general',
      '/settings/filter',
      '/settings/password',
      '/settings/profile',
      '/settings/problem',
      '/settings/email',
    ];
    for (const path of paths) {
      await page.goto(`${ctx.base}${path}`);
      await look(path);
    }
    // The item sheet's packing tabs: each variant named in French.
    if (stock[0]) {
      await page.goto(`${ctx.base}/item/${stock[0].id}`);
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        await look(`/item/${stock[0].id} tab`);
      }
    }
    assert.deepEqual(found, [], `English on French screens:\n${found.join('\n')}`);
  } catch (error) {
    await screenshot(page, 'french-words-failure');
    throw error;
  } finally {
    await page.close();
  }
});
