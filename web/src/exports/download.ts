import { apiRequest } from '../core/api';
import { saveResponse } from '../core/files';

/** Downloads a mailed export (GET /api/exports/<id>, bearer token): only its owner gets it, others a 404. */
export async function downloadStoredExport(id: string): Promise<string> {
  return saveResponse(await apiRequest(`/exports/${encodeURIComponent(id)}`, { accept: '*/*' }), 'export');
}
