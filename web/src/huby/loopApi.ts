import type { LoopArticleDto, LoopOrderDto, LoopPlatformDto } from '@portal/contracts';
import { api } from '../core/api';

const order = (uuid: string) => `/dashtower/loop-orders/${encodeURIComponent(uuid)}`;

/** Loop order entry calls (/api/dashtower/loop-orders and /api/dashtower/loop/…). */
export const loopApi = {
  get: (uuid: string) => api<LoopOrderDto>(order(uuid)),
  create: (body: object) => api<LoopOrderDto>('/dashtower/loop-orders', { method: 'POST', body }),
  update: (uuid: string, body: object) => api<LoopOrderDto>(order(uuid), { method: 'PUT', body }),
  remove: (uuid: string) => api<{ ok: true }>(order(uuid), { method: 'DELETE' }),
  submit: (uuid: string) => api<LoopOrderDto>(`${order(uuid)}/submit`, { method: 'POST' }),
  /** The platforms that can serve the depositor (it has stock there), with its articles available on each. */
  platforms: (depositor: number) =>
    api<LoopPlatformDto[]>(`/dashtower/loop/platforms?${new URLSearchParams({ depositor_id: String(depositor) })}`),
  /** Articles of My Items matching `search`, with the quantity the platform has available now. */
  articles: (depositor: number, platform: number, search: string) =>
    api<LoopArticleDto[]>(
      `/dashtower/loop/articles?${new URLSearchParams({ depositor_id: String(depositor), platform_id: String(platform), search })}`,
    ),
  /** One line as entered: the quantity available now and the §8 key when the quantity does not fit. */
  checkLine: (depositor: number, platform: number, reference: string, quantity: string) =>
    api<{ available: number; key: string | null }>(
      `/dashtower/loop/check-line?${new URLSearchParams({ depositor_id: String(depositor), platform_id: String(platform), reference, quantity })}`,
    ),
};
