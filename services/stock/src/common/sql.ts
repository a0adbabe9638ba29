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

/** Escapes LIKE wildcards so a user's prefix matches literally. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
