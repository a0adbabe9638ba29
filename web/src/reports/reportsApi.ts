import type { DateRange, ExportQueuedDto, ReportDefinitionDto, ReportResultDto } from '@portal/contracts';
import { api, apiRequest } from '../core/api';
import { saveResponse } from '../core/files';

/** The parameters of a run as the page keeps them (and its URL): a §9 range, or two days; depositors. */
export interface ReportParams {
  range?: DateRange;
  from?: string;
  to?: string;
  depositorIds?: number[];
}

/** GET /api/reports/:id and its export take the same query: range=, or from=&to=; depositorIds=1,2. */
export function reportQuery(params: ReportParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.range) query.set('range', params.range);
  else {
    if (params.from) query.set('from', params.from);
    if (params.to) query.set('to', params.to);
  }
  if (params.depositorIds?.length) query.set('depositorIds', params.depositorIds.join(','));
  return query;
}

const path = (id: string) => `/reports/${encodeURIComponent(id)}`;
const withQuery = (base: string, query: URLSearchParams) => (query.size ? `${base}?${query}` : base);

/** The reports the caller may open (the server decides by roles and rights). */
export const listReports = () => api<ReportDefinitionDto[]>('/reports');

export const runReport = (id: string, params: ReportParams, signal?: AbortSignal) =>
  api<ReportResultDto>(withQuery(path(id), reportQuery(params)), { signal });

export type ReportExportResult = { mailed: false; name: string } | { mailed: true; email: string };

/** CSV or XLSX of the run: downloaded at once, or (202, export kit) mailed to the caller when large. */
export const exportReport = (id: string, format: 'csv' | 'xlsx', params: ReportParams): Promise<ReportExportResult> =>
  exportFile(`${path(id)}/export`, reportQuery(params), format, `report-${id}`);

/** An export of the export kit (`<route>?…&format=`): the file saved at once, or the address it will be mailed to (202). */
export async function exportFile(route: string, query: URLSearchParams, format: 'csv' | 'xlsx', name: string): Promise<ReportExportResult> {
  const withFormat = new URLSearchParams(query);
  withFormat.set('format', format);
  const response = await apiRequest(`${route}?${withFormat}`, { accept: '*/*' });
  if (response.status === 202) return { mailed: true, email: ((await response.json()) as ExportQueuedDto).email };
  return { mailed: false, name: await saveResponse(response, `${name}.${format}`) };
}
