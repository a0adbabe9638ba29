import { type OrderDetailDto, type OrderSummaryDto } from '@portal/contracts';
import { apiRequest } from '../core/api';
import { saveResponse } from '../core/files';

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
