// Steps every journey shares, written as a user does them.
import { requestsSettled, trackRequests } from './requests.mjs';

export const PASSWORD = 'Portal2026';

export async function login(page, baseUrl, user, password = PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login').fill(user);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
}

export async function loginToDashboard(page, baseUrl, user) {
  await login(page, baseUrl, user);
  await page.waitForURL(/\/dashboard$/);
  await page
    .getByTestId('app-tiles')
    .or(page.getByText(/Aucune application|No application/))
    .first()
    .waitFor();
}

export async function appTileIds(page) {
  await page.getByTestId('app-tiles').waitFor();
  return page.locator('[data-testid=app-tiles] a[data-app]').evaluateAll((links) => links.map((a) => a.dataset.app));
}

/**
 * Waits for the page's answers to come in: no request in flight for 500 ms, the live-event stream
 * (GET /api/live, open as long as the screen) not counted, `timeoutMs` at most; then `pauseMs` for the
 * layout and MUI's transitions. A page not followed since it opened falls back to Playwright's
 * "networkidle", which a live screen never reaches (it then waits the whole `timeoutMs`).
 */
export async function quiet(page, { timeoutMs = 5_000, pauseMs = 300 } = {}) {
  // Its requests followed since it opened (support/requests.mjs): the live stream is not waited for.
  if (!(await requestsSettled(page, { timeoutMs }))) {
    trackRequests(page);
    await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => undefined);
  }
  await page.waitForTimeout(pauseMs);
}
