import type { ClaimAttachmentDto, ClaimDeliveryCandidate, ClaimDto, ClaimLineDto } from '@portal/contracts';
import { api } from '../core/api';
import { uploadFile } from '../core/upload';

const claim = (uuid: string) => `/claims/${encodeURIComponent(uuid)}`;

export interface ClaimLookup {
  deliveries: ClaimDeliveryCandidate[];
  lines: ClaimLineDto[] | null;
}

/** Claims calls (/api/claims…). */
export const claimsApi = {
  get: (uuid: string) => api<ClaimDto>(claim(uuid)),
  lookup: (number: string, orderId?: number) =>
    api<ClaimLookup>(`/claims/lookup?${new URLSearchParams({ number, ...(orderId ? { order_id: String(orderId) } : {}) })}`),
  create: (body: object) => api<ClaimDto>('/claims', { method: 'POST', body }),
  update: (uuid: string, body: object) => api<ClaimDto>(claim(uuid), { method: 'PUT', body }),
  remove: (uuid: string) => api<{ ok: true }>(claim(uuid), { method: 'DELETE' }),
  send: (uuid: string) => api<ClaimDto>(`${claim(uuid)}/send`, { method: 'POST' }),
  process: (uuid: string, body: { answer: string; attributable: boolean; notifiable: boolean }) =>
    api<ClaimDto>(`${claim(uuid)}/process`, { method: 'POST', body }),
  close: (uuid: string) => api<ClaimDto>(`${claim(uuid)}/close`, { method: 'POST', body: { confirm: true } }),
  attach: (uuid: string, type: string, file: File) =>
    uploadFile<ClaimAttachmentDto>(`${claim(uuid)}/attachments?${new URLSearchParams({ type, name: file.name })}`, file, () => undefined),
  detach: (uuid: string, id: string) => api<{ ok: true }>(`${claim(uuid)}/attachments/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  fileUrl: (uuid: string, id: string) => `${claim(uuid)}/attachments/${encodeURIComponent(id)}/file`,
};
