import { type OrderDetailDto, type OrderSearchFilter, type OrderSummaryDto } from '@portal/contracts';
import { apiRequest } from '../core/api';
import { saveResponse } from '../core/files';
import { listQuery } from '../stock/provider';
import type { TrackerSort } from './searchFilter';

/** One page of a cursor list: its rows, and the cursor of the next page when more rows follow. */
export interface CursorPage<T> {
  rows: T[];
  nextCursor: string | null;
}

export type TrackingResource = 'orders' | 'tracerroute';

/** GET /api/orders or /api/tracerroute: one page, and X-Next-Cursor when more rows follow (no count). */
export async function fetchOrderPage(
  resource: TrackingResource,
  filter: OrderSearchFilter,
  sort: TrackerSort,
  page: { loaded: number; size: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<CursorPage<OrderSummaryDto>> {
  // With a cursor the keyset decides where the page starts; the range numbers its rows.
  const query = listQuery({ ...filter, cursor: page.cursor ?? undefined }, sort, [page.loaded, page.loaded + page.size - 1]);
  const response = await apiRequest(`/${resource}?${query}`, { signal });
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
  const response = await apiRequest(`/orders/${id}`);
  const detail = (await response.json()) as OrderDetailDto;
  return Object.fromEntries(SUMMARY_KEYS.map((k) => [k, detail[k]])) as unknown as OrderSummaryDto;
}

/** POSTs JSON and saves the file the server answers (the bearer token rules out a plain link). */
export async function downloadPost(path: string, body: unknown, fallbackName: string): Promise<string> {
  return saveResponse(await apiRequest(path, { method: 'POST', body, accept: '*/*' }), fallbackName);
}
