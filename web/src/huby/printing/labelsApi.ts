import type { LabelFormat, LabelResponseDto } from '@portal/contracts';
import { api, apiRequest } from '../../core/api';
import { saveResponse } from '../../core/files';

/** What a label request names: 1 to 10 shipments, and for a reprint some of their packages by SSCC. */
export interface LabelRequest {
  uuids: string[];
  sscc?: string[];
}

/** The Dashtower label calls (spec §7). */
export const labelsApi = {
  /** GET /dashtower/orders/etiquettes?uuid_orders[]=…&format=…&sscc[]=… */
  labels: (request: LabelRequest, format: LabelFormat, signal?: AbortSignal) => {
    const q = new URLSearchParams();
    for (const u of request.uuids) q.append('uuid_orders[]', u);
    for (const s of request.sscc ?? []) q.append('sscc[]', s);
    q.set('format', format);
    return api<LabelResponseDto>(`/dashtower/orders/etiquettes?${q}`, { signal });
  },
  autoprint: (format: LabelFormat, signal?: AbortSignal) =>
    api<LabelResponseDto>(`/dashtower/orders/etiquettes/autoprint/${format}`, { signal }),
  /** PUT /dashtower/orders/status/await_shipment_printed: labels received -> labels printed. */
  printed: (uuids: string[]) =>
    api<{ success: true; moved: string[]; unchanged: string[] }>('/dashtower/orders/status/await_shipment_printed', {
      method: 'PUT',
      body: { orders: uuids },
    }),
  downloadTransportDocument: async (uuid: string, reference: string) =>
    saveResponse(
      await apiRequest(`/dashtower/orders/${encodeURIComponent(uuid)}/transport-document`, { accept: 'application/pdf' }),
      `${reference}-transport.pdf`,
    ),
};

/** The bytes of a base64 answer. */
export const base64Bytes = (b64: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
