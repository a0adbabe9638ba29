import type { AlertDto, AlertMailDto, AlertMatchCount, AlertTestSendResult } from '@portal/contracts';
import { api } from '../core/api';

const alert = (id: number) => `/alerts/${encodeURIComponent(String(id))}`;

/** My VIP and My DOC calls (/api/alerts); the Hello list goes through the data provider (resource `alerts`). */
export const alertsApi = {
  get: (id: number) => api<AlertDto>(alert(id)),
  create: (body: object) => api<AlertDto>('/alerts', { method: 'POST', body }),
  update: (id: number, body: object) => api<AlertDto>(alert(id), { method: 'PUT', body }),
  remove: (id: number) => api<{ ok: true }>(alert(id), { method: 'DELETE' }),
  /** Orders of the last 3 months matching the criteria as typed; a newer keystroke aborts the call. */
  matchCount: (criteria: object, signal?: AbortSignal) =>
    api<AlertMatchCount>('/alerts/match-count', { method: 'POST', body: criteria, signal }),
  testSend: (id: number, toSelfOnly: boolean) =>
    api<AlertTestSendResult>(`${alert(id)}/test-send`, { method: 'POST', body: { toSelfOnly } }),
  /** The alert's mails, newest first (50 at most). */
  mails: (id: number) => api<AlertMailDto[]>(`${alert(id)}/mails`),
};
