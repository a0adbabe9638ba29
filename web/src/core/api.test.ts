import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, NetworkError, setTokenDismissHandler } from './api';
import { setToken, useStorage } from './session';

const memory = new Map<string, string>();
useStorage({
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
  removeItem: (k) => void memory.delete(k),
});

const answer = (status: number, body?: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status });

describe('apiRequest, the one way to the API', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setTokenDismissHandler(null);
  });

  it('sends the token and answers the Response of a success', async () => {
    setToken('t0k');
    const fetch = vi.fn(async () => answer(200, [{ id: 1 }]));
    vi.stubGlobal('fetch', fetch);
    const response = await apiRequest('/orders?range=[0,24]', { accept: '*/*' });
    expect(await response.json()).toEqual([{ id: 1 }]);
    expect(fetch).toHaveBeenCalledWith('/api/orders?range=[0,24]', expect.objectContaining({ method: 'GET' }));
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers).toMatchObject({ Authorization: 'Bearer t0k', Accept: '*/*' });
  });

  it('ends the session on a dismissed token, from any call (lists and files too)', async () => {
    setToken('expired');
    const dismissed = vi.fn();
    setTokenDismissHandler(dismissed);
    vi.stubGlobal('fetch', async () => answer(401, { error: { key: 'tokenDismiss', message: 'expired' } }));
    await expect(apiRequest('/tracerroute')).rejects.toMatchObject({ status: 401, key: 'tokenDismiss' });
    expect(dismissed).toHaveBeenCalledTimes(1);
  });

  it('gives the catalogue key, or unexpectedError for a body without one', async () => {
    vi.stubGlobal('fetch', async () => answer(500));
    await expect(apiRequest('/orders')).rejects.toMatchObject({ status: 500, key: 'unexpectedError' });
    vi.stubGlobal('fetch', async () => answer(409, { error: { key: 'nothingToRemove', message: 'x', params: { n: 0 } } }));
    const failure = apiRequest('/orders/1/pods', { method: 'DELETE' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ key: 'nothingToRemove', params: { n: 0 } });
  });

  it('lets an aborted call through untouched, and calls a failed connection a NetworkError', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    vi.stubGlobal('fetch', async () => Promise.reject(abort));
    await expect(apiRequest('/orders')).rejects.toBe(abort);
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/orders')).rejects.toBeInstanceOf(NetworkError);
  });
});
