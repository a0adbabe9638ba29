// Debian's Chromium driven by playwright-core; never a downloaded browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { trackRequests } from './requests.mjs';

/**
 * Debian's Chromium for the journeys: its headless shell when installed (package chromium-headless-shell,
 * the same Blink without the browser's windowing layers: a group of journeys measured 21 % less of
 * Chromium's CPU time and 8 % less time), else the browser itself. CHROMIUM_PATH chooses.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? installedChromium() ?? '/usr/bin/chromium';

/** The Chromium the journeys would run on this machine, in that order of preference; undefined when none is installed. */
export function installedChromium() {
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
}
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A fresh browser with its own throw-away profile. `close()` removes the profile; `reset()` starts
 * again on a new one (a group's next journey file starts as it would alone). A French browser in
 * Paris unless told otherwise (a journey checks the portal does not follow the browser's language).
 */
export async function launchBrowser({ locale = 'fr-FR', timezoneId = 'Europe/Paris' } = {}) {
  const open = async () => {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-chromium-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1366, height: 900 },
      locale,
      timezoneId,
    });
    // Every page's requests are followed from its opening (quiet() waits for them, live streams aside).
    context.on('page', trackRequests);
    context.pages().forEach(trackRequests);
    return { context, userDataDir };
  };
  let current = await open();
  const close = async () => {
    await current.context.close().catch(() => undefined);
    fs.rmSync(current.userDataDir, { recursive: true, force: true });
  };
  return {
    get context() {
      return current.context;
    },
    async newPage() {
      return current.context.newPage();
    },
    async reset() {
      await close();
      current = await open();
    },
    close,
  };
}

/**
 * Whether the journeys take their pictures (tests/artifacts/screenshots), for a person to look at: yes unless
 * E2E_SCREENSHOTS=0, which `npm test` sets unless told otherwise (nobody looks at a run's pictures there; the
 * CPU they cost is a few per cent of Chromium's, within the machine's noise).
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/** A picture of the whole page, or of one element when given a locator; the file, or undefined when pictures are off. */
export async function screenshot(target, name) {
  if (!TAKE_SCREENSHOTS) return undefined;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  // Transitions finished first (a dialog's fade-in), so that the picture shows what the user reads.
  if ('goto' in target) await target.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  else await target.screenshot({ path: file, animations: 'disabled' });
  return file;
}
