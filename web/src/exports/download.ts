import { ApiError, apiRequest, errorKeyOf } from '../core/api';
import { saveResponse } from '../core/files';

/** Downloads a mailed export (GET /api/exports/<id>, bearer token): only its owner gets it, others a 404. */
export async function downloadStoredExport(id: string): Promise<string> {
  return saveResponse(await apiRequest(`/exports/${encodeURIComponent(id)}`, { accept: '*/*' }), 'export');
}

/**
 * Why an export failed, as a notice (key and its arguments): too many rows (the limit), no address to
 * mail a large one to (the rows one may download at once), or the error's own words.
 */
export function exportFailure(error: unknown): [string, Record<string, unknown>] {
  const key = errorKeyOf(error);
  const params = error instanceof ApiError ? error.params : {};
  if (key === 'exportTooLarge' && params.limit !== undefined) return ['exports.tooLarge', params];
  if (key === 'userEmailEmpty' && params.syncLimit !== undefined) return ['exports.noEmail', params];
  return [`errors.${key}`, params];
}
