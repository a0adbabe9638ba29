/**
 * The code of the signed-in screens (the Shell: MUI, the layout; the dashboard, where a sign-in lands, and its charts),
 * fetched while the user types their password: after the click, the dashboard waits only for its data
 * (issue 36 item 8; measured by tests/bench/web-bundle.mjs). The same modules App's lazy Shell imports.
 */
export function warmShell(): void {
  void Promise.all([import('../layout/Shell'), import('../dashboard/DashboardPage'), import('../dashboard/ChartTile')]).catch(
    () => undefined,
  );
}
