import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_CHECK_INTERVAL_MS } from '@portal/contracts';
import { api, ApiError, errorKeyOf, setTokenDismissHandler, useFetch } from './api';
import { authProvider, refreshToken, startTokenRefresh, stopTokenRefresh } from './authProvider';
import { currentLoginPath, getToken, getUser, TOKEN_KEY, USER_KEY, useStorage } from './session';
import { checkHealth, isServerDown, serviceCheckSettled } from './serverStatus';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

type Call = { url: string; method: string; auth: string | null; body: unknown };
function fakeServer(routes: Record<string, (call: Call) => [number, unknown]>) {
  const calls: Call[] = [];
  const fetchFn = (async (url: string, init: RequestInit = {}) => {
    const headers = init.headers as Record<string, string>;
    const call = {
      url,
      method: init.method ?? 'GET',
      auth: headers.Authorization ?? null,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${url}`];
    if (!route) throw new TypeError('Failed to fetch');
    const [status, payload] = route(call);
    return new Response(JSON.stringify(payload), { status });
  }) as typeof fetch;
  useFetch(fetchFn);
  return calls;
}

const user = { uuid: 'u-1', login: 'alice', firstname: 'Alice', lastname: 'Martin', roles: ['PGT_USER'], avatarURL: null };
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  useStorage(storage);
});
afterEach(() => {
  useFetch();
  stopTokenRefresh();
  setTokenDismissHandler(null);
  vi.useRealTimers();
});

describe('authProvider', () => {
  it('logs in, keeps the token and the user', async () => {
    const calls = fakeServer({ 'POST /api/auth/login': () => [200, { token: 't-1', user }] });
    await authProvider.login({ login: 'alice', password: 'Portal2026' });
    expect(calls[0].body).toEqual({ login: 'alice', password: 'Portal2026' });
    expect(calls[0].auth).toBeNull();
    expect(storage.getItem(TOKEN_KEY)).toBe('t-1');
    expect(JSON.parse(storage.getItem(USER_KEY)!).login).toBe('alice');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getPermissions!({})).resolves.toEqual(['PGT_USER']);
  });

  it('rejects a wrong password with the loginFailed key and keeps no session', async () => {
    fakeServer({ 'POST /api/auth/login': () => [401, { error: { key: 'loginFailed', message: 'wrong' } }] });
    const error = await authProvider.login({ login: 'alice', password: 'nope' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.key).toBe('loginFailed');
    expect(getToken()).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toThrow();
  });

  it('carries the blocked-account seconds', async () => {
    fakeServer({ 'POST /api/auth/login': () => [423, { error: { key: 'accountBlocked', message: 'blocked', params: { seconds: 300 } } }] });
    const error = await authProvider.login({ login: 'alice', password: 'x' }).catch((e) => e);
    expect(error.status).toBe(423);
    expect(error.params.seconds).toBe(300);
  });

  it('replaces the token on each check, every TOKEN_CHECK_INTERVAL_MS', async () => {
    vi.useFakeTimers();
    storage.setItem(TOKEN_KEY, 'old');
    let n = 0;
    const calls = fakeServer({ 'GET /api/user/token/check': () => [200, { ok: true, token: `new-${++n}` }] });
    startTokenRefresh();
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[0].auth).toBe('Bearer old');
    expect(getToken()).toBe('new-1');
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    expect(calls[1].auth).toBe('Bearer new-1');
    expect(getToken()).toBe('new-2');
  });

  it('calls the tokenDismiss handler when the server rejects the token', async () => {
    storage.setItem(TOKEN_KEY, 'revoked');
    fakeServer({ 'GET /api/user/token/check': () => [401, { error: { key: 'tokenDismiss', message: 'revoked' } }] });
    const dismissed = vi.fn();
    setTokenDismissHandler(dismissed);
    await expect(refreshToken()).rejects.toBeInstanceOf(ApiError);
    expect(dismissed).toHaveBeenCalledOnce();
  });

  it('does not treat a failed login (anonymous 401) as a dismissed session', async () => {
    fakeServer({ 'POST /api/auth/login': () => [401, { error: { key: 'loginFailed', message: 'wrong' } }] });
    const dismissed = vi.fn();
    setTokenDismissHandler(dismissed);
    await authProvider.login({ login: 'a', password: 'b' }).catch(() => undefined);
    expect(dismissed).not.toHaveBeenCalled();
  });

  it('logs out on the server and forgets the session', async () => {
    storage.setItem(TOKEN_KEY, 't-1');
    storage.setItem(USER_KEY, JSON.stringify(user));
    const calls = fakeServer({ 'POST /api/auth/logout': () => [200, { ok: true }] });
    await authProvider.logout({});
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/logout', auth: 'Bearer t-1' });
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
  });

  it('sends an ended session to the login page that brings the user back (spec §2 backpath)', () => {
    expect(currentLoginPath({ pathname: '/stock/movements', search: '?filter=%7B%7D' })).toBe(
      '/login?backpath=%2Fstock%2Fmovements%3Ffilter%3D%257B%257D',
    );
    expect(currentLoginPath({ pathname: '/', search: '' })).toBe('/login?backpath=%2Fdashboard');
    // Already on the login page (the session watcher was first): its backpath stays.
    expect(currentLoginPath({ pathname: '/login', search: '?backpath=%2Fstock%2Fmovements' })).toBe('/login?backpath=%2Fstock%2Fmovements');
  });

  it('reports the server down when the gateway cannot be reached', async () => {
    fakeServer({});
    const error = (await api('/announcements').catch((e) => e)) as Error;
    expect(errorKeyOf(error)).toBe('serverUnavailable');
    expect(isServerDown()).toBe(true);
    fakeServer({ 'GET /api/health': () => [200, { status: 'ok' }] });
    await expect(checkHealth()).resolves.toBe(true);
    expect(isServerDown()).toBe(false);
  });

  it('reports the server down on a 503 when the auth service is down too', async () => {
    fakeServer({
      'GET /api/announcements': () => [503, { error: { key: 'serverUnavailable', message: 'down' } }],
      'GET /api/health': () => [503, { status: 'degraded', services: { auth: { up: false, db: false }, admin: { up: true, db: true } } }],
    });
    const error = (await api('/announcements').catch((e) => e)) as ApiError;
    expect(error.key).toBe('serverUnavailable');
    await serviceCheckSettled();
    expect(isServerDown()).toBe(true);
    fakeServer({ 'GET /api/health': () => [200, { status: 'ok' }] });
    await checkHealth();
  });

  it('keeps the portal up when only the service behind a call is unavailable', async () => {
    fakeServer({
      'GET /api/fever/probes': () => [503, { error: { key: 'serverUnavailable', message: 'no service answers fever.probes.list' } }],
      'GET /api/health': () => [503, { status: 'degraded', services: { auth: { up: true, db: true }, fever: { up: false, db: false } } }],
    });
    const error = (await api('/fever/probes').catch((e) => e)) as ApiError;
    expect(error.key).toBe('serverUnavailable');
    await serviceCheckSettled();
    expect(isServerDown()).toBe(false);
  });

  it('reports the server down on a proxy’s bare 502', async () => {
    fakeServer({ 'GET /api/announcements': () => [502, 'Bad Gateway'] });
    await api('/announcements').catch(() => undefined);
    expect(isServerDown()).toBe(true);
    fakeServer({ 'GET /api/health': () => [200, { status: 'ok' }] });
    await checkHealth();
  });
});
