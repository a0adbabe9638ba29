import type { CallerContext } from '@portal/contracts';
import { scopeSql } from '@portal/db';

/**
 * A WHERE clause built with positional parameters, for the raw list queries (one statement answers
 * a page and its count, so both come from the same snapshot). The caller's scope always goes in first.
 */
export class SqlWhere {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  constructor(ctx: CallerContext, depositorColumn: string) {
    const scope = scopeSql(ctx.scope, { depositor: depositorColumn });
    // scopeSql speaks TypeORM's named list parameters: the same rule with a positional array.
    if (scope.sql)
      this.parts.push(scope.sql.replace(/IN \(:\.\.\.(\w+)\)/g, (_, name: string) => `= ANY(${this.param(scope.params[name])}::int[])`));
  }

  /** Adds a parameter and answers its placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  and(condition: string): this {
    this.parts.push(condition);
    return this;
  }

  toString(): string {
    return this.parts.length ? this.parts.join(' AND ') : 'TRUE';
  }
}

/**
 * A prefix condition as a range (`col >= 'ABC' AND col < 'ABD'`): comparisons are leakproof, so
 * PostgreSQL can use an index under row-level security, which it cannot for LIKE. The "C"
 * collation of the coded columns makes the range exact.
 */
export function prefixCondition(w: SqlWhere, column: string, prefix: string): void {
  const last = prefix.charCodeAt(prefix.length - 1);
  const next = prefix.slice(0, -1) + String.fromCharCode(last + 1);
  w.and(`${column} >= ${w.param(prefix)} AND ${column} < ${w.param(next)}`);
}

/**
 * ORDER BY for a whitelisted column: NULLS LAST only where the column can be null. On a NOT NULL
 * column it would keep a DESC sort from walking the index backwards and sort every matching row.
 */
export function orderBy(expression: string, order: 'ASC' | 'DESC', notNull: ReadonlySet<string>): string {
  return `${expression} ${order}${notNull.has(expression) ? '' : ' NULLS LAST'}`;
}
