import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useDataProvider } from 'ra-core';
import { TRACKING_MAX_PAGE_SIZE } from '@portal/contracts';
import { cursorListReducer, initialCursorList, type CursorListAction, type CursorListState, type CursorPage } from './cursorList';

export const PAGE_SIZE = 25;

/** What a cursor list asks the data provider: one resource, its filter and sort. */
export interface CursorSearch {
  filter: object;
  sort: { field: string; order: 'ASC' | 'DESC' };
}

type PageRequest = { loaded: number; size: number; cursor: string | null };

export interface CursorList<T extends { id: number }> extends CursorListState<T> {
  hasMore: boolean;
  /** Appends the next page (the "next results" button). */
  loadMore: () => void;
  /** Reads the rows shown again (as many as are loaded, up to one maximal page) after a change. */
  reload: () => void;
  /** Like reload, without the loading state: the rows stay as they are until the new ones come (live screens). */
  refresh: () => void;
  /** Replaces one row in place (after an action on it). */
  replaceRow: (row: T) => void;
  /** Takes one row out (it no longer matches the search, e.g. its status changed). */
  removeRow: (id: number) => void;
}

const isAbort = (error: unknown) => (error as Error)?.name === 'AbortError';

/** The last rows of each list, so that coming back from a delivery shows the pages already loaded. */
const kept = new Map<string, CursorListState<{ id: number }>>();

/**
 * A "next results" list (spec §2) read through the data provider: the first page on every new
 * search, then pages appended along the keyset cursor (`meta.cursor` → `meta.nextCursor`), never
 * counted. `search` null cancels on purpose (spec §5: a too-wide date range is never sent). A newer
 * search aborts the older request. With `keepAs`, a list opened again on the same search shows its
 * loaded rows at once and reads them again.
 */
export function useCursorList<T extends { id: number }>(
  resource: string,
  search: CursorSearch | null,
  keepAs?: string,
  pageSize = PAGE_SIZE,
): CursorList<T> {
  const dataProvider = useDataProvider();
  const searchKey = search === null ? null : JSON.stringify([resource, search.filter, search.sort]);
  const [state, dispatch] = useReducer(
    cursorListReducer as (s: CursorListState<T>, a: CursorListAction<T>) => CursorListState<T>,
    undefined,
    (): CursorListState<T> => {
      const previous = keepAs ? (kept.get(keepAs) as CursorListState<T> | undefined) : undefined;
      return previous && previous.key === searchKey ? previous : initialCursorList<T>();
    },
  );
  useEffect(() => {
    if (keepAs && state.status === 'ready') kept.set(keepAs, state);
  }, [keepAs, state]);

  // With a cursor the keyset decides where the page starts; the range only numbers its rows.
  const load = async ({ loaded, size, cursor }: PageRequest, signal: AbortSignal): Promise<CursorPage<T>> => {
    const { data, meta } = await dataProvider.getList(resource, {
      filter: search?.filter ?? {},
      sort: search?.sort,
      pagination: { page: Math.floor(loaded / size) + 1, perPage: size },
      meta: { cursor },
      signal,
    });
    return { rows: data as T[], nextCursor: (meta?.nextCursor as string | undefined) ?? null };
  };
  const loader = useRef(load);
  loader.current = load;
  const inFlight = useRef<AbortController | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const run = useCallback((key: string, page: PageRequest, done: 'replaced' | 'appended', quiet = false) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    if (!quiet) dispatch(done === 'appended' ? { type: 'loadingMore' } : { type: 'loading', key });
    loader.current(page, controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) dispatch({ type: done, page: result });
      },
      (error) => {
        if (!controller.signal.aborted && !isAbort(error)) dispatch({ type: 'failed', error });
      },
    );
  }, []);

  useEffect(() => {
    if (searchKey === null) {
      inFlight.current?.abort();
      dispatch({ type: 'idle' });
      return;
    }
    // Rows kept from an earlier visit of this search stay on screen while they are read again.
    const { key, rows } = stateRef.current;
    const size = key === searchKey ? Math.min(Math.max(rows.length, pageSize), TRACKING_MAX_PAGE_SIZE) : pageSize;
    run(searchKey, { loaded: 0, size, cursor: null }, 'replaced');
    return () => inFlight.current?.abort();
  }, [searchKey, pageSize, run]);

  const loadMore = useCallback(() => {
    const { key, nextCursor, rows, status } = stateRef.current;
    if (!key || !nextCursor || status === 'loading' || status === 'loadingMore') return;
    run(key, { loaded: rows.length, size: pageSize, cursor: nextCursor }, 'appended');
  }, [pageSize, run]);

  const reload = useCallback(() => {
    if (searchKey === null) return;
    const size = Math.min(Math.max(stateRef.current.rows.length, pageSize), TRACKING_MAX_PAGE_SIZE);
    run(searchKey, { loaded: 0, size, cursor: null }, 'replaced');
  }, [searchKey, pageSize, run]);

  const refresh = useCallback(() => {
    const { key, rows, status } = stateRef.current;
    // Only a list at rest: a search or a next page under way brings fresh rows anyway.
    if (searchKey === null || key !== searchKey || status !== 'ready') return;
    const size = Math.min(Math.max(rows.length, pageSize), TRACKING_MAX_PAGE_SIZE);
    run(searchKey, { loaded: 0, size, cursor: null }, 'replaced', true);
  }, [searchKey, pageSize, run]);

  const replaceRow = useCallback((row: T) => dispatch({ type: 'row', row }), []);
  const removeRow = useCallback((id: number) => dispatch({ type: 'removed', id }), []);

  // Until the effect has started the new search, the rows on hand belong to the previous one.
  const shown: CursorListState<T> =
    state.key === searchKey ? state : { ...initialCursorList<T>(), key: searchKey, status: searchKey === null ? 'idle' : 'loading' };
  return { ...shown, hasMore: shown.nextCursor !== null, loadMore, reload, refresh, replaceRow, removeRow };
}
