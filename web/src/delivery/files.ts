import { TRACKING_UPLOAD_MAX_BYTES } from '@portal/contracts';
import { apiRequest } from '../core/api';
import { saveResponse } from '../core/files';

/** Uploads of documents and PODs (spec §5: PDF, JPEG, JPG or PNG, size limit), checked before sending. */
const ACCEPTED: Record<string, string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
};
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** Why a file cannot be sent, or null when it can (the server checks the bytes again). */
export function uploadProblem(file: { name: string; size: number; type: string }): 'fileType' | 'fileTooLarge' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const byType = ACCEPTED[file.type];
  const typeOk = byType ? byType.includes(extension) || !extension : Object.values(ACCEPTED).some((e) => e.includes(extension));
  if (!typeOk) return 'fileType';
  if (file.size > TRACKING_UPLOAD_MAX_BYTES) return 'fileTooLarge';
  return null;
}

/** The file as base64, the body format of the tracking uploads ({ name, contentBase64 }). */
export async function toUploadBody(file: File): Promise<{ name: string; contentBase64: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name, contentBase64: btoa(binary) };
}

/** Downloads a document through its API `url` with the bearer token (a plain link would lack it). */
export async function downloadDocument(url: string, fallbackName: string): Promise<void> {
  await saveResponse(await apiRequest(url.replace(/^\/api(?=\/)/, ''), { accept: '*/*' }), fallbackName);
}
