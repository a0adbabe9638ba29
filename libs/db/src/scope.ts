import type { CallerContext, Scope } from '@portal/contracts';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** The scoped dimensions a row can carry, mapped to the column that holds each in a query. */
export interface ScopeColumns {
  depositor?: string;
  activity?: string;
  store?: string;
}

/**
 * The one scope helper: narrows a query to the caller's depositors, activities and stores.
 * Deny by default: an empty allowed list matches nothing, only a full scope skips a dimension.
 */
export function applyScope<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  ctx: CallerContext,
  columns: ScopeColumns,
): SelectQueryBuilder<T> {
  const { sql, params } = scopeSql(ctx.scope, columns, qb.alias);
  return sql ? qb.andWhere(sql, params) : qb;
}

/** The same rule as SQL text with named parameters, for raw queries and for tests. */
export function scopeSql(scope: Scope, columns: ScopeColumns, paramPrefix = 's'): { sql: string; params: Record<string, number[]> } {
  if (scope.all) return { sql: '', params: {} };
  const parts: string[] = [];
  const params: Record<string, number[]> = {};
  const dims: [keyof ScopeColumns, number[]][] = [
    ['depositor', scope.depositorIds],
    ['activity', scope.activityIds],
    ['store', scope.storeIds],
  ];
  for (const [dim, ids] of dims) {
    const column = columns[dim];
    if (!column) continue;
    // Activities and stores restrict only when the user has a list for them; depositors always do.
    if (dim !== 'depositor' && ids.length === 0) continue;
    const name = `${paramPrefix}_${dim}`;
    parts.push(ids.length ? `${column} IN (:...${name})` : '1 = 0');
    if (ids.length) params[name] = ids;
  }
  return { sql: parts.join(' AND '), params };
}

/** True when a row of this depositor is inside the scope (for checks on already loaded rows). */
export function inScope(scope: Scope, depositorId: number | null | undefined): boolean {
  return scope.all || (depositorId != null && scope.depositorIds.includes(depositorId));
}
