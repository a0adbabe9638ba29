import { useEffect, useState } from 'react';
import { apiRequest } from './api';

/**
 * An image of the API (a depositor's logo) as an object URL: the bearer token rules out a plain
 * `<img src>`. Null while loading, when absent (204 No Content, or 404) or on any error; `version` asks it again.
 */
export function useApiImage(path: string | null, version: unknown = 0): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return setUrl(null);
    let live = true;
    let created: string | null = null;
    apiRequest(path, { accept: 'image/png' })
      .then((response) => (response.status === 204 ? null : response.blob()))
      .then(
        (blob) => {
          if (!live || !blob) return;
          created = URL.createObjectURL(blob);
          setUrl(created);
        },
        () => live && setUrl(null),
      );
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [path, version]);
  return url;
}
