/** The file name a Content-Disposition gives (RFC 5987 `filename*` first), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Hands a file answer of the API to the browser's downloads (the bearer token rules out a plain
 * link); returns the name it was saved under.
 */
export async function saveResponse(response: Response, fallback: string): Promise<string> {
  return saveBlob(await response.blob(), fileNameOf(response.headers.get('Content-Disposition'), fallback));
}

/** Hands bytes made in the browser to its downloads under `name`. */
export function saveBlob(blob: Blob, name: string): string {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** A size in the user's language: "850 o", "45 ko", "2,4 Mo". */
export function formatBytes(size: number | null, locale: string): string {
  if (size === null) return '';
  const [unit, value] = size < 1024 ? ['byte', size] : size < 1024 * 1024 ? ['kilobyte', size / 1024] : ['megabyte', size / (1024 * 1024)];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'megabyte' ? 1 : 0,
  }).format(value);
}
