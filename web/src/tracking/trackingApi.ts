import { TRACKING_MAX_OFFSET, type OrderDetailDto, type OrderSearchFilter, type OrderSummaryDto } from '@portal/contracts';
import { ApiError, NetworkError } from '../core/api';
import { reportServerDown } from '../core/serverStatus';
import { getToken } from '../core/session';
import { listQuery } from '../stock/provider';
import type { TrackerSort } from './searchFilter';

/** One page of a cursor list: its rows, and the cursor of the next page when more rows follow. */
export interface CursorPage<T> {
  rows: T[];
  nextCursor: string | null;
}

export type TrackingResource = 'orders' | 'tracerroute';

/**
 * The `range` of a page. With a cursor the server only takes its size (keyset pagination), and it
 * refuses offsets past TRACKING_MAX_OFFSET, so a long "next results" session sends the size alone.
 */
export function pageRange(loaded: number, size: number, withCursor: boolean): [number, number] {
  const from = withCursor && loaded > TRACKING_MAX_OFFSET ? 0 : loaded;
  return [from, from + size - 1];
}

function authHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** fetch with the bearer token; an error answer becomes an ApiError with its catalogue key. */
async function request(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, init);
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    reportServerDown();
    throw new NetworkError(error);
  }
  if (response.ok) return response;
  const body = (await response.json().catch(() => null)) as {
    error?: { key?: string; message?: string; params?: Record<string, unknown>; fields?: Record<string, string> };
  } | null;
  if (response.status === 503) reportServerDown();
  const key = body?.error?.key ?? (response.status === 503 ? 'serverUnavailable' : 'unexpectedError');
  throw new ApiError(
    response.status,
    key,
    body?.error?.message ?? response.statusText,
    body?.error?.params ?? {},
    body?.error?.fields ?? {},
  );
}

/** GET /api/orders or /api/tracerroute: one page, and X-Next-Cursor when more rows follow (no count). */
export async function fetchOrderPage(
  resource: TrackingResource,
  filter: OrderSearchFilter,
  sort: TrackerSort,
  page: { loaded: number; size: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<CursorPage<OrderSummaryDto>> {
  const query = listQuery({ ...filter, cursor: page.cursor ?? undefined }, sort, pageRange(page.loaded, page.size, page.cursor !== null));
  const response = await request(`/${resource}?${query}`, { headers: authHeaders(), signal });
  return { rows: (await response.json()) as OrderSummaryDto[], nextCursor: response.headers.get('X-Next-Cursor') || null };
}

const SUMMARY_KEYS: (keyof OrderSummaryDto)[] = [
  'id',
  'depositorId',
  'depositorCode',
  'reference',
  'customerReference',
  'orderReference',
  'slipNumber',
  'status',
  'tracerStatus',
  'carrierCode',
  'carrierName',
  'recipientName',
  'recipientCompany',
  'zip',
  'town',
  'country',
  'parcelCount',
  'createdAt',
  'shippedAt',
  'promisedDeliveryAt',
  'deliveredAt',
];

/** A list row read again after a change (the delivery detail carries every summary field). */
export async function fetchOrderSummary(id: number): Promise<OrderSummaryDto> {
  const response = await request(`/orders/${id}`, { headers: authHeaders() });
  const detail = (await response.json()) as OrderDetailDto;
  return Object.fromEntries(SUMMARY_KEYS.map((k) => [k, detail[k]])) as unknown as OrderSummaryDto;
}

/** The file name of a Content-Disposition header (RFC 5987 form first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const header = disposition ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // fall back to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/** POSTs JSON and saves the file the server answers (the bearer token rules out a plain link). */
export async function downloadPost(path: string, body: unknown, fallbackName: string): Promise<string> {
  const response = await request(path, {
    method: 'POST',
    headers: authHeaders({ 'Content-Type': 'application/json', Accept: '*/*' }),
    body: JSON.stringify(body),
  });
  const name = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
