// The browser journeys in groups that share one backend and one browser: each group is one
// `node --test --test-isolation=none` process, which runs its files in the order of their file names (listed so here).
// A backend start with its demo data is most of a short journey's time; files that change what
// another reads are kept apart. A journey file no group names runs alone, so a new file is never
// skipped. Used by infra/scripts/test.mjs and tests/e2e/run.mjs; one file alone: node --test tests/e2e/<name>.e2e.mjs
import fs from 'node:fs';
import path from 'node:path';

export const E2E_DIR = path.resolve(import.meta.dirname, '..');

// npm test runs the groups two at a time in this order, and beside them, in a lane of their own, the
// walks (WALKS). Measured 2026-12-05 on 2 cores, two at a time: deliveries 256 s, shell 295 s, back office
// 254 s, Huby 200 s, each keeping about one core busy (the browser's pages most of it: two groups kept the
// machine 87 % busy); the walks 398 s together but 27 % of the machine's time (waits for each page to
// settle): run after the others, they were 6.6 minutes of a run with one core idle.
/**
 * The walks: every page as alice and admin at 1366 px and on a phone, and in the pseudo-locale; each on its
 * own backend, where they make only what a page needs to show (a webhook endpoint, support/walk.mjs MAKERS).
 * They wait more than they work (each page settles): npm test runs them one after the other in a lane of
 * their own, beside the E2E_CONCURRENCY lanes of the other groups.
 */
export const WALKS = ['route-walk', 'pseudo-locale'];

export const GROUPS = [
  // Deliveries, claims and reports on tracking's demo orders: the first waits for them, the others find them loaded
  // (public-tracking only reads: the recipient's page of one of them).
  ['alerts', 'claims', 'cold-chain', 'delivery', 'live', 'pgt', 'public-tracking', 'reports', 'serialtracker', 'tracerroute'],
  // Shell and dashboard: alice's tiles and filters are set again by the journeys that read them.
  ['a11y', 'auth', 'dashboard', 'french-words', 'integrations', 'layout', 'settings', 'tiles', 'webhooks'],
  // Back office, Fever, Geo-order and the Huby import; password changes admin's password and blocks
  // carla, so no journey after it (by name) signs in as either; unavailable stops and restarts the backend.
  [
    'admin-import',
    'admin-reference',
    'admin-statistics',
    'admin-translations',
    'admin-transport',
    'admin-users',
    'fever',
    'geo-order',
    'huby-import',
    'password',
    'unavailable',
  ],
  // Huby's labels, shipments, Loop and Stock: their own records (new orders carry a run-unique reference).
  ['huby-carriers', 'huby-chronopost', 'huby-labels', 'huby-rates', 'huby', 'loop', 'stock'],
  // The walks (WALKS below), each a group of its own.
  ...WALKS.map((walk) => [walk]),
  // exports starts its own backend (a 1-row export threshold that mails every export).
  ['exports'],
];

/** Every journey file as groups of paths: the groups above, then each unnamed file alone. */
export function journeyGroups(dir = E2E_DIR) {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.mjs'))
    .map((f) => f.slice(0, -'.e2e.mjs'.length));
  const named = new Set(GROUPS.flat());
  const groups = GROUPS.map((g) => g.filter((name) => files.includes(name)));
  for (const name of files) if (!named.has(name)) groups.push([name]);
  return groups
    .filter((g) => g.length)
    .map((g) => ({
      name: g.join('+'),
      files: g.map((n) => path.join(dir, `${n}.e2e.mjs`)).sort(),
      walk: g.every((n) => WALKS.includes(n)),
    }));
}

/**
 * The arguments of `node` that run one group: its files in one process, in order; the process ends
 * once its tests are done even if something it started is left open (never a hung run).
 */
export function groupArgs(group, reporters = ['--test-reporter=spec']) {
  return ['--test', '--test-isolation=none', '--test-force-exit', ...reporters, ...group.files];
}
