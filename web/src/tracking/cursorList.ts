/** One page of a cursor list: its rows, and the cursor of the next page when more rows follow. */
export interface CursorPage<T> {
  rows: T[];
  nextCursor: string | null;
}

/** A "next results" list (spec §2): pages are appended, never counted. */
export interface CursorListState<T extends { id: number }> {
  /** The search these rows answer (null: none asked). */
  key: string | null;
  rows: T[];
  nextCursor: string | null;
  /** idle: nothing asked (search cancelled on purpose or not started). */
  status: 'idle' | 'loading' | 'loadingMore' | 'ready' | 'error';
  error: unknown;
}

export type CursorListAction<T extends { id: number }> =
  | { type: 'idle' }
  | { type: 'loading'; key: string }
  | { type: 'loadingMore' }
  | { type: 'replaced'; page: CursorPage<T> }
  | { type: 'appended'; page: CursorPage<T> }
  | { type: 'failed'; error: unknown }
  | { type: 'row'; row: T }
  | { type: 'removed'; id: number };

export const initialCursorList = <T extends { id: number }>(): CursorListState<T> => ({
  key: null,
  rows: [],
  nextCursor: null,
  status: 'idle',
  error: null,
});

export function cursorListReducer<T extends { id: number }>(state: CursorListState<T>, action: CursorListAction<T>): CursorListState<T> {
  switch (action.type) {
    case 'idle':
      return initialCursorList<T>();
    case 'loading':
      // A new search starts empty; the same one read again keeps its rows on screen meanwhile.
      return action.key === state.key
        ? { ...state, status: 'loading', error: null }
        : { ...initialCursorList<T>(), key: action.key, status: 'loading' };
    case 'loadingMore':
      return { ...state, status: 'loadingMore', error: null };
    case 'replaced':
      return { key: state.key, rows: action.page.rows, nextCursor: action.page.nextCursor, status: 'ready', error: null };
    case 'appended': {
      // A row that moved between two pages (its date changed meanwhile) is shown once.
      const seen = new Set(state.rows.map((r) => r.id));
      const rows = [...state.rows, ...action.page.rows.filter((r) => !seen.has(r.id))];
      return { key: state.key, rows, nextCursor: action.page.nextCursor, status: 'ready', error: null };
    }
    case 'failed':
      return { ...state, status: 'error', error: action.error };
    case 'row':
      return { ...state, rows: state.rows.map((r) => (r.id === action.row.id ? action.row : r)) };
    case 'removed':
      return { ...state, rows: state.rows.filter((r) => r.id !== action.id) };
  }
}
