import { describe, expect, it } from 'vitest';
import { cursorListReducer, initialCursorList, type CursorListState } from './cursorList';

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
  it('takes out a row that left the search, keeping the cursor', () => {
    const state = cursorListReducer(initialCursorList<Row>(), { type: 'replaced', page: page([1, 2, 3], 'c') });
    const after = cursorListReducer(state, { type: 'removed', id: 2 });
    expect(after.rows.map((r) => r.id)).toEqual([1, 3]);
    expect(after.nextCursor).toBe('c');
  });
});
