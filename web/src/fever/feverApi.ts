import type { ExportQueuedDto, FeverExcursionDto, FeverGraphDto, FeverPlanDto, FeverProbeDto, FeverZoneDto } from '@portal/contracts';
import { api, apiRequest } from '../core/api';
import { saveResponse } from '../core/files';
import { uploadFile } from '../core/upload';
import type { Period } from './feverLogic';

const list = (filter: object = {}) => `?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify([0, 499]) })}`;
const probe = (id: number) => `/fever/probes/${id}`;
const periodQuery = (p: Period) => new URLSearchParams(p.range ? { range: p.range } : { from: p.from ?? '', to: p.to ?? '' });

/** Fever calls (/api/fever…). */
export const feverApi = {
  zones: () => api<FeverZoneDto[]>(`/fever/zones${list()}`),
  plans: () => api<FeverPlanDto[]>(`/fever/plans${list()}`),
  probes: (filter: object = {}) => api<FeverProbeDto[]>(`/fever/probes${list(filter)}`),
  probe: (id: number) => api<FeverProbeDto>(probe(id)),
  saveZone: (zone: Partial<FeverZoneDto>, id?: number) =>
    api<FeverZoneDto>(id ? `/fever/zones/${id}` : '/fever/zones', { method: id ? 'PUT' : 'POST', body: zone }),
  deleteZone: (id: number) => api<{ ok: true }>(`/fever/zones/${id}`, { method: 'DELETE' }),
  savePlan: (plan: Partial<FeverPlanDto>, id?: number) =>
    api<FeverPlanDto>(id ? `/fever/plans/${id}` : '/fever/plans', { method: id ? 'PUT' : 'POST', body: plan }),
  deletePlan: (id: number) => api<{ ok: true }>(`/fever/plans/${id}`, { method: 'DELETE' }),
  uploadImage: (id: number, file: Blob) => uploadFile<FeverPlanDto>(`/fever/plans/${id}/image`, file, () => undefined),
  /** The plan's image as an object URL (the bearer token rules out a plain <img src>). */
  imageUrl: async (id: number) => URL.createObjectURL(await (await apiRequest(`/fever/plans/${id}/image`, { accept: 'image/*' })).blob()),
  saveProbe: (body: { mac?: string; label: string; zoneId: number }, id?: number) =>
    api<FeverProbeDto>(id ? probe(id) : '/fever/probes', { method: id ? 'PUT' : 'POST', body }),
  deleteProbe: (id: number) => api<{ ok: true }>(probe(id), { method: 'DELETE' }),
  place: (id: number, body: { planId: number; x: number; y: number } | { planId: null }) =>
    api<FeverProbeDto>(`${probe(id)}/place`, { method: 'PUT', body }),
  graph: (id: number, period: Period) => api<FeverGraphDto>(`${probe(id)}/graph?${periodQuery(period)}`),
  excursions: (id: number) => api<FeverExcursionDto[]>(`${probe(id)}/excursions`),
  /** The export file (downloaded), or where it is mailed when it is large (202). */
  export: async (id: number, period: Period, format: 'csv' | 'xlsx'): Promise<{ mailed: boolean; email?: string }> => {
    const query = periodQuery(period);
    query.set('format', format);
    const response = await apiRequest(`${probe(id)}/export?${query}`, { accept: '*/*' });
    if (response.status === 202) return { mailed: true, email: ((await response.json()) as ExportQueuedDto).email };
    await saveResponse(response, `releves.${format}`);
    return { mailed: false };
  },
};
