import { apiFetch, listQuery } from './provider';

/** Downloads /api/<path>?format=… with the bearer token and the list's current filter and sort. */
export async function downloadExport(path: string, format: 'csv' | 'xlsx', filter: object, sort?: { field: string; order: string }) {
  const query = listQuery(filter, sort);
  query.set('format', format);
  const response = await apiFetch(`${path}?${query}`);
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `export.${format}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
