import { AppError, STOCK_LIMITS, type ListRequest } from '@portal/contracts';

/** A checked react-admin list request: filter object, offset/limit, one whitelisted sort column. */
export interface ParsedList {
  filter: Record<string, unknown>;
  offset: number;
  limit: number;
  sortField: string;
  order: 'ASC' | 'DESC';
}

const invalid = (field: string, key: 'invalidFormat' | 'max' | 'integer' = 'invalidFormat') =>
  new AppError('validationFailed', `invalid ${field}`, undefined, { [field]: key });

export function parseList(data: unknown, sortable: readonly string[], defaultSort: [string, 'ASC' | 'DESC']): ParsedList {
  const request = (typeof data === 'object' && data !== null ? data : {}) as ListRequest;
  const filter = request.filter ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter)) throw invalid('filter');
  const [first, last] = request.range ?? [0, 24];
  if (!Number.isInteger(first) || !Number.isInteger(last) || first < 0 || last < first) throw invalid('range', 'integer');
  if (last - first + 1 > STOCK_LIMITS.maxPageSize) throw invalid('range', 'max');
  const [sortField, order] = request.sort ?? defaultSort;
  if (!sortable.includes(sortField)) throw invalid('sort');
  if (order !== 'ASC' && order !== 'DESC') throw invalid('sort');
  return { filter: filter, offset: first, limit: last - first + 1, sortField, order };
}

/** Typed readers of filter values, each refusing a wrong type with validationFailed on that key. */
export const read = {
  text(filter: Record<string, unknown>, key: string, max = 64): string | undefined {
    const value = filter[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') throw invalid(key);
    const text = String(value).trim();
    if (text.length > max) throw invalid(key, 'max');
    return text || undefined;
  },
  id(filter: Record<string, unknown>, key: string): number | undefined {
    const value = filter[key];
    if (value === undefined || value === null || value === '') return undefined;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw invalid(key, 'integer');
    return n;
  },
  /** One value or a list of them, each among `allowed`. */
  oneOf<T extends string>(filter: Record<string, unknown>, key: string, allowed: readonly T[]): T[] | undefined {
    const value = filter[key];
    if (value === undefined || value === null || value === '') return undefined;
    const values = Array.isArray(value) ? value : [value];
    if (!values.length || !values.every((v) => allowed.includes(v as T))) throw invalid(key);
    return values as T[];
  },
  flag(filter: Record<string, unknown>, key: string): boolean | undefined {
    const value = filter[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (value === true || value === 'true' || value === 1 || value === '1') return true;
    if (value === false || value === 'false' || value === 0 || value === '0') return false;
    throw invalid(key);
  },
  /** `YYYY-MM-DD` (a day in the caller's time zone) or an ISO instant. */
  date(filter: Record<string, unknown>, key: string): string | undefined {
    const value = filter[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string' || !isDateOrInstant(value))
      throw new AppError('invalidDate', `invalid ${key}`, undefined, { [key]: 'invalidFormat' });
    return value;
  },
};

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isDateOrInstant(value: string): boolean {
  if (DAY_PATTERN.test(value))
    return !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
}
