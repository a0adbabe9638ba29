import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ORDERS_LIST, todayIn, type OrderSearchFilter } from '@portal/contracts';
import { useDraftFilter, type DraftFilter } from '../core/useDraftFilter';
import { useTimeZone } from '../stock/ui';
import {
  checkDates,
  cleanFilter,
  readSearch,
  searchParams,
  searchRequestOf,
  toApiFilter,
  type DateCheck,
  type TrackerFilter,
  type TrackerSort,
} from './searchFilter';

export interface TrackerSearch {
  /** The search of the URL; null when the URL has none yet. */
  filter: TrackerFilter | null;
  sort: TrackerSort;
  /** What the server is asked (instants in place of days). */
  apiFilter: OrderSearchFilter;
  dates: DateCheck;
  /** Changes the URL: a search is a deep link. */
  apply: (filter: TrackerFilter, sort?: TrackerSort, replace?: boolean) => void;
  /** Stable identity of the search to run; null = do not fetch (no filter yet, or dates refused). */
  searchKey: string | null;
}

export function useTrackerSearch(): TrackerSearch {
  const [params, setParams] = useSearchParams();
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const text = params.toString();
  const { filter, sort } = useMemo(() => readSearch(new URLSearchParams(text)), [text]);
  const apiFilter = useMemo(() => toApiFilter(filter ?? {}, timeZone, today), [filter, timeZone, today]);
  const dates = useMemo(() => checkDates(apiFilter), [apiFilter]);
  const apply = useCallback(
    (next: TrackerFilter, nextSort: TrackerSort = sort, replace = false) => setParams(searchParams(next, nextSort), { replace }),
    [setParams, sort],
  );
  const searchKey = filter !== null && dates.kind === 'ok' ? JSON.stringify([apiFilter, sort]) : null;
  return { filter, sort, apiFilter, dates, apply, searchKey };
}

/**
 * The criteria form of a tracker search: a draft checked against ORDERS_LIST (the declaration the
 * gateway reads) before `onSearch` gets it, cleaned.
 */
export function useTrackerDraft(filter: TrackerFilter, onSearch: (filter: TrackerFilter) => void): DraftFilter<TrackerFilter> {
  const today = todayIn(useTimeZone());
  return useDraftFilter<TrackerFilter>({
    applied: filter,
    onApply: (next) => onSearch(cleanFilter(next)),
    list: ORDERS_LIST,
    toRequest: (draft) => searchRequestOf(draft, today),
  });
}

/** Whether a refused criterion has no field on the form to be marked on. */
export const refusedElsewhere = (errors: object, shown: readonly string[]): boolean =>
  Object.keys(errors).some((name) => !shown.includes(name));
