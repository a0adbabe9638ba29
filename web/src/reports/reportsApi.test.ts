import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportReport, reportQuery, runReport } from './reportsApi';
import { paramsFromSearch, customDaysValid } from './params';
import { RESULT } from './fixtures';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the reports API as the web calls it (libs/contracts reports-run routes)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs a report with a predefined range, or two days, and the depositors chosen', async () => {
    const fetch = vi.fn(async () => answer(200, RESULT));
    vi.stubGlobal('fetch', fetch);
    await expect(runReport('1005', { range: 'lastMonth', depositorIds: [1, 2] })).resolves.toEqual(RESULT);
    expect(fetch).toHaveBeenLastCalledWith('/api/reports/1005?range=lastMonth&depositorIds=1%2C2', expect.anything());
    await runReport('1005', { from: '2026-10-01', to: '2026-10-31' });
    expect(fetch).toHaveBeenLastCalledWith('/api/reports/1005?from=2026-10-01&to=2026-10-31', expect.anything());
    await runReport('10/../1', {});
    expect(fetch).toHaveBeenLastCalledWith('/api/reports/10%2F..%2F1', expect.anything());
  });

  it('tells a report without the right (403) from an unknown one (404) by their keys', async () => {
    vi.stubGlobal('fetch', async () => answer(403, { error: { key: 'permissionDenied', message: 'no' } }));
    await expect(runReport('1060', {})).rejects.toMatchObject({ status: 403, key: 'permissionDenied' });
    vi.stubGlobal('fetch', async () => answer(404, { error: { key: 'objectNotFound', message: 'no' } }));
    await expect(runReport('999', {})).rejects.toMatchObject({ status: 404, key: 'objectNotFound' });
  });

  it('exports CSV or XLSX of the run, and tells a large one mailed (202) with the masked address', async () => {
    const fetch = vi.fn(async () => answer(202, { queued: true, email: 'a***e@demo-a.example' }));
    vi.stubGlobal('fetch', fetch);
    await expect(exportReport('1005', 'xlsx', { range: 'rolling90' })).resolves.toEqual({ mailed: true, email: 'a***e@demo-a.example' });
    expect(fetch).toHaveBeenCalledWith('/api/reports/1005/export?range=rolling90&format=xlsx', expect.anything());
  });

  it('reads the run parameters from the page URL, dropping anything malformed', () => {
    expect(paramsFromSearch(new URLSearchParams('range=lastWeek&from=2026-01-01'))).toEqual({ range: 'lastWeek' });
    expect(paramsFromSearch(new URLSearchParams('range=forever&from=2026-01-01&to=2026-13-45x&depositorIds=1,x,2,1'))).toEqual({
      from: '2026-01-01',
      depositorIds: [1, 2],
    });
    expect(reportQuery(paramsFromSearch(new URLSearchParams('from=2026-01-01&to=2026-01-31'))).toString()).toBe(
      'from=2026-01-01&to=2026-01-31',
    );
    expect(customDaysValid('2026-01-31', '2026-01-01')).toBe(false);
    expect(customDaysValid('2026-01-01', '2026-01-01')).toBe(true);
    expect(customDaysValid('', '2026-01-01')).toBe(false);
  });
});
