// Web bundle budget (issue 3): gzipped JS of the login and dashboard routes, time to a visible
// login form and from the login click to a usable dashboard, in headless Chromium on localhost.
// Prints figures next to the targets; never fails.
// Usage: npm run build:web && npm run build:server && node tests/bench/web-bundle.mjs [runs]
//        BENCH_BASE_URL=http://127.0.0.1:3000 node tests/bench/web-bundle.mjs   (a running server)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT, startBackend } from '../e2e/support/server.mjs';
import { waitForDemoData } from '../e2e/support/walk.mjs';

const DIST = path.join(ROOT, 'web/dist');
const RUNS = Number(process.argv[2] ?? 7);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function fromManifest() {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
  const closure = (keys) => {
    const seen = new Set();
    const walk = (k) => {
      if (seen.has(k) || !manifest[k]) return;
      seen.add(k);
      (manifest[k].imports ?? []).forEach(walk);
    };
    keys.forEach(walk);
    return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  };
  const key = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));
  const login = closure(['index.html']);
  const dashboard = closure(['index.html', key('layout/Shell.tsx'), key('dashboard/DashboardPage.tsx')]);
  const sum = (files) => files.reduce((t, f) => t + gz(f), 0);
  return {
    login: sum(login),
    dashboard: sum(dashboard),
    charts: sum(closure([key('dashboard/ChartTile.tsx')]).filter((f) => !dashboard.includes(f))),
  };
}

async function inBrowser(baseUrl) {
  const browser = await chromium.launch({
    // The browser users run (Debian's Chromium), not the journeys' headless shell: the figures are a user's.
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const loginVisible = [];
  const dashboardUsable = [];
  let loginJs = 0;
  let dashboardJs = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const js = new Set();
      page.on('response', (r) => r.url().endsWith('.js') && js.add(new URL(r.url()).pathname.slice(1)));
      // Records when the login field is first in the DOM and visible, relative to navigation start.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          const field = document.getElementById('login');
          if (field && field.offsetParent !== null) {
            window.__loginVisibleAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${baseUrl}/login`);
      await page.waitForFunction(() => window.__loginVisibleAt !== undefined);
      loginVisible.push(await page.evaluate(() => window.__loginVisibleAt));
      loginJs = [...js].reduce((t, f) => t + gz(f), 0);

      await page.fill('#login', 'alice');
      await page.fill('#password', 'Portal2026');
      // A person takes a few seconds to type a login and a password: what the page loads meanwhile (the
      // screens behind the sign-in, from the first keystroke) is loaded before the click.
      await page.waitForLoadState('networkidle');
      const start = Date.now();
      await page.click('button[type=submit]');
      await page.waitForSelector('[data-testid=app-tiles]');
      await page.waitForSelector('#pinned-title');
      dashboardUsable.push(Date.now() - start);
      dashboardJs = [...js].reduce((t, f) => t + gz(f), 0);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { loginVisible: median(loginVisible), dashboardUsable: median(dashboardUsable), loginJs, dashboardJs };
}

const row = (label, value, target) => console.log(`${label.padEnd(44)} ${String(value).padStart(10)}   target ${target}`);
const files = fromManifest();
console.log(`web bundle (web/dist, gzip -9), ${RUNS} runs in headless Chromium`);
row('login route JS (manifest closure)', kb(files.login), '≤ 150 KB');
row('dashboard route JS (manifest closure)', kb(files.dashboard), '-');
row('chart tiles JS (loaded with the first chart)', kb(files.charts), '-');
let backend = null;
try {
  // BENCH_BASE_URL: measure a server that is already running instead of starting one.
  const baseUrl = process.env.BENCH_BASE_URL ?? (backend = await startBackend()).baseUrl;
  // A portal still loading its demo data keeps the cores busy: the times are those of a portal at rest.
  if (backend) await waitForDemoData(backend);
  const b = await inBrowser(baseUrl);
  row('login route JS (recorded in Chromium)', kb(b.loginJs), '≤ 150 KB');
  row('dashboard JS after login (recorded)', kb(b.dashboardJs), '-');
  row('login form visible (median)', `${b.loginVisible.toFixed(0)} ms`, '≤ 300 ms');
  row('login click → usable dashboard (median)', `${b.dashboardUsable} ms`, '≤ 1000 ms');
} catch (error) {
  console.log(`browser figures not measured: ${error.message.split('\n')[0]}`);
} finally {
  await backend?.close();
}
