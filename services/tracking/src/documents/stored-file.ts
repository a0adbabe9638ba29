import { TRACKING_UPLOAD_MAX_BYTES, type StoredFileRef } from '@portal/contracts';
import { cleanFileName, cleanUploadName, DOCUMENT_CONTENT_TYPES } from '@portal/files';
import type { FieldChecks } from '../common/checks';

/**
 * A file the gateway already wrote to the storage (checked there from its bytes): key, name, type,
 * size. The name is cleaned again here (idempotent): the service does not rely on its caller for it.
 */
export function parseStoredFile(c: FieldChecks, path: string, value: unknown): StoredFileRef | null {
  const f = c.object(path, value) ?? {};
  const key = c.text(`${path}.key`, f.key, 255, { required: true, pattern: /^tracking\/[a-z0-9/_-]+\.(pdf|jpg|png)$/ });
  const name = c.text(`${path}.name`, f.name, 255, { required: true });
  const contentType = c.oneOf(`${path}.contentType`, f.contentType, DOCUMENT_CONTENT_TYPES, true);
  const size = c.integer(`${path}.size`, f.size, { required: true, min: 1, max: TRACKING_UPLOAD_MAX_BYTES });
  return key && name && contentType && size ? { key, name: documentName(name, contentType), contentType, size } : null;
}

/**
 * The name a document is kept and downloaded under, whoever sent it: without control or bidi
 * characters and, when its bytes are known, with the extension of their type (`cleanUploadName`).
 */
export function documentName(name: string, contentType?: string | null): string {
  const type = DOCUMENT_CONTENT_TYPES.find((t) => t === contentType);
  return type ? cleanUploadName(name, type) : cleanFileName(name) || 'document';
}
