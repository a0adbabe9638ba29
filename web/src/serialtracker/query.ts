/** The Serial Tracker search as it lives in the page URL (?serial=… or ?lot=…) and in the API filter. */

export type SerialSearchBy = 'serial' | 'lot';
export interface SerialSearch {
  by: SerialSearchBy;
  value: string;
}

/** The search of a page URL: `serial` wins over `lot`; blank values are no search. */
export function serialSearchOf(params: URLSearchParams): SerialSearch | null {
  for (const by of ['serial', 'lot'] as const) {
    const value = params.get(by)?.trim();
    if (value) return { by, value };
  }
  return null;
}

/** The query string of GET /api/serials: `filter={"serial":"…"}` or `filter={"lot":"…"}` (prefix). */
export function serialQuery(search: SerialSearch): string {
  return new URLSearchParams({ filter: JSON.stringify({ [search.by]: search.value }) }).toString();
}
