import { fetchUtils, type DataProvider } from 'ra-core';
import { getToken } from './session';

/**
 * react-admin resources (lists and forms of later modules) go through ra-data-simple-rest against
 * /api. It is loaded on first use so that the login route stays small.
 */
let provider: Promise<DataProvider> | null = null;
function load(): Promise<DataProvider> {
  provider ??= import('ra-data-simple-rest').then(({ default: simpleRestProvider }) =>
    simpleRestProvider('/api', (url, options = {}) => {
      const headers = new Headers(options.headers ?? { Accept: 'application/json' });
      const token = getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return fetchUtils.fetchJson(url, { ...options, headers });
    }),
  );
  return provider;
}

export const dataProvider = new Proxy({} as DataProvider, {
  get(_target, method: string) {
    if (method === 'then') return undefined;
    return (...args: unknown[]) => load().then((p) => (p[method] as (...a: unknown[]) => Promise<unknown>)(...args));
  },
});
