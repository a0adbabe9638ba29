import { AppError } from '@portal/contracts';

/** The `id` of a get-one request: a PostgreSQL integer, else validationFailed (never a database error). */
export function rowId(data: unknown): number | undefined {
  const value = (typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined) ?? undefined;
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 2_147_483_647)
    throw new AppError('validationFailed', 'invalid id', undefined, { id: 'integer' });
  return n;
}
