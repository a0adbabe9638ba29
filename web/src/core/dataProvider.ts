import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'ra-core';
import { apiRequest, type ApiOptions } from './api';

/**
 * The one data provider of the web: ra-data-simple-rest against /api, through `apiRequest` (bearer
 * token, expired session → /login?backpath=…, error envelope → ApiError with its catalogue key),
 * extended with the gateway's list conventions:
 * - an uncounted total, `Content-Range: <resource> a-b/*` with `X-Has-More: true|false`, becomes
 *   react-admin's `pageInfo` instead of `total`;
 * - keyset pages: `meta.cursor` is sent as the `cursor` query parameter and the answer's
 *   `X-Next-Cursor` comes back as `meta.nextCursor`;
 * - `meta.permanent`: filter values the user does not edit, merged over the filter.
 * ra-data-simple-rest is loaded on first use so that the login route stays small.
 */

type SimpleRestProvider = (apiUrl: string, httpClient: HttpClient) => DataProvider;
type HttpClient = (url: string, options?: RequestInit) => Promise<{ status: number; headers: Headers; body: string; json: unknown }>;

/** What the list page asked besides filter, range and sort, and the headers it was answered with. */
interface ListExchange {
  cursor?: string;
  headers?: Headers;
}

/** The query string of a list or an export: JSON filter (blank values left out), sort and range. */
export function listQuery(filter: object, sort?: { field: string; order: string }, range?: [number, number]): URLSearchParams {
  const q = new URLSearchParams();
  q.set('filter', JSON.stringify(withoutBlanks(filter)));
  if (sort?.field) q.set('sort', JSON.stringify([sort.field, sort.order === 'DESC' ? 'DESC' : 'ASC']));
  if (range) q.set('range', JSON.stringify(range));
  return q;
}

const withoutBlanks = (filter: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** ra-data-simple-rest's HTTP client, through apiRequest; a list exchange adds its cursor and keeps the headers. */
function httpClient(exchange?: ListExchange): HttpClient {
  return async (url, options = {}) => {
    const path = exchange?.cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(exchange.cursor)}` : url;
    const response = await apiRequest(path, {
      method: (options.method ?? 'GET') as ApiOptions['method'],
      body: typeof options.body === 'string' ? (JSON.parse(options.body) as unknown) : undefined,
      signal: options.signal ?? undefined,
    });
    if (exchange) exchange.headers = response.headers;
    const body = await response.text();
    let json: unknown = null;
    try {
      json = body ? JSON.parse(body) : null;
    } catch {
      // not JSON: ra-data-simple-rest only reads `json`, which stays null
    }
    return { status: response.status, headers: response.headers, body, json };
  };
}

/** The page's size facts: a counted total, or whether a next page exists (and its cursor). */
export function pageOf<T extends RaRecord>(data: T[], headers: Headers, page: number): GetListResult<T> {
  const nextCursor = headers.get('X-Next-Cursor') || null;
  const meta = nextCursor ? { nextCursor } : undefined;
  const total = (headers.get('Content-Range') ?? '').split('/').pop() ?? '';
  if (/^\d+$/.test(total)) return { data, total: Number(total), ...(meta && { meta }) };
  return {
    data,
    pageInfo: { hasNextPage: nextCursor !== null || headers.get('X-Has-More') === 'true', hasPreviousPage: page > 1 },
    ...(meta && { meta }),
  };
}

/** ra-data-simple-rest, extended with uncounted totals, keyset cursors and permanent filters. */
export function portalDataProvider(simpleRest: SimpleRestProvider): DataProvider {
  const base = simpleRest('', httpClient());

  async function getList<T extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<T>> {
    const cursor = typeof params.meta?.cursor === 'string' && params.meta.cursor ? (params.meta.cursor as string) : undefined;
    const exchange: ListExchange = { cursor };
    const filter = withoutBlanks({ ...(params.filter ?? {}), ...(params.meta?.permanent ?? {}) });
    // A provider per page: its client carries this page's cursor and keeps its headers.
    const { data } = await simpleRest('', httpClient(exchange)).getList<T>(resource, { ...params, filter });
    return pageOf(data, exchange.headers ?? new Headers(), params.pagination?.page ?? 1);
  }

  return {
    ...base,
    supportAbortSignal: true,
    getList,
    // The gateway reads one record per id (no `filter={"id":[…]}` on every resource).
    getMany: async (resource, params) => ({
      data: await Promise.all(
        params.ids.map(async (id) => (await base.getOne(resource, { id, meta: params.meta, signal: params.signal })).data),
      ),
    }),
    getManyReference: (resource, { target, id, filter, ...params }) =>
      getList(resource, { ...params, filter: { ...filter, [target]: id } }),
  };
}

const METHODS = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;

let loading: Promise<DataProvider> | null = null;
function load(): Promise<DataProvider> {
  loading ??= import('ra-data-simple-rest').then(
    ({ default: simpleRest }) => portalDataProvider(simpleRest),
    (error: unknown) => {
      loading = null; // a chunk that failed to load is asked again next time
      throw error;
    },
  );
  return loading;
}

export const dataProvider: DataProvider = {
  supportAbortSignal: true,
  ...Object.fromEntries(
    METHODS.map((method) => [
      method,
      async (resource: string, params: unknown) => {
        const provider = await load();
        return (provider[method] as (resource: string, params: unknown) => Promise<unknown>)(resource, params);
      },
    ]),
  ),
} as DataProvider;
