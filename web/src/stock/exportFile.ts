import type { ExportQueuedDto } from '@portal/contracts';
import { apiRequest } from '../core/api';
import { saveResponse } from '../core/files';
import { listQuery } from '../core/dataProvider';

/** The file was downloaded, or it is too large to answer at once and will be mailed to the (masked) address. */
export type ExportResult = { mailed: false; name: string } | { mailed: true; email: string };

/**
 * Exports /api/<path>?format=… with the bearer token and the list's current filter and sort: a small
 * list downloads at once; a large one answers 202 and the server mails a link when the file is ready.
 */
export async function downloadExport(
  path: string,
  format: 'csv' | 'xlsx',
  filter: object,
  sort?: { field: string; order: string },
): Promise<ExportResult> {
  const query = listQuery(filter, sort);
  query.set('format', format);
  const response = await apiRequest(`${path}?${query}`, { accept: '*/*' });
  if (response.status === 202) {
    const queued = (await response.json()) as ExportQueuedDto;
    return { mailed: true, email: queued.email };
  }
  return { mailed: false, name: await saveResponse(response, `export.${format}`) };
}
