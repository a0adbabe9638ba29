import {
  AppError,
  TRACER_ROUTE_STATUSES,
  TRACKING_MAX_OFFSET,
  TRACKING_MAX_EXPORT_DAYS,
  TRACKING_MAX_PAGE_SIZE,
  TRACKING_MAX_SEARCH_DAYS,
  TRACKING_STATUS_CODES,
  type FieldErrorKey,
} from '@portal/contracts';
import { FieldChecks } from '../common/checks';

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

const asList = (v: unknown): unknown[] | undefined => (v === undefined || v === null || v === '' ? undefined : Array.isArray(v) ? v : [v]);

/** Checks `{ filter, range, sort }` as react-admin sends them (already JSON-decoded by the gateway). */
export function parseOrderSearch(data: unknown, now = new Date()): OrderSearch {
  const c = new FieldChecks();
  const input = (typeof data === 'object' && data !== null ? data : {}) as {
    filter?: unknown;
    range?: unknown;
    sort?: unknown;
    export?: unknown;
  };
  const f = c.object('filter', input.filter) ?? {};
  const search: OrderSearch = { sort: 'createdAt', descending: true, from: 0, size: 25 };
  search.q = c.text('q', f.q, 64) ?? undefined;
  search.zip = c.text('zip', f.zip, 21)?.toUpperCase() ?? undefined;
  search.town = c.text('town', f.town, 101)?.toUpperCase() ?? undefined;
  search.country = c.text('country', f.country, 2, { pattern: /^[A-Za-z]{2}$/ })?.toUpperCase() ?? undefined;
  search.depositorIds = asList(f.depositor)?.map((d, i) => c.integer(`depositor.${i}`, d, { min: 1, max: 2_147_483_647 }) ?? 0);
  search.dateFrom = c.date('dateFrom', f.dateFrom) ?? undefined;
  search.dateTo = c.date('dateTo', f.dateTo) ?? undefined;
  search.slip = c.text('slip', f.slip, 64) ?? undefined;
  search.serial = c.text('serial', f.serial, 64) ?? undefined;
  search.lot = c.text('lot', f.lot, 64) ?? undefined;
  search.customer = c.text('customer', f.customer, 64) ?? undefined;
  search.article = c.text('article', f.article, 64) ?? undefined;
  search.statuses = asList(f.status)?.map((s, i) => c.oneOf(`status.${i}`, Number(s), TRACKING_STATUS_CODES) ?? 0);
  search.tracerStatuses = asList(f.tracerStatus)?.map((s, i) => c.oneOf(`tracerStatus.${i}`, s, TRACER_ROUTE_STATUSES) ?? '');
  parseRange(c, input.range, search, f.cursor !== undefined);
  parseSort(c, input.sort, search);
  if (!c.ok) throw new AppError('validationFailed', 'invalid search', undefined, c.fields as Record<string, FieldErrorKey>);
  if (f.cursor !== undefined) search.after = decodeCursor(f.cursor, search);
  checkDateSpan(search, now, input.export === true ? TRACKING_MAX_EXPORT_DAYS : TRACKING_MAX_SEARCH_DAYS);
  return search;
}

/** With a cursor the keyset decides where the page starts: `from` only numbers the rows (Content-Range). */
function parseRange(c: FieldChecks, range: unknown, search: OrderSearch, keyset: boolean): void {
  if (range === undefined) return;
  const [from, to] = Array.isArray(range) ? range : [];
  const start = c.integer('range', from, { min: 0, max: keyset ? Number.MAX_SAFE_INTEGER : TRACKING_MAX_OFFSET });
  const end = c.integer('range', to, { min: 0 });
  if (start === null || end === null) return;
  if (end < start || end - start + 1 > TRACKING_MAX_PAGE_SIZE) c.integer('range', -1, { min: 0 });
  search.from = start;
  search.size = Math.min(end - start + 1, TRACKING_MAX_PAGE_SIZE);
}

function parseSort(c: FieldChecks, sort: unknown, search: OrderSearch): void {
  if (sort === undefined) return;
  const [field, order] = Array.isArray(sort) ? sort : [];
  search.sort = c.oneOf('sort', field, Object.keys(SORT_COLUMNS) as SortField[], true) ?? 'createdAt';
  search.descending = (c.oneOf('sort', order ?? 'DESC', ['ASC', 'DESC']) ?? 'DESC') === 'DESC';
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

/** Cursor = base64url JSON `[sort, direction, last value, last id]` of the previous page's last row. */
export function encodeCursor(search: OrderSearch, value: string, id: string): string {
  return Buffer.from(JSON.stringify([search.sort, search.descending ? 'DESC' : 'ASC', value, id])).toString('base64url');
}

function decodeCursor(cursor: unknown, search: OrderSearch): { value: string; id: string } {
  try {
    const [sort, direction, value, id] = JSON.parse(Buffer.from(String(cursor), 'base64url').toString('utf8')) as string[];
    if (
      sort === search.sort &&
      direction === (search.descending ? 'DESC' : 'ASC') &&
      typeof value === 'string' &&
      /^\d+$/.test(String(id))
    ) {
      return { value, id: String(id) };
    }
  } catch {
    // fall through
  }
  throw new AppError('invalidCursor', 'cursor does not belong to this search');
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
