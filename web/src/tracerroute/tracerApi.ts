import {
  MANUAL_DELIVERY_MIN_AGE_MINUTES,
  type ErrorKey,
  type TracerEventType,
  type TracerRouteStatusCode,
  type TracerStatusCountsDto,
  zonedInstant,
} from '@portal/contracts';
import { api } from '../core/api';
import { listQuery } from '../core/dataProvider';
import { downloadPost } from '../tracking/trackingApi';

/** Tracer Route actions of spec §2/§4 (TRACERROUTE_USER; bulk POD actions USER_BULK_POD). */
export const setTracerStatus = (id: number, body: { status: TracerRouteStatusCode; comment?: string; commentPrivate?: boolean }) =>
  api<{ ok: true }>(`/tracerroute/${id}/status`, { method: 'PUT', body });

/** The tab counts of a search (its own Tracer Route status aside), within the user's depositors. */
export const fetchTracerCounts = (filter: object, signal?: AbortSignal) =>
  api<TracerStatusCountsDto>(`/tracerroute/counts?${listQuery(filter).toString()}`, { signal });

/** Whether a row still belongs to the tab shown after its status changed (ALL: every row). */
export const staysInTab = (tab: TracerRouteStatusCode | undefined, status: TracerRouteStatusCode): boolean => !tab || tab === status;

export const setCarrierInfo = (id: number, body: { carrierName: string; carrierCode?: string; trackingNumber?: string }) =>
  api<{ ok: true }>(`/tracerroute/${id}/carrier`, { method: 'PUT', body });

export interface TracerEventInput {
  type: TracerEventType;
  carrierName?: string;
  appointmentAt?: string;
  eventAt?: string;
  publicNote?: string;
  privateNote?: string;
}
export const addTracerEvent = (id: number, body: TracerEventInput) =>
  api<{ id: number }>(`/tracerroute/${id}/events`, { method: 'POST', body });

export const downloadPods = (ids: number[]) => downloadPost('/tracerroute/pods/zip', { ids }, 'pods.zip');

export interface MarkDeliveredResult {
  updated: number[];
  failed: { id: number; key: ErrorKey }[];
}
export const markDelivered = (body: { ids: number[]; at: string; comment?: string }) =>
  api<MarkDeliveredResult>('/tracerroute/delivered', { method: 'POST', body });

/** Empty strings are not sent: the server keeps its own defaults. */
export function withoutBlanks<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as T;
}

export type DeliveredAtProblem = 'required' | 'invalidDate' | 'tooRecent';

/** Spec §5/§9: a manual delivery date is at least MANUAL_DELIVERY_MIN_AGE_MINUTES in the past. */
export function deliveredAtProblem(local: string, timeZone: string, now = new Date()): DeliveredAtProblem | null {
  if (!local) return 'required';
  const at = zonedInstant(local, timeZone);
  if (!at) return 'invalidDate';
  return now.getTime() - at.getTime() < MANUAL_DELIVERY_MIN_AGE_MINUTES * 60_000 ? 'tooRecent' : null;
}
