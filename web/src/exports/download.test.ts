import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../core/api';
import { downloadExport } from '../stock/exportFile';
import { downloadStoredExport } from './download';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('exports in the web app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports an export that the server will mail, with the masked address, and downloads nothing', async () => {
    const fetch = vi.fn(async () => answer(202, { queued: true, email: 'a***n@demo-a.example' }));
    vi.stubGlobal('fetch', fetch);
    await expect(downloadExport('/orders/export', 'xlsx', { depositor: 1 })).resolves.toEqual({
      mailed: true,
      email: 'a***n@demo-a.example',
    });
    expect(fetch).toHaveBeenCalledWith('/api/orders/export?filter=%7B%22depositor%22%3A1%7D&format=xlsx', expect.anything());
  });

  it('passes on exportTooLarge with its limit', async () => {
    vi.stubGlobal('fetch', async () => answer(413, { error: { key: 'exportTooLarge', message: 'x', params: { limit: 200000 } } }));
    const refused = downloadExport('/stock/export', 'csv', {});
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 413, key: 'exportTooLarge', params: { limit: 200000 } });
  });

  it('asks for a mailed export by its id, and tells an unknown or expired one by its 404', async () => {
    const fetch = vi.fn(async () => answer(404, { error: { key: 'objectNotFound', message: 'no such export' } }));
    vi.stubGlobal('fetch', fetch);
    await expect(downloadStoredExport('0b7c…/x')).rejects.toMatchObject({ status: 404, key: 'objectNotFound' });
    expect(fetch).toHaveBeenCalledWith('/api/exports/0b7c%E2%80%A6%2Fx', expect.anything());
  });
});
