import {
  encodeCursor,
  type CallerContext,
  type ListCursor,
  type ListPage,
  type ListQuery,
  type SortOrder,
  type SortType,
} from '@portal/contracts';
import { scopeConditions, type ScopeColumns } from './scope';

/**
 * The list kit's database half: a WHERE clause with positional parameters that always starts from
 * the caller's scope (there is no other constructor), the prefix condition, ORDER BY and the
 * keyset condition written once, and the two page shapes (counted offset pages, keyset pages).
 */
export class ScopedWhere {
  readonly params: unknown[] = [];
  private readonly parts: string[];

  private constructor(ctx: CallerContext, columns: ScopeColumns) {
    this.parts = scopeConditions(ctx.scope, columns, (value) => this.param(value));
  }

  /** The caller's scope on these columns: the only way to start a list query. */
  static of(ctx: CallerContext, columns: ScopeColumns): ScopedWhere {
    return new ScopedWhere(ctx, columns);
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

  /** `column = value` when the value is given. */
  equals(column: string, value: unknown, cast = ''): this {
    return value === undefined ? this : this.and(`${column} = ${this.param(value)}${cast}`);
  }

  /** `column = ANY(values)` when values are given. */
  anyOf(column: string, values: readonly unknown[] | undefined, arrayType: 'int' | 'text' | 'smallint'): this {
    return values?.length ? this.and(`${column} = ANY(${this.param(values)}::${arrayType}[])`) : this;
  }

  /**
   * A prefix as a byte-wise range (`col >= 'ABC' AND col < 'ABC' || U+10FFFF`): comparisons are
   * leakproof, so PostgreSQL uses an index under row-level security, which it cannot for LIKE.
   * `pattern` for columns indexed with text_pattern_ops (operators ~>=~ ~<~); otherwise the column
   * must have the "C" collation so that `>=`/`<` compare bytes too.
   */
  prefix(column: string, value: string | undefined, opclass: 'collateC' | 'pattern' = 'collateC'): this {
    if (!value) return this;
    const [ge, lt] = opclass === 'pattern' ? ['~>=~', '~<~'] : ['>=', '<'];
    return this.and(`(${column} ${ge} ${this.param(value)} AND ${column} ${lt} ${this.param(prefixEnd(value))})`);
  }

  /** The keyset condition: rows after the cursor's row in `(sortColumn, idColumn)` order. */
  after(cursor: ListCursor | undefined, sortColumn: string, idColumn: string, type: SortType): this {
    if (!cursor) return this;
    const op = cursor.order === 'DESC' ? '<' : '>';
    const id = `${this.param(cursor.id)}::bigint`;
    if (sortColumn === idColumn) return this.and(`${idColumn} ${op} ${id}`);
    return this.and(`(${sortColumn}, ${idColumn}) ${op} (${this.param(cursor.value)}::${SQL_TYPES[type]}, ${id})`);
  }

  toString(): string {
    return this.parts.length ? this.parts.join(' AND ') : 'TRUE';
  }
}

const SQL_TYPES: Record<SortType, string> = {
  text: 'text',
  int: 'int',
  bigint: 'bigint',
  number: 'float8',
  instant: 'timestamptz',
  day: 'date',
};

/** Text as a LIKE pattern's literal part: its `\`, `%` and `_` escaped (PostgreSQL's default escape character). */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The upper bound of a prefix range (exclusive). */
export const prefixEnd = (prefix: string): string => `${prefix}\u{10FFFF}`;

/**
 * ORDER BY a whitelisted column then the id: NULLS LAST only where the column can be null (on a
 * NOT NULL column it would keep a DESC sort from walking the index backwards).
 */
export function orderBy(column: string, order: SortOrder, idColumn: string, notNull: ReadonlySet<string>): string {
  if (column === idColumn) return `${idColumn} ${order}`;
  return `${column} ${order}${notNull.has(column) ? '' : ' NULLS LAST'}, ${idColumn} ${order}`;
}

/**
 * A keyset page from `limit + 1` rows read after the cursor: the extra row only says that more
 * follow, and the last row shown gives the next cursor.
 */
export function keysetPage<T extends Record<string, unknown>>(
  rows: T[],
  query: Pick<ListQuery, 'limit' | 'sort' | 'order'>,
  cursorOf: (row: T) => { value: string | number | null; id: string },
): ListPage<T> {
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  const last = shown[shown.length - 1];
  const nextCursor = more && last ? encodeCursor({ sort: query.sort, order: query.order, ...cursorOf(last) }) : null;
  return { rows: shown, total: null, more, nextCursor };
}

/** Runs one statement (Db.scopedQuery, or an EntityManager's query inside Db.scoped). */
export type StatementRunner = <R>(sql: string, params: unknown[]) => Promise<R[]>;

/**
 * An offset page and its count in one statement, so both come from the same snapshot. The count
 * stops at `maxExactCount` (then `total` is null and `more` says whether rows follow).
 */
export async function countedPage<T>(
  run: StatementRunner,
  where: ScopedWhere,
  sql: { rows: (limit: string, offset: string) => string; countRows: string },
  page: { offset: number; limit: number; maxExactCount: number },
): Promise<ListPage<T>> {
  const cap = where.param(page.maxExactCount + 1);
  const rowsSql = sql.rows(where.param(page.limit + 1), where.param(page.offset));
  const [result] = await run<{ total: number; rows: T[] }>(
    `SELECT (SELECT count(*)::int FROM (${sql.countRows} LIMIT ${cap}) c) AS total,
            (SELECT coalesce(json_agg(p), '[]'::json) FROM (${rowsSql}) p) AS rows`,
    where.params,
  );
  const rows = result.rows.slice(0, page.limit);
  const exact = result.total <= page.maxExactCount;
  return { rows, total: exact ? result.total : null, more: result.rows.length > page.limit };
}
