// The pseudo-locale walk (issue 36, "How it is checked"): the route walk's pages (web/src/routes.ts) as
// alice and admin at 1366×768, the app started in the tests' pseudo-locale, where every catalogue
// message reads ⟦àççéñţéð···⟧ (web/src/i18n/pseudo.ts), 30 % longer. A visible word outside the brackets
// is a word that bypasses the five catalogues, and a message cut short (an ellipsis, a hidden overflow)
// will be cut in a longer language: the walk lists both per page and fails. Data is not a word of the
// portal: numbers, codes and references, what the API answered (names, labels, addresses), and the
// words the browser writes for dates and numbers in the user's language.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { ROOT } from './support/server.mjs';
import {
  cutTexts,
  localeWords,
  openInApp,
  PSEUDO_LOCALE_KEY,
  settle,
  showsMessage,
  strayWords,
  unwrappedTexts,
  waitForDemoData,
  walkPlan,
  watchData,
  watchPage,
} from './support/walk.mjs';

const ctx = useJourney();

const USERS = ['alice', 'admin'];

const require = createRequire(import.meta.url);
const { ADMIN_IMPORT_COLUMNS, IMPORT_ORDER_COLUMNS, IMPORT_PACKAGE_COLUMNS, LOCALES } = require(
  path.join(ROOT, 'dist/libs/contracts/src/index.js'),
);
const IMPORT_COLUMN_NAMES = [...IMPORT_ORDER_COLUMNS, ...IMPORT_PACKAGE_COLUMNS, ...Object.values(ADMIN_IMPORT_COLUMNS).flat()].map(
  (c) => c.name,
);
const exactly = (words) => new RegExp(`^(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

/**
 * Words that stay outside the catalogues on purpose: `route` (a pattern, or none for every page) and
 * `text` matching the unwrapped text, with the reason.
 */
const EXPECTED = [
  {
    text: exactly(LOCALES.map((l) => l.label)),
    reason: 'each language is named in its own language (contracts LOCALES), so that a user finds theirs whatever the screen speaks',
  },
  {
    text: exactly(IMPORT_COLUMN_NAMES),
    reason:
      'the import help names each column as the file’s header must hold it (contracts imports), beside its words in the user’s language',
  },
  {
    route: '/geo-order',
    text: /^Natural Earth · GeoNames · INSEE$/,
    reason: 'the map credits its data sources by their names, as their licences ask',
  },
];

/** Words outside the catalogues not fixed yet, each reported in the issue's note: `route`, `text`, why. */
const KNOWN = [];

/** Catalogue texts the lengthening cuts, not fixed yet: the `messages` (their French words) and why. */
const KNOWN_CUT = [];

const listed = (table, f) => table.find((k) => (!k.route || k.route === f.route) && k.text.test(f.text));

for (const user of USERS) {
  test(`${user} in the pseudo-locale: every word on every page comes from the catalogues`, async () => {
    const page = await newTab(ctx);
    const watch = watchPage(page);
    const data = watchData(page);
    const findings = [];
    try {
      await waitForDemoData(ctx.backend);
      await page.setViewportSize({ width: 1366, height: 768 });
      // The app reads the key at its start: the sign-in page below is loaded with it.
      await page.evaluate((key) => localStorage.setItem(key, '1'), PSEUDO_LOCALE_KEY);
      await loginToDashboard(page, ctx.base, user);
      assert.match(await page.locator('main').innerText(), /⟦/, 'the app runs in the pseudo-locale');
      const locale = await localeWords(page);
      const me = await apiAs(page, 'GET', '/user/me');
      const { plan, findings: unresolved } = await walkPlan(page, watch, me.body.roles, { backend: ctx.backend });
      for (const f of unresolved) findings.push(`${f.route}: ${f.kind}: ${f.detail}`);
      for (const { pattern, paths } of plan) {
        for (const path of paths) {
          watch.route = pattern;
          await openInApp(page, path);
          await settle(page, watch);
          await data.settled();
          const stray = (await unwrappedTexts(page))
            .map((t) => ({ route: pattern, text: t.text, tag: t.tag, words: strayWords(t.text, { data: data.words, locale }) }))
            .filter((t) => t.words.length && !listed(EXPECTED, t) && !listed(KNOWN, t));
          const cut = (await cutTexts(page)).filter((text) => !KNOWN_CUT.some((k) => k.messages.some((m) => showsMessage(text, m))));
          if (cut.length) findings.push(`${path}: cut by the lengthening: ${cut.join(', ')}`);
          if (stray.length)
            findings.push(`${path}: ${stray.map((t) => `<${t.tag}> "${t.text.slice(0, 100)}" (${t.words.join(' ')})`).join(', ')}`);
        }
      }
      watch.route = '(end)';
    } finally {
      await page.close();
    }
    // The pseudo-locale must not break a page either.
    for (const e of watch.events.filter((e) => e.kind === 'page error')) findings.push(`${e.route}: page error: ${e.detail}`);
    if (findings.length && data.unread.length) findings.push(`(API answers not read, their data unknown: ${data.unread.join('; ')})`);
    // The findings themselves are the message: CI keeps a failure's first lines, not a diff of the list.
    assert.deepEqual(findings, [], `${findings.length} finding(s): ${findings.join(' ¦ ')}`);
  });
}
