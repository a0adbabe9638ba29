import { TRACKING_UPLOAD_MAX_BYTES, type StoredFileRef } from '@portal/contracts';
import { cleanUploadName, type FileStorage } from '@portal/files';
import { withUpload } from '../http/raw-upload';
import type { UploadedFileBody } from './tracking.dto';

/**
 * Writes an uploaded file to the shared storage (size and content type checked from the bytes),
 * runs `use` with its reference, and removes the file again when the service refuses it. The file
 * keeps the name it came with, cleaned and with the extension of its real type (`cleanUploadName`).
 */
export async function withUploadedFile<T>(
  files: FileStorage,
  body: UploadedFileBody | undefined,
  use: (file: StoredFileRef | undefined) => Promise<T>,
): Promise<T> {
  if (!body) return use(undefined);
  const stored = await files.put(Buffer.from(body.contentBase64, 'base64'), {
    folder: 'tracking/documents',
    maxBytes: TRACKING_UPLOAD_MAX_BYTES,
  });
  return withUpload(files, stored.key, () =>
    use({ key: stored.key, name: cleanUploadName(body.name, stored.contentType), contentType: stored.contentType, size: stored.size }),
  );
}
