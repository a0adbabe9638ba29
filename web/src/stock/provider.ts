import type { DataProvider, GetListResult } from 'ra-core';
import { apiRequest } from '../core/api';

/** The query string of a list or an export: JSON filter, range and sort (ra-data-simple-rest). */
export function listQuery(filter: object, sort?: { field: string; order: string }, range?: [number, number]): URLSearchParams {
  const q = new URLSearchParams();
  const clean = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  q.set('filter', JSON.stringify(clean));
  if (sort?.field) q.set('sort', JSON.stringify([sort.field, sort.order === 'DESC' ? 'DESC' : 'ASC']));
  if (range) q.set('range', JSON.stringify(range));
  return q;
}

/**
 * Parses `Content-Range: <resource> a-b/<total>`; with the backend's `*` extension (uncounted
 * total) the page says through X-Has-More whether a next page exists: react-admin `pageInfo`.
 */
export function pageOf<T>(rows: T[], contentRange: string | null, hasMore: string | null, page: number): GetListResult {
  const total = (contentRange ?? '').split('/').pop() ?? '';
  if (/^\d+$/.test(total)) return { data: rows as GetListResult['data'], total: Number(total) };
  return { data: rows as GetListResult['data'], pageInfo: { hasNextPage: hasMore === 'true', hasPreviousPage: page > 1 } };
}

const unsupported = () => Promise.reject(new Error('read-only resource'));

/** Read-only provider of My Stocks and My Items (stock, movements, items). */
export const stockDataProvider: DataProvider = {
  async getList(resource, params) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const range: [number, number] = [(page - 1) * perPage, page * perPage - 1];
    const filter = { ...(params.filter ?? {}), ...(params.meta?.permanent ?? {}) };
    const response = await apiRequest(`/${resource}?${listQuery(filter, params.sort, range)}`);
    const rows = (await response.json()) as object[];
    return pageOf(rows, response.headers.get('Content-Range'), response.headers.get('X-Has-More'), page);
  },
  async getOne(resource, params) {
    const response = await apiRequest(`/${resource}/${encodeURIComponent(String(params.id))}`);
    return { data: await response.json() };
  },
  async getMany(resource, params) {
    const data = await Promise.all(
      params.ids.map(async (id) => (await apiRequest(`/${resource}/${encodeURIComponent(String(id))}`)).json()),
    );
    return { data };
  },
  getManyReference: unsupported,
  create: unsupported,
  update: unsupported,
  updateMany: unsupported,
  delete: unsupported,
  deleteMany: unsupported,
};
