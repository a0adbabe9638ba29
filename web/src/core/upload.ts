import type { ErrorBody } from '@portal/contracts';
import { ApiError, NetworkError } from './api';
import { getToken } from './session';

/**
 * Sends a file as the raw body of a POST to /api<path>, reporting the share sent (0..1) as it goes:
 * fetch cannot tell upload progress, XMLHttpRequest can. Answers the JSON reply; an error answer
 * throws ApiError with its catalogue key, like `api`.
 */
export function uploadFile<T>(path: string, file: Blob, onProgress: (sent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.onload = () => {
      const body = jsonOf(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const error = (body as ErrorBody | null)?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.key ?? 'unexpectedError',
          error?.message ?? xhr.statusText,
          error?.params ?? {},
          error?.fields ?? {},
        ),
      );
    };
    xhr.send(file);
  });
}

function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
