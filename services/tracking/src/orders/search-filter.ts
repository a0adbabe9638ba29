import {
  AppError,
  encodeCursor as encodeListCursor,
  ORDERS_LIST,
  parseListRequest,
  TRACKING_MAX_EXPORT_DAYS,
  TRACKING_MAX_SEARCH_DAYS,
} from '@portal/contracts';

export type SortField = 'createdAt' | 'id' | 'reference';
export const SORT_COLUMNS: Record<SortField, string> = { createdAt: 'o.created_at', id: 'o.id', reference: 'o.reference' };

/** A checked search: filter values, page size and the keyset position. */
export interface OrderSearch {
  q?: string;
  zip?: string;
  town?: string;
  country?: string;
  depositorIds?: number[];
  dateFrom?: string;
  dateTo?: string;
  slip?: string;
  serial?: string;
  lot?: string;
  customer?: string;
  article?: string;
  statuses?: number[];
  tracerStatuses?: string[];
  sort: SortField;
  descending: boolean;
  from: number;
  size: number;
  after?: { value: string; id: string };
}

/**
 * Checks `{ filter, range, sort, cursor }` as react-admin sends them (already JSON-decoded by the
 * gateway) against ORDERS_LIST, the declaration the gateway and the web read too.
 */
export function parseOrderSearch(data: unknown, now = new Date()): OrderSearch {
  const input = (typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
  const query = parseListRequest(ORDERS_LIST, input);
  const f = query.filter;
  const instant = (v: string | undefined) => (v ? new Date(v).toISOString() : undefined);
  const search: OrderSearch = {
    q: f.q,
    zip: f.zip?.toUpperCase(),
    town: f.town?.toUpperCase(),
    country: f.country?.toUpperCase(),
    depositorIds: f.depositor,
    dateFrom: instant(f.dateFrom),
    dateTo: instant(f.dateTo),
    slip: f.slip,
    serial: f.serial,
    lot: f.lot,
    customer: f.customer,
    article: f.article,
    statuses: f.status,
    tracerStatuses: f.tracerStatus,
    sort: query.sort,
    descending: query.order === 'DESC',
    from: query.offset,
    size: query.limit,
    after: query.after ? { value: String(query.after.value ?? ''), id: query.after.id } : undefined,
  };
  checkDateSpan(search, now, input.export === true ? TRACKING_MAX_EXPORT_DAYS : TRACKING_MAX_SEARCH_DAYS);
  return search;
}

/** Spec §5: a fetch over too wide a date range is refused on purpose; the web offers an export. */
function checkDateSpan(search: OrderSearch, now: Date, maxDays: number): void {
  if (!search.dateFrom) return;
  const to = search.dateTo ? new Date(search.dateTo) : now;
  const days = (to.getTime() - new Date(search.dateFrom).getTime()) / 86_400_000;
  if (days > maxDays) {
    throw new AppError('dateRangeTooLarge', 'date range too large: use an export', {
      maxDays,
      exportInstead: maxDays === TRACKING_MAX_SEARCH_DAYS,
    });
  }
}

/** The next page's cursor: the last row shown, in the search's sort (the list kit's cursor). */
export function encodeCursor(search: OrderSearch, value: string, id: string): string {
  return encodeListCursor({ sort: search.sort, order: search.descending ? 'DESC' : 'ASC', value, id });
}

/**
 * A prefix search as a range of the pattern operators `~>=~` / `~<~` rather than LIKE: they use
 * the text_pattern_ops indexes like LIKE does, and unlike LIKE they are leakproof, so PostgreSQL
 * may use them as index conditions under row-level security (a LIKE would scan every row the
 * policy lets through). Answers the SQL and its two parameters.
 */
export function startsWith(
  column: string,
  name: string,
  value: string | undefined,
): { sql: string; params: Record<string, string> } | null {
  if (!value) return null;
  return { sql: `(${column} ~>=~ :${name}Lo AND ${column} ~<~ :${name}Hi)`, params: prefixBounds(name, value) };
}

export const prefixBounds = (name: string, value: string): Record<string, string> => ({
  [`${name}Lo`]: value,
  [`${name}Hi`]: `${value}\u{10FFFF}`,
});
