import { z } from 'zod';
import {
  isValidDay,
  ORDERS_LIST,
  TRACKING_MAX_EXPORT_DAYS,
  TRACKING_MAX_SEARCH_DAYS,
  type OrderSearchFilter,
  type TracerRouteStatusCode,
  nextDay,
  zonedInstant,
  DATE_RANGES,
  rangeOf,
  type DateRange,
} from '@portal/contracts';
import { ApiError, errorKeyOf } from '../core/api';

/**
 * The tracker search as the user states it (URL, form, saved profiles): days in the user's time
 * zone, both inclusive, or a predefined period (spec §9) that follows the calendar, so that a
 * saved "last 30 days" profile still means the last 30 days next month.
 */
export interface TrackerFilter {
  q?: string;
  zip?: string;
  town?: string;
  country?: string;
  depositor?: number[];
  period?: DateRange;
  dateFrom?: string;
  dateTo?: string;
  slip?: string;
  serial?: string;
  lot?: string;
  customer?: string;
  article?: string;
  status?: number[];
  tracerStatus?: TracerRouteStatusCode;
}

export const TEXT_KEYS = ['q', 'zip', 'town', 'country', 'slip', 'serial', 'lot', 'customer', 'article'] as const;
export type TextKey = (typeof TEXT_KEYS)[number];
/** The "advanced search" keys (spec §2): slip or group, serial, lot, customer, article. */
export const ADVANCED_KEYS = ['slip', 'serial', 'lot', 'customer', 'article'] as const;

export type SortField = 'createdAt' | 'reference';
export interface TrackerSort {
  field: SortField;
  order: 'ASC' | 'DESC';
}
export const DEFAULT_SORT: TrackerSort = { field: 'createdAt', order: 'DESC' };

const FIELDS = ORDERS_LIST.filter.shape;

/** The value as the shared declaration reads it (ORDERS_LIST, the gateway's), or undefined when it refuses it. */
function accepted(key: keyof typeof FIELDS, value: unknown): unknown {
  const result = z.safeParse(FIELDS[key], value);
  return result.success ? result.data : undefined;
}

/** The values of a list criterion the declaration accepts, distinct and sorted; undefined when none. */
function acceptedList(key: 'depositor' | 'status', value: unknown): number[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const list = (Array.isArray(value) ? value : [value]).flatMap((v) => (accepted(key, v) as number[] | undefined) ?? []);
  return list.length ? [...new Set(list)].sort((a, b) => a - b) : undefined;
}

/**
 * Keeps the known keys with values the list declaration accepts (anything else in a URL or a
 * profile is dropped); the screen's own rules on top: a preset period, or typed days.
 */
export function cleanFilter(input: unknown): TrackerFilter {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const out: TrackerFilter = {};
  for (const key of TEXT_KEYS) {
    const value = accepted(key, raw[key]);
    if (typeof value === 'string' && value) out[key] = value;
  }
  const depositor = acceptedList('depositor', raw.depositor);
  if (depositor) out.depositor = depositor;
  const status = acceptedList('status', raw.status);
  if (status) out.status = status;
  // One Tracer Route status at a time on this screen (its tabs).
  if (typeof raw.tracerStatus === 'string' && accepted('tracerStatus', raw.tracerStatus))
    out.tracerStatus = raw.tracerStatus as TracerRouteStatusCode;
  if (DATE_RANGES.includes(raw.period as DateRange)) out.period = raw.period as DateRange;
  else {
    if (typeof raw.dateFrom === 'string' && isValidDay(raw.dateFrom)) out.dateFrom = raw.dateFrom;
    if (typeof raw.dateTo === 'string' && isValidDay(raw.dateTo)) out.dateTo = raw.dateTo;
  }
  return out;
}

/** The request the list declaration checks for a filter as typed: the period's days in place of the period. */
export function searchRequestOf(filter: TrackerFilter, today: string): Record<string, unknown> {
  const { period: _period, dateFrom: _from, dateTo: _to, ...rest } = filter;
  return { ...rest, ...daysOf(filter, today) };
}

/** `?filter={json}&sort=…&order=…` → the search; `filter: null` when the URL has none (profiles may fill it). */
export function readSearch(params: URLSearchParams): { filter: TrackerFilter | null; sort: TrackerSort } {
  const text = params.get('filter');
  let filter: TrackerFilter | null = null;
  if (text !== null) {
    try {
      filter = cleanFilter(JSON.parse(text));
    } catch {
      filter = {};
    }
  }
  const field: SortField = params.get('sort') === 'reference' ? 'reference' : 'createdAt';
  const order = params.get('order') === 'ASC' ? 'ASC' : params.get('order') === 'DESC' ? 'DESC' : field === 'reference' ? 'ASC' : 'DESC';
  return { filter, sort: { field, order } };
}

export function searchParams(filter: TrackerFilter, sort: TrackerSort = DEFAULT_SORT): URLSearchParams {
  const params = new URLSearchParams({ filter: JSON.stringify(cleanFilter(filter)) });
  if (sort.field !== DEFAULT_SORT.field || sort.order !== DEFAULT_SORT.order) {
    params.set('sort', sort.field);
    params.set('order', sort.order);
  }
  return params;
}

/** The days searched: the period's, or the ones typed. */
export function daysOf(filter: TrackerFilter, today: string): { dateFrom?: string; dateTo?: string } {
  if (filter.period) {
    const [dateFrom, dateTo] = rangeOf(filter.period, today);
    return { dateFrom, dateTo };
  }
  return { dateFrom: filter.dateFrom, dateTo: filter.dateTo };
}

/** The filter of GET /api/orders: days become instants (from inclusive, to exclusive) of the user's zone. */
export function toApiFilter(filter: TrackerFilter, timeZone: string, today: string): OrderSearchFilter {
  const { period: _period, dateFrom: _from, dateTo: _to, ...rest } = cleanFilter(filter);
  const days = daysOf(filter, today);
  const api: OrderSearchFilter = { ...rest };
  if (days.dateFrom) api.dateFrom = zonedInstant(days.dateFrom, timeZone)?.toISOString();
  if (days.dateTo) api.dateTo = zonedInstant(nextDay(days.dateTo), timeZone)?.toISOString();
  return api;
}

export type DateCheck = { kind: 'ok' } | { kind: 'inverted' } | { kind: 'tooWide'; days: number; exportable: boolean };

/**
 * Spec §5: a range wider than TRACKING_MAX_SEARCH_DAYS is not fetched at all (the server would
 * refuse it the same way); an export takes up to TRACKING_MAX_EXPORT_DAYS. No end means "until now".
 */
export function checkDates(filter: OrderSearchFilter, now = new Date()): DateCheck {
  if (!filter.dateFrom) return { kind: 'ok' };
  const from = new Date(filter.dateFrom).getTime();
  const to = filter.dateTo ? new Date(filter.dateTo).getTime() : now.getTime();
  if (to <= from) return filter.dateTo ? { kind: 'inverted' } : { kind: 'ok' };
  const days = (to - from) / 86_400_000;
  if (days <= TRACKING_MAX_SEARCH_DAYS) return { kind: 'ok' };
  return { kind: 'tooWide', days: Math.ceil(days), exportable: days <= TRACKING_MAX_EXPORT_DAYS };
}

/** Two filters ask the same search (key order and list order aside). */
export const sameFilter = (a: unknown, b: unknown): boolean => JSON.stringify(cleanFilter(a)) === JSON.stringify(cleanFilter(b));

/** How many criteria a filter sets (shown on the collapsed advanced section and profiles). */
export const countCriteria = (filter: TrackerFilter, keys: readonly (keyof TrackerFilter)[]): number =>
  keys.filter((k) => filter[k] !== undefined).length;

/**
 * Whether the search is refused for its date range: checked before sending (no request at all),
 * or answered 400 dateRangeTooLarge by the server (its clock or zone saw it wider).
 */
export function refusedRange(dates: DateCheck, listError: unknown): { days: number | null; exportable: boolean } | null {
  if (dates.kind === 'tooWide') return { days: dates.days, exportable: dates.exportable };
  if (listError && errorKeyOf(listError) === 'dateRangeTooLarge') {
    return { days: null, exportable: !(listError instanceof ApiError) || listError.params.exportInstead !== false };
  }
  return null;
}
