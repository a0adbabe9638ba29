// Steps every journey shares, written as a user does them.
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
 * Waits for the page's answers to come in. Playwright's "networkidle" (no connection for 500 ms) is
 * never reached once a screen keeps its live-event stream open (GET /api/live), so it is waited for
 * `timeoutMs` at most, then `pauseMs` for the layout and MUI's transitions.
 */
export async function quiet(page, { timeoutMs = 5_000, pauseMs = 300 } = {}) {
  await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => undefined);
  await page.waitForTimeout(pauseMs);
}
