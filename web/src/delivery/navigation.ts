import type { MouseEvent } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';

/**
 * Route state a list gives its links to a delivery. `from` is the list's path and search; lists that
 * pass only their `search` (web/src/tracking DetailRoute) put it in `backTo` themselves.
 */
export interface FromListState {
  from?: string;
  search?: string;
  /** The order's reference, for the page to name it even if the order is gone by then. */
  reference?: string;
}

/** `state` for a link from a list to `/…/:id`, so that "back" returns to the same search. */
export function fromList(location: Pick<Location, 'pathname' | 'search'>, reference?: string): FromListState {
  return { from: `${location.pathname}${location.search}`, search: location.search, reference };
}

/**
 * The way back to the list: history back when the user came from it (its search, scroll and
 * loaded pages are kept), otherwise a link to the list (`backTo`, which may carry a search).
 */
export function useBackToList(backTo: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as FromListState | null;
  const cameFromList = typeof state?.from === 'string' || typeof state?.search === 'string';
  const href = typeof state?.from === 'string' && state.from.startsWith('/') ? state.from : backTo;
  const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  return {
    href,
    onClick(event: MouseEvent) {
      if (!cameFromList || historyIndex < 1 || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      navigate(-1);
    },
    /** After the delivery is gone (tracking line deleted): the list, without this page in the history. */
    leave() {
      navigate(href, { replace: true });
    },
  };
}
