import { STOCK_LIMITS, type ListPage } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { SqlWhere } from './sql';

/**
 * One statement for a page and its count, so both come from the same snapshot (a stock snapshot
 * swapped in meanwhile shows wholly or not at all). The count stops at STOCK_LIMITS.maxExactCount.
 */
export async function pageOf<T>(
  em: EntityManager,
  where: SqlWhere,
  sql: { rows: (limit: string, offset: string) => string; countRows: string },
  offset: number,
  limit: number,
): Promise<ListPage<T>> {
  const cap = where.param(STOCK_LIMITS.maxExactCount + 1);
  const rowsSql = sql.rows(where.param(limit + 1), where.param(offset));
  const [result] = await em.query<{ total: number; rows: T[] }[]>(
    `SELECT (SELECT count(*)::int FROM (${sql.countRows} LIMIT ${cap}) c) AS total,
            (SELECT coalesce(json_agg(p), '[]'::json) FROM (${rowsSql}) p) AS rows`,
    where.params,
  );
  const rows = result.rows.slice(0, limit);
  const more = result.rows.length > limit;
  const exact = result.total <= STOCK_LIMITS.maxExactCount;
  return { rows, total: exact ? result.total : null, more };
}
