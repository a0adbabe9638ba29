import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../core/api';
import { cursorListReducer, initialCursorList, type CursorListState } from './cursorList';
import { fetchOrderPage } from './trackingApi';

type Row = { id: number; name?: string };
const page = (ids: number[], nextCursor: string | null = null) => ({ rows: ids.map((id): Row => ({ id })), nextCursor });

describe('next-results list', () => {
  it('replaces on a new search and appends the next pages', () => {
    let state: CursorListState<Row> = cursorListReducer(initialCursorList<Row>(), { type: 'loading', key: 'a' });
    expect(state).toMatchObject({ status: 'loading', key: 'a' });
    state = cursorListReducer(state, { type: 'replaced', page: page([1, 2], 'c1') });
    expect(state).toMatchObject({ status: 'ready', nextCursor: 'c1' });
    state = cursorListReducer(cursorListReducer(state, { type: 'loadingMore' }), { type: 'appended', page: page([2, 3]) });
    expect(state.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(state.nextCursor).toBeNull();
  });
  it('empties the rows for another search, keeps them while the same one is read again', () => {
    const ready = cursorListReducer(cursorListReducer(initialCursorList<Row>(), { type: 'loading', key: 'a' }), {
      type: 'replaced',
      page: page([1, 2]),
    });
    expect(cursorListReducer(ready, { type: 'loading', key: 'a' }).rows).toHaveLength(2);
    expect(cursorListReducer(ready, { type: 'loading', key: 'b' })).toMatchObject({ key: 'b', rows: [], status: 'loading' });
  });
  it('keeps the rows on an error and replaces one row in place', () => {
    let state = cursorListReducer(initialCursorList<Row>(), { type: 'replaced', page: page([1, 2], 'c') });
    state = cursorListReducer(state, { type: 'failed', error: new Error('x') });
    expect(state).toMatchObject({ status: 'error', nextCursor: 'c' });
    expect(state.rows).toHaveLength(2);
    state = cursorListReducer(state, { type: 'row', row: { id: 2, name: 'changed' } });
    expect(state.rows[1]).toEqual({ id: 2, name: 'changed' });
    expect(cursorListReducer(state, { type: 'idle' })).toEqual(initialCursorList());
  });
});

describe('tracking API helpers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks ra-data-simple-rest style and reads X-Next-Cursor', async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify([{ id: 7 }]), { headers: { 'Content-Range': 'orders 25-25/*', 'X-Next-Cursor': 'next' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const result = await fetchOrderPage(
      'orders',
      { q: 'CMD', status: [90] },
      { field: 'createdAt', order: 'DESC' },
      { loaded: 25, size: 25, cursor: 'c1' },
    );
    expect(result).toEqual({ rows: [{ id: 7 }], nextCursor: 'next' });
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://portal');
    expect(url.pathname).toBe('/api/orders');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'CMD', status: [90], cursor: 'c1' });
    expect(url.searchParams.get('range')).toBe('[25,49]');
    expect(url.searchParams.get('sort')).toBe('["createdAt","DESC"]');
  });

  it('turns an error answer into its catalogue key and params', async () => {
    const body = { error: { key: 'dateRangeTooLarge', message: 'too wide', params: { maxDays: 93, exportInstead: true } } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 400 }));
    const failure = fetchOrderPage('tracerroute', {}, { field: 'createdAt', order: 'DESC' }, { loaded: 0, size: 25, cursor: null });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ key: 'dateRangeTooLarge', params: { maxDays: 93, exportInstead: true } });
  });
});
