import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setTokenDismissHandler } from './api';
import { dataProvider, listQuery } from './dataProvider';
import { setToken, useStorage } from './session';

const memory = new Map<string, string>();
useStorage({
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
  removeItem: (k) => void memory.delete(k),
});

const page = (rows: unknown[], headers: Record<string, string>) => new Response(JSON.stringify(rows), { headers });
const failure = (status: number, error: object) => new Response(JSON.stringify({ error }), { status });

/** Answers every call with `response` and records the URLs asked. */
function serve(response: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetch);
  const url = (n = 0) => new URL(String(fetch.mock.calls[n][0]), 'http://portal');
  return { fetch, url };
}

const LIST = { pagination: { page: 1, perPage: 25 }, sort: { field: 'reference', order: 'ASC' as const }, filter: {} };

describe('the data provider (ra-data-simple-rest, extended)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setTokenDismissHandler(null);
  });

  it('reads a counted list as ra-data-simple-rest does, with the bearer token', async () => {
    setToken('t0k');
    const { fetch, url } = serve(() => page([{ id: 1 }, { id: 2 }], { 'Content-Range': 'stock 0-1/42', 'X-Has-More': 'true' }));
    const result = await dataProvider.getList('stock', { ...LIST, filter: { reference: 'AB', lot: '', family: null } });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(url().pathname).toBe('/api/stock');
    expect(JSON.parse(url().searchParams.get('filter')!)).toEqual({ reference: 'AB' });
    expect(url().searchParams.get('range')).toBe('[0,24]');
    expect(url().searchParams.get('sort')).toBe('["reference","ASC"]');
    expect(url().searchParams.has('cursor')).toBe(false);
    const headers = fetch.mock.calls[0][1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer t0k');
  });

  it('turns an uncounted total (`*`) into pageInfo from X-Has-More', async () => {
    serve(() => page([{ id: 26 }], { 'Content-Range': 'movements 25-25/*', 'X-Has-More': 'true' }));
    const next = await dataProvider.getList('movements', { ...LIST, pagination: { page: 2, perPage: 25 } });
    expect(next).toEqual({ data: [{ id: 26 }], pageInfo: { hasNextPage: true, hasPreviousPage: true } });
    serve(() => page([], { 'Content-Range': 'movements 0-0/*', 'X-Has-More': 'false' }));
    const last = await dataProvider.getList('movements', LIST);
    expect(last).toEqual({ data: [], pageInfo: { hasNextPage: false, hasPreviousPage: false } });
    expect(last).not.toHaveProperty('total');
  });

  it('sends meta.cursor as the cursor parameter and answers X-Next-Cursor as meta.nextCursor', async () => {
    const { url } = serve(() => page([{ id: 7 }], { 'Content-Range': 'orders 25-25/*', 'X-Next-Cursor': 'c2' }));
    const result = await dataProvider.getList('orders', {
      filter: { q: 'CMD', status: [90] },
      sort: { field: 'createdAt', order: 'DESC' },
      pagination: { page: 2, perPage: 25 },
      meta: { cursor: 'c1' },
    });
    expect(result).toEqual({ data: [{ id: 7 }], pageInfo: { hasNextPage: true, hasPreviousPage: true }, meta: { nextCursor: 'c2' } });
    expect(url().pathname).toBe('/api/orders');
    expect(url().searchParams.get('cursor')).toBe('c1');
    expect(JSON.parse(url().searchParams.get('filter')!)).toMatchObject({ q: 'CMD', status: [90] });
    expect(url().searchParams.get('range')).toBe('[25,49]');
    expect(url().searchParams.get('sort')).toBe('["createdAt","DESC"]');
  });

  it('ends a keyset list when no X-Next-Cursor comes back', async () => {
    const { url } = serve(() => page([{ id: 1 }], { 'Content-Range': 'tracerroute 0-0/*' }));
    const result = await dataProvider.getList('tracerroute', { ...LIST, meta: { cursor: null } });
    expect(result).toEqual({ data: [{ id: 1 }], pageInfo: { hasNextPage: false, hasPreviousPage: false } });
    expect(url().searchParams.has('cursor')).toBe(false);
  });

  it('merges the permanent filter of meta over the user filter', async () => {
    const { url } = serve(() => page([], { 'Content-Range': 'stock 0-0/0' }));
    await dataProvider.getList('stock', {
      ...LIST,
      filter: { reference: 'AB', view: 'platform' },
      meta: { permanent: { view: 'reference' } },
    });
    expect(JSON.parse(url().searchParams.get('filter')!)).toEqual({ reference: 'AB', view: 'reference' });
  });

  it('throws the error envelope as ApiError with its catalogue key, params and fields', async () => {
    serve(() => failure(400, { key: 'dateRangeTooLarge', message: 'too wide', params: { maxDays: 93 }, fields: { dateTo: 'max' } }));
    const refused = dataProvider.getList('orders', LIST);
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      key: 'dateRangeTooLarge',
      params: { maxDays: 93 },
      fields: { dateTo: 'max' },
    });
  });

  it('ends the session on an expired token (the handler sends to /login?backpath=…)', async () => {
    setToken('expired');
    const dismissed = vi.fn();
    setTokenDismissHandler(dismissed);
    serve(() => failure(401, { key: 'tokenDismiss', message: 'expired' }));
    await expect(dataProvider.getList('stock', LIST)).rejects.toMatchObject({ status: 401, key: 'tokenDismiss' });
    expect(dismissed).toHaveBeenCalledTimes(1);
  });

  it('reads one record, several records one by one, and writes through ra-data-simple-rest', async () => {
    const { fetch, url } = serve(() => new Response(JSON.stringify({ id: 3, reference: 'A' })));
    expect(await dataProvider.getOne('items', { id: 3 })).toEqual({ data: { id: 3, reference: 'A' } });
    expect(url(0).pathname).toBe('/api/items/3');
    expect((await dataProvider.getMany('items', { ids: [3, 4] })).data).toHaveLength(2);
    expect([url(1).pathname, url(2).pathname]).toEqual(['/api/items/3', '/api/items/4']);
    await dataProvider.update('items', { id: 3, data: { reference: 'B' }, previousData: { id: 3 } });
    expect(url(3).pathname).toBe('/api/items/3');
    expect(fetch.mock.calls[3][1]).toMatchObject({ method: 'PUT', body: '{"reference":"B"}' });
    await dataProvider.create('items', { data: { reference: 'C' } });
    expect(fetch.mock.calls[4][1]).toMatchObject({ method: 'POST', body: '{"reference":"C"}' });
    await dataProvider.delete('items', { id: 3 });
    expect(fetch.mock.calls[5][1]).toMatchObject({ method: 'DELETE' });
  });

  it('reads references as a list filtered on the target', async () => {
    const { url } = serve(() => page([{ id: 1 }], { 'Content-Range': 'stock 0-0/*', 'X-Has-More': 'false' }));
    const result = await dataProvider.getManyReference('stock', { target: 'itemId', id: 9, ...LIST });
    expect(result.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false });
    expect(JSON.parse(url().searchParams.get('filter')!)).toEqual({ itemId: 9 });
  });

  it('builds the export query like the list query', () => {
    const q = listQuery({ reference: 'AB', lot: '', type: undefined }, { field: 'movedAt', order: 'DESC' }, [0, 24]);
    expect(q.get('filter')).toBe('{"reference":"AB"}');
    expect(q.get('sort')).toBe('["movedAt","DESC"]');
    expect(q.get('range')).toBe('[0,24]');
  });
});
