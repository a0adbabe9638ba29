import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { OrderSearchFilter } from '@portal/contracts';
import { todayIn } from '../stock/dateRanges';
import { useTimeZone } from '../stock/ui';
import { checkDates, readSearch, searchParams, toApiFilter, type DateCheck, type TrackerFilter, type TrackerSort } from './searchFilter';

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
