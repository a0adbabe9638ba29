// Large exports are produced in the background and mailed (spec §9): the notice with the masked
// address, the mailed link opened while signed out (login, then back through the backpath), the file
// downloaded with the user's token; another user opening the same link gets "no longer available".
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, screenshot } from './support/browser.mjs';
import { loginToDashboard, PASSWORD } from './support/portal.mjs';
import { startBackend } from './support/server.mjs';

let backend;
let browser;
let base = '';

before(async () => {
  // Its own backend, not the shared one: with a threshold of 1 row every demo export is mailed.
  const saved = process.env.EXPORT_SYNC_MAX_ROWS;
  process.env.EXPORT_SYNC_MAX_ROWS = '1';
  try {
    backend = await startBackend();
  } finally {
    if (saved === undefined) delete process.env.EXPORT_SYNC_MAX_ROWS;
    else process.env.EXPORT_SYNC_MAX_ROWS = saved;
  }
  base = backend.baseUrl;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await backend?.close();
});

async function newTab() {
  const page = await browser.newPage();
  await page.goto(`${base}/login`);
  await page.evaluate(() => localStorage.clear());
  return page;
}

/** The demo stock loads in the background after start: reload until the list shows rows. */
async function waitForRows(page, url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  await page.goto(url);
  for (;;) {
    try {
      await page.locator('table tbody tr:has(td:nth-child(2))').first().waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.reload();
    }
  }
}

test('bob: a large stock export is mailed, its link downloads it after signing in, alice cannot open it', async () => {
  const page = await newTab();
  try {
    await loginToDashboard(page, base, 'bob');
    await waitForRows(page, `${base}/stock/stock`);
    const since = Date.now();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText('L’export est en cours de production et sera envoyé à b***d@demo-b.example.').waitFor();
    await screenshot(page, 'exports-mailed-notice-fr');

    const mail = await backend.smtp.waitForMail(
      'bob.durand@demo-b.example',
      (m) => m.at >= since && /\/exports\/[0-9a-f-]{36}/.test(m.text),
      60_000,
    );
    const link = /(http:\/\/\S+\/exports\/[0-9a-f-]{36})/.exec(mail.text)[1];
    assert.ok(link.startsWith(base), link);

    // Signed out, the link leads to the login and, once signed in, back to the download.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.waitForURL(/\/login\?backpath=%2Fexports%2F/);
    await page.locator('#login').fill('bob');
    await page.locator('#password').fill(PASSWORD);
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('button[type=submit]').click()]);
    assert.match(page.url(), /\/exports\/[0-9a-f-]{36}$/);
    assert.match(file.suggestedFilename(), /^stock-\d{8}\.csv$/);
    const target = path.join(os.tmpdir(), `portal-${Date.now()}-${file.suggestedFilename()}`);
    await file.saveAs(target);
    const lines = fs
      .readFileSync(target, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    fs.rmSync(target, { force: true });
    assert.match(lines[0], /^Déposant;/);
    assert.ok(lines.length > 2, `${lines.length} lines`);
    assert.ok(
      lines.slice(1).every((line) => line.startsWith('DEMO-B;')),
      'only DEMO-B rows',
    );
    await page.getByText(/Le téléchargement de stock-\d{8}\.csv a démarré\./).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Téléchargement d’un export' }).waitFor();
    await screenshot(page, 'exports-download-fr');

    const alice = await newTab();
    try {
      await loginToDashboard(alice, base, 'alice');
      await alice.goto(link);
      await alice.getByText('Cet export n’est plus disponible.').waitFor();
      await screenshot(alice, 'exports-not-available-fr');
    } finally {
      await alice.close();
    }
  } catch (error) {
    await screenshot(page, 'exports-failure');
    throw error;
  } finally {
    await page.close();
  }
});
