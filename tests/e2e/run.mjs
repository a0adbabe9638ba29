// Runs every browser journey in one process, so they share one backend and one browser.
// Usage: node tests/e2e/run.mjs   (after npm run build:server && npm run build:web)
// One journey alone: node --test tests/e2e/<name>.e2e.mjs
const ORDER = [
  'auth',
  'tiles',
  'dashboard',
  'settings',
  'password',
  'stock',
  'pgt',
  'tracerroute',
  'delivery',
  'cold-chain',
  'serialtracker',
  'exports',
  'huby',
  'huby-labels',
  'french-words',
  'a11y',
  'unavailable',
];
for (const name of ORDER) await import(`./${name}.e2e.mjs`);
