import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, NetworkError, setTokenDismissHandler, shedDelayMs, SHED_RETRIES } from './api';
import { queuedCount } from './queued';
import { serviceCheckSettled } from './serverStatus';
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

  describe('a read the server shed (503 with retryAfter)', () => {
    const shed = () => answer(503, { error: { key: 'serverUnavailable', message: 'busy', params: { retryAfter: 1 } } });
    afterEach(() => vi.useRealTimers());

    it('is asked again after Retry-After with jitter, counted as queued meanwhile, and answers when served', async () => {
      vi.useFakeTimers();
      const fetch = vi
        .fn()
        .mockResolvedValueOnce(shed())
        .mockResolvedValueOnce(shed())
        .mockResolvedValueOnce(answer(200, [{ id: 7 }]));
      vi.stubGlobal('fetch', fetch);
      const call = apiRequest('/orders?filter={"q":"CDE"}');
      await vi.advanceTimersByTimeAsync(10);
      expect(queuedCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(1_600);
      await vi.advanceTimersByTimeAsync(1_600);
      expect(await (await call).json()).toEqual([{ id: 7 }]);
      expect(fetch).toHaveBeenCalledTimes(3);
      expect(queuedCount()).toBe(0);
    });

    it(`gives up after ${SHED_RETRIES} retries with serverUnavailable for that screen alone`, async () => {
      vi.useFakeTimers();
      const fetch = vi.fn(async () => shed());
      vi.stubGlobal('fetch', fetch);
      const call = apiRequest('/tracerroute').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(await call).toMatchObject({ status: 503, key: 'serverUnavailable' });
      expect(fetch).toHaveBeenCalledTimes(1 + SHED_RETRIES);
      expect(queuedCount()).toBe(0);
    });

    it('is never asked again for a write, nor for a 503 that names no retry (a service gone)', async () => {
      const fetch = vi.fn(async () => shed());
      vi.stubGlobal('fetch', fetch);
      await expect(apiRequest('/orders', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 503 });
      expect(fetch).toHaveBeenCalledTimes(1);
      const gone = vi.fn(async (_url: string) => answer(503, { error: { key: 'serverUnavailable', message: 'no answer' } }));
      vi.stubGlobal('fetch', gone);
      await expect(apiRequest('/orders')).rejects.toMatchObject({ status: 503 });
      // The read is not asked again. (The portal's health may be probed once, unless an earlier test left it known down.)
      await serviceCheckSettled();
      expect(gone.mock.calls.filter(([url]) => url === '/api/orders')).toHaveLength(1);
      expect(gone.mock.calls.filter(([url]) => url !== '/api/orders' && !url.startsWith('/api/health'))).toEqual([]);
    });

    it('stops waiting when the screen aborts the read', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => shed()),
      );
      const controller = new AbortController();
      const call = apiRequest('/orders', { signal: controller.signal }).catch((e: Error) => e.name);
      await new Promise((r) => setTimeout(r, 10));
      expect(queuedCount()).toBe(1);
      controller.abort();
      expect(await call).toBe('AbortError');
      expect(queuedCount()).toBe(0);
    });

    it('waits Retry-After plus up to half of it again', () => {
      expect(shedDelayMs(1, () => 0)).toBe(1000);
      expect(shedDelayMs(2, () => 0.999)).toBeLessThanOrEqual(3000);
      expect(shedDelayMs(2, () => 0.5)).toBe(2500);
    });
  });
});
