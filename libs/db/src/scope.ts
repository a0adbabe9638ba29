import type { CallerContext, Scope } from '@portal/contracts';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** The scoped dimensions a row can carry, mapped to the column that holds each in a query. */
export interface ScopeColumns {
  /** The row's depositor id (every business row has one). */
  depositor: string;
  /**
   * The depositor column is an int[] naming several depositors (an alert): the row is in the scope
   * only when every one of them is.
   */
  depositorArray?: boolean;
  /** The platform id, where the row is tied to a platform. */
  platform?: string;
  /** The activity code (unique per depositor), e.g. orders. */
  activity?: string;
  /** The store code (unique per depositor), e.g. stock lines and movements. */
  store?: string;
  /** The back office's own activity and store rows (admin): their ids, restricted when the scope lists some. */
  activityId?: string;
  storeId?: string;
}

/** Separator of the `<depositorId>:<code>` keys in a scope setting (codes may hold commas). */
export const KEY_SEPARATOR = '\u001f';

/** A parameter writer: adds a value and answers its placeholder in the statement being built. */
export type ParamWriter = (value: unknown) => string;

/**
 * The one scope rule, as SQL conditions (ANDed). Deny by default:
 * - depositors always restrict: an empty list matches nothing, only a full scope skips them;
 * - platforms restrict when the user narrowed to some (Settings);
 * - activities and stores restrict per depositor: a depositor with activities in the scope shows
 *   only rows of those activities (a row without an activity is hidden), the other depositors all.
 * The same rule is enforced by row-level security (rls.ts) from the settings Db.scoped declares.
 */
export function scopeConditions(scope: Scope, columns: ScopeColumns, param: ParamWriter): string[] {
  if (scope.all) return [];
  const parts = [
    columns.depositorArray
      ? `${columns.depositor} <@ ${param(scope.depositorIds)}::int[]`
      : `${columns.depositor} = ANY(${param(scope.depositorIds)}::int[])`,
  ];
  if (columns.platform && scope.platformIds.length) parts.push(`${columns.platform} = ANY(${param(scope.platformIds)}::int[])`);
  for (const [column, keys] of [
    [columns.activity, scope.activityKeys],
    [columns.store, scope.storeKeys],
  ] as const) {
    if (!column || !keys.length) continue;
    // Written so that an index on (depositor, code) serves it: each restricted depositor with its own
    // codes, the scope's other depositors whole (a key is `<depositorId>:<code>`). One code is an
    // equality: an index (depositor, code, date) then gives its rows in date order, which it does not
    // for `= ANY` (a store-limited user's movements page: 47 -> 6 ms, the index walked to the page).
    const restricted = restrictedDepositors(keys);
    const arms = restricted.map((id) => {
      const codes = codesOf(keys, id);
      const code = codes.length === 1 ? `${column} = ${param(codes[0])}::text` : `${column} = ANY(${param(codes)}::text[])`;
      return `(${columns.depositor} = ${param(id)}::int AND ${code})`;
    });
    const whole = scope.depositorIds.filter((id) => !restricted.includes(id));
    if (whole.length) arms.push(`${columns.depositor} = ANY(${param(whole)}::int[])`);
    parts.push(`(${arms.join(' OR ')})`);
  }
  if (columns.activityId && scope.activityIds.length) parts.push(`${columns.activityId} = ANY(${param(scope.activityIds)}::int[])`);
  if (columns.storeId && scope.storeIds.length) parts.push(`${columns.storeId} = ANY(${param(scope.storeIds)}::int[])`);
  return parts;
}

/** The codes a `<depositorId>:<code>` key list allows to one depositor. */
function codesOf(keys: string[], depositorId: number): string[] {
  const prefix = `${depositorId}:`;
  return keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
}

/** The depositors a `<depositorId>:<code>` key list restricts. */
export function restrictedDepositors(keys: string[]): number[] {
  return [...new Set(keys.map((k) => Number(k.slice(0, k.indexOf(':')))))].filter((id) => Number.isSafeInteger(id));
}

/**
 * The same rule on a TypeORM query builder (the features still written with it). Parameters are
 * named after the builder's alias so that two scoped builders can share a statement.
 */
export function applyScope<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  ctx: CallerContext,
  columns: ScopeColumns,
): SelectQueryBuilder<T> {
  let n = 0;
  const params: Record<string, unknown> = {};
  const param: ParamWriter = (value) => {
    const name = `scope_${qb.alias}_${n++}`;
    params[name] = value;
    return `:${name}`;
  };
  // TypeORM reads `:name::int[]` as two parameters: write the casts as CAST().
  const conditions = scopeConditions(ctx.scope, columns, param).map((c) =>
    c.replace(/(:scope_\w+)::(int|text)(\[\])?/g, (_, p: string, type: string, array = '') => `CAST(${p} AS ${type}${array})`),
  );
  return conditions.length ? qb.andWhere(conditions.join(' AND '), params) : qb;
}

/** True when the scope narrows its depositors to some platforms, activities or stores (the narrowed role). */
export function isNarrowed(scope: Scope): boolean {
  return !scope.all && [scope.platformIds, scope.activityKeys, scope.storeKeys].some((list) => (list ?? []).length > 0);
}

/** True when a row of this depositor is inside the scope (for checks on already loaded rows). */
export function inScope(scope: Scope, depositorId: number | null | undefined): boolean {
  return scope.all || (depositorId != null && scope.depositorIds.includes(depositorId));
}
