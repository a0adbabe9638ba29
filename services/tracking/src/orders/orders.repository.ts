import { Inject, Injectable } from '@nestjs/common';
import { auditedWrite } from '@portal/bus';
import { hasAnyRole, Role, type CallerContext } from '@portal/contracts';
import { applyScope, Db, isNarrowed, type ScopeColumns } from '@portal/db';
import { ORDER_ROWS } from '../common/audit';
import { ORDER_SCOPE } from '../common/order-scope';
import { type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { SHOWN_TRACER_STATUS_SQL, shownTracerStatusIn } from '../common/tracer-status';
import { prefixBounds, SORT_COLUMNS, startsWith, type OrderSearch } from './search-filter';

/** Columns of a search row (OrderSummaryDto), raw. */
export const SUMMARY_SELECT = `o.id, o.depositor_id, o.depositor_code, o.reference, o.customer_reference, o.order_reference, o.slip_number,
  o.status, ${SHOWN_TRACER_STATUS_SQL('o')} AS tracer_status, o.carrier_code, o.carrier_name, o.recipient_name, o.recipient_company,
  o.zip, o.town, o.country, o.parcel_count, o.created_at, o.shipped_at, o.promised_delivery_at, o.delivered_at`;

/**
 * Matching ids a typed reference may have before it is searched as a broad prefix, and how many of
 * the newest orders a broad prefix is first looked for among (tests lower them). A narrowed scope
 * holds a small share of a prefix index's matches (denis, one store of one activity: one in nine of
 * his depositor's), so finding 1,001 of them reads about 9,000 index tuples (16 ms); 101 say as well
 * that the prefix is broad, and the walk of its window answers it (1 ms).
 */
export const referenceSearch = { candidates: 1000, narrowedCandidates: 100, window: 2000 };

/**
 * How a typed reference is matched: among these ids; as a broad prefix tested row by row; by the
 * newest matches of each prefix index; or by the united index ranges (exports).
 */
type ReferenceMatch = { ids: string[] } | 'broad' | 'newest' | 'all';

/** A search the prefix indexes alone can order: the reference, the depositors and dates, newest first. */
function newestEligible(s: OrderSearch): boolean {
  const others = [s.zip, s.town, s.country, s.slip, s.serial, s.lot, s.customer, s.article, s.statuses?.length, s.tracerStatuses?.length];
  return s.sort === 'createdAt' && s.descending && others.every((v) => !v);
}

const scopeOf = (alias: string): ScopeColumns => ({
  depositor: `${alias}.depositor_id`,
  platform: `${alias}.platform_id`,
  activity: `${alias}.activity_code`,
  store: `${alias}.store_code`,
});

export type OrderRow = Record<string, unknown> & { id: string; created_at: Date; reference: string; depositor_id: number };

/**
 * Whether a page is read walking a date index in order (Db.scopedQuery's walkInOrder): for a narrowed
 * scope in date order, whose restrictive policies divide the planner's estimates so that it would sort
 * every order of the scope. The walk stops at its page; at worst (a rare filter, a scope of several
 * depositors walked on the all-depositors date index) it reads the period's orders on that index.
 */
const walkable = (ctx: CallerContext, search: OrderSearch): boolean => isNarrowed(ctx.scope) && search.sort === 'createdAt';

/** The tracker's reads: every query is scoped twice (applyScope + row-level security). */
@Injectable()
export class OrdersRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  /**
   * One page of the search, plus one row to know whether a next page exists. Without a typed
   * reference: one statement, one round trip. With one, the cost of the page must not grow with the
   * number of orders the prefix matches (6 characters of a reference match most of them), so a first
   * statement reads at most `referenceSearch.candidates` + 1 (narrowed: `narrowedCandidates` + 1)
   * matching ids of the caller's scope, depositors and dates from the prefix indexes:
   * - up to that many, the page is read among those ids (exact, a small sort);
   * - beyond, the prefix is broad: the page is first looked for among the `referenceSearch.window`
   *   newest orders in scope, walked in date order (a prefix of recent references fills it there, after
   *   a few dozen rows); failing that, the newest matches of each reference column are picked from its
   *   covering prefix index alone (index-only, a top-N sort over index tuples), and only the page's
   *   rows are read. Searches with other
   *   filters or another order test the prefix row by row in their order instead.
   */
  async search(ctx: CallerContext, search: OrderSearch): Promise<OrderRow[]> {
    // Without a reference, a narrowed scope's orders are walked in date order on its indexes
    // (depositor with activity, or with status) to the page: 0.6-0.9 ms against 3.5-29 ms for a
    // depositor's activity over 30 to 365 days, its orders sorted (Db.scopedQuery's walkInOrder).
    if (!search.q) return this.page(ctx, this.searchQuery(ctx, search), search, { walkInOrder: walkable(ctx, search) });
    const matches = this.matchingBranches(ctx, search);
    const enough = isNarrowed(ctx.scope) ? referenceSearch.narrowedCandidates : referenceSearch.candidates;
    const [sql, params] = this.db
      .queryBuilder()
      .select('c.id')
      .from(`(${matches.map((b) => b.getQuery()).join(' UNION ALL ')})`, 'c')
      .setParameters(Object.assign({}, ...matches.map((b) => b.getParameters())))
      .limit(enough + 1)
      .getQueryAndParameters();
    const candidates = await this.db.scopedQuery<{ id: string }>(ctx, sql, params, { genericPlan: true });
    if (candidates.length <= enough)
      return this.page(ctx, this.searchQuery(ctx, search, { ids: [...new Set(candidates.map((c) => String(c.id)))] }), search);
    if (search.sort === 'createdAt' && search.descending) {
      // The newest orders in scope first: a prefix matching recent references fills the page there. A
      // narrowed scope's orders are walked on its date index in order (Db.scopedQuery's walkInOrder).
      const window = this.searchQuery(ctx, search, 'broad', referenceSearch.window);
      const rows = await this.page(ctx, window, search, { walkInOrder: walkable(ctx, search) });
      if (rows.length > search.size) return rows;
    }
    return this.page(ctx, this.searchQuery(ctx, search, newestEligible(search) ? 'newest' : 'broad'), search);
  }

  private page(
    ctx: CallerContext,
    qb: SelectQueryBuilder<OrderRow>,
    search: OrderSearch,
    options: { walkInOrder?: boolean } = {},
  ): Promise<OrderRow[]> {
    const column = SORT_COLUMNS[search.sort];
    const direction = search.descending ? 'DESC' : 'ASC';
    if (search.after) {
      const type = search.sort === 'createdAt' ? 'timestamptz' : search.sort === 'id' ? 'bigint' : 'text';
      qb.andWhere(`(${column}, o.id) ${search.descending ? '<' : '>'} (CAST(:afterValue AS ${type}), CAST(:afterId AS bigint))`, {
        afterValue: search.after.value,
        afterId: search.after.id,
      });
    } else if (search.from) {
      qb.offset(search.from);
    }
    if (search.sort === 'id') qb.orderBy('o.id', direction);
    else qb.orderBy(column, direction).addOrderBy('o.id', direction);
    const [sql, params] = qb.limit(search.size + 1).getQueryAndParameters();
    return this.db.scopedQuery<OrderRow>(ctx, sql, params, options);
  }

  /** How many orders of the search each shown Tracer Route status holds (the search's own status filter aside). */
  async tracerCounts(ctx: CallerContext, search: OrderSearch): Promise<{ status: string; count: number }[]> {
    const [sql, params] = this.searchQuery(ctx, { ...search, tracerStatuses: undefined }).getQueryAndParameters();
    const rows = await this.db.scopedQuery<{ status: string; count: string }>(
      ctx,
      `SELECT c.tracer_status AS status, count(*) AS count FROM (${sql}) c GROUP BY c.tracer_status`,
      params,
    );
    return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
  }

  /** The columns a typed reference is looked up in (tracking numbers with USER_TRACKER_NUMBER_SEARCH). */
  private referenceColumns(ctx: CallerContext): { column: string; bound: 'q' | 'qu' }[] {
    const columns: { column: string; bound: 'q' | 'qu' }[] = [
      { column: 'reference', bound: 'qu' },
      { column: 'order_reference', bound: 'qu' },
      { column: 'customer_reference', bound: 'q' },
      { column: 'slip_number', bound: 'qu' },
    ];
    if (hasAnyRole(ctx.roles, [Role.USER_TRACKER_NUMBER_SEARCH])) columns.push({ column: 'tracking_number', bound: 'qu' });
    return columns;
  }

  /** One index range per reference column: the ids of the orders whose reference starts with the text. */
  private referenceBranches(ctx: CallerContext): string[] {
    return this.referenceColumns(ctx).map(({ column, bound }) =>
      column === 'tracking_number'
        ? `SELECT order_id AS id FROM parcels WHERE ${column} ~>=~ :${bound}Lo AND ${column} ~<~ :${bound}Hi`
        : `SELECT id FROM orders WHERE ${column} ~>=~ :${bound}Lo AND ${column} ~<~ :${bound}Hi`,
    );
  }

  private referenceBounds(q: string): Record<string, string> {
    return { ...prefixBounds('q', q), ...prefixBounds('qu', q.toUpperCase()) };
  }

  /**
   * The filtered query without order or page (also what an export reads). A typed reference is
   * matched as `reference` says: among known ids, in date order (broad), or by the united index
   * ranges (an export reads every match anyway).
   */
  searchQuery(ctx: CallerContext, s: OrderSearch, reference: ReferenceMatch = 'all', window?: number): SelectQueryBuilder<OrderRow> {
    const qb = this.db.queryBuilder().select(SUMMARY_SELECT) as SelectQueryBuilder<OrderRow>;
    if (window)
      qb.from(
        (w) => this.newestInScope(w, ctx, s, 'w').select('w.*').orderBy('w.created_at', 'DESC').addOrderBy('w.id', 'DESC').limit(window),
        'o',
      );
    else qb.from('orders', 'o');
    qb.where('o.hidden_at IS NULL');
    applyScope(qb, ctx, ORDER_SCOPE);
    if (s.q) {
      const match = reference === 'newest' ? this.newestMatches(ctx, s) : { sql: this.referenceCondition(ctx, reference), params: {} };
      qb.andWhere(match.sql, {
        ...this.referenceBounds(s.q),
        ...match.params,
        ...(typeof reference === 'object' ? { referenceIds: reference.ids } : {}),
      });
    }
    this.exactOrPrefix(qb, 'o.zip', 'zip', s.zip);
    this.exactOrPrefix(qb, 'o.town', 'town', s.town);
    if (s.country) qb.andWhere('o.country = :country', { country: s.country });
    if (s.depositorIds?.length) qb.andWhere('o.depositor_id IN (:...depositorIds)', { depositorIds: s.depositorIds });
    if (s.dateFrom) qb.andWhere('o.created_at >= :dateFrom', { dateFrom: s.dateFrom });
    if (s.dateTo) qb.andWhere('o.created_at < :dateTo', { dateTo: s.dateTo });
    this.where(qb, startsWith('o.slip_number', 'slip', s.slip?.toUpperCase()));
    this.where(qb, startsWith('o.customer_code', 'customer', s.customer));
    this.where(qb, startsWith('sn.serial', 'serial', s.serial), (c) => `o.id IN (SELECT sn.order_id FROM order_serials sn WHERE ${c})`);
    this.where(qb, startsWith('l.lot', 'lot', s.lot), (c) => `o.id IN (SELECT l.order_id FROM order_lines l WHERE ${c})`);
    this.where(
      qb,
      startsWith('a.article_reference', 'article', s.article),
      (c) => `o.id IN (SELECT a.order_id FROM order_lines a WHERE ${c})`,
    );
    if (s.statuses?.length) qb.andWhere('o.status IN (:...statuses)', { statuses: s.statuses });
    if (s.tracerStatuses?.length) {
      const shown = shownTracerStatusIn('o', s.tracerStatuses, 'tracerStatuses');
      qb.andWhere(shown.sql, shown.params);
    }
    return qb;
  }

  /**
   * Orders of the caller's scope, depositors and dates, after the cursor (alias `alias`):
   * the reference candidates, the window of a broad prefix, and each prefix index's newest matches.
   */
  private newestInScope<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, ctx: CallerContext, s: OrderSearch, alias: string) {
    qb.from('orders', alias).where(`${alias}.hidden_at IS NULL`);
    applyScope(qb, ctx, scopeOf(alias));
    if (s.depositorIds?.length) qb.andWhere(`${alias}.depositor_id IN (:...depositorIds)`, { depositorIds: s.depositorIds });
    if (s.dateFrom) qb.andWhere(`${alias}.created_at >= :dateFrom`, { dateFrom: s.dateFrom });
    if (s.dateTo) qb.andWhere(`${alias}.created_at < :dateTo`, { dateTo: s.dateTo });
    if (s.after && s.sort === 'createdAt' && s.descending)
      qb.andWhere(`(${alias}.created_at, ${alias}.id) < (CAST(:afterValue AS timestamptz), CAST(:afterId AS bigint))`, {
        afterValue: s.after.value,
        afterId: s.after.id,
      });
    return qb;
  }

  /** The newest matches of each reference column, from its covering index, united: the ids a page can hold. */
  /**
   * One query per reference column: the orders of the caller's scope, depositors and dates whose
   * column starts with the typed text (`rN.id`, `rN.created_at`), read from its covering prefix index.
   */
  private matchingBranches(ctx: CallerContext, s: OrderSearch): SelectQueryBuilder<ObjectLiteral>[] {
    return this.referenceColumns(ctx).map(({ column, bound }, i) => {
      const alias = `r${i}`;
      const branch = this.newestInScope(this.db.queryBuilder().select(`${alias}.id, ${alias}.created_at`), ctx, s, alias);
      if (column === 'tracking_number')
        branch.andWhere(`${alias}.id IN (SELECT order_id FROM parcels WHERE ${column} ~>=~ :${bound}Lo AND ${column} ~<~ :${bound}Hi)`);
      else branch.andWhere(`${alias}.${column} ~>=~ :${bound}Lo AND ${alias}.${column} ~<~ :${bound}Hi`);
      return branch.setParameters(this.referenceBounds(s.q ?? ''));
    });
  }

  private newestMatches(ctx: CallerContext, s: OrderSearch): { sql: string; params: Record<string, unknown> } {
    const limit = (s.after ? 0 : s.from) + s.size + 1;
    const params: Record<string, unknown> = {};
    const branches = this.matchingBranches(ctx, s).map((branch) => {
      Object.assign(params, branch.getParameters());
      // OFFSET 0 keeps the order out of the branch: planned for its prefix index alone (index-only), not
      // for a walk in date order that would pass every newer order when the matches are old ones.
      return `(SELECT b.id, b.created_at FROM (${branch.getQuery()} OFFSET 0) b ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit})`;
    });
    const sql = `o.id IN (SELECT n.id FROM (${branches.join(' UNION ')}) n ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit})`;
    return { sql, params };
  }

  private referenceCondition(ctx: CallerContext, reference: Exclude<ReferenceMatch, 'newest'>): string {
    if (reference === 'all') return `o.id IN (${this.referenceBranches(ctx).join(' UNION ALL ')})`;
    if (reference !== 'broad') return 'o.id = ANY(CAST(:referenceIds AS bigint[]))';
    // Every test reads the row in hand, so the planner can walk the date index and stop at a full page.
    const tests = this.referenceColumns(ctx).map(({ column, bound }) =>
      column === 'tracking_number'
        ? `o.id = ANY(ARRAY(SELECT order_id FROM parcels WHERE ${column} ~>=~ :${bound}Lo AND ${column} ~<~ :${bound}Hi))`
        : `(o.${column} ~>=~ :${bound}Lo AND o.${column} ~<~ :${bound}Hi)`,
    );
    return `(${tests.join(' OR ')})`;
  }

  /** Exact match (uses the index order for `ORDER BY created_at`), or a prefix when the value ends with `*`. */
  private exactOrPrefix(qb: SelectQueryBuilder<OrderRow>, column: string, name: string, value?: string): void {
    if (!value) return;
    if (value.endsWith('*')) this.where(qb, startsWith(column, name, value.slice(0, -1)));
    else qb.andWhere(`${column} = :${name}`, { [name]: value });
  }

  private where(
    qb: SelectQueryBuilder<OrderRow>,
    condition: { sql: string; params: Record<string, string> } | null,
    wrap = (c: string) => c,
  ): void {
    if (condition) qb.andWhere(wrap(condition.sql), condition.params);
  }

  /**
   * One order with everything the delivery detail shows, in one statement and one round trip.
   * Private notes and comments are only for their author and ADMIN.
   */
  detail(ctx: CallerContext, id: number): Promise<Record<string, unknown> | undefined> {
    const userId = ctx.user?.id ?? -1;
    const admin = ctx.roles.includes(Role.ADMIN);
    // The reader is a parameter, not part of the text: one prepared statement serves every user.
    const privateFor = (column: string, author: string) =>
      admin ? column : `CASE WHEN ${author} = CAST(:viewer AS int) THEN ${column} END`;
    const qb = this.db
      .queryBuilder()
      .select(`o.*, ${SHOWN_TRACER_STATUS_SQL('o')} AS shown_tracer_status`)
      .from('orders', 'o')
      .where('o.id = :id AND o.hidden_at IS NULL', { id })
      .addSelect(
        `(SELECT coalesce(json_agg(json_build_object('lineNo', l.line_no, 'articleReference', l.article_reference, 'label', l.label,
             'quantityOrdered', l.quantity_ordered, 'quantitySent', l.quantity_sent, 'lot', l.lot, 'bestBefore', l.best_before,
             'serials', (SELECT coalesce(json_agg(sn.serial ORDER BY sn.serial), '[]') FROM order_serials sn WHERE sn.order_id = l.order_id AND sn.line_no = l.line_no))
             ORDER BY l.line_no), '[]') FROM order_lines l WHERE l.order_id = o.id)`,
        'lines',
      )
      .addSelect(
        `(SELECT coalesce(json_agg(json_build_object('number', p.number, 'trackingNumber', p.tracking_number, 'status', p.status,
             'weightKg', p.weight_kg, 'packaging', p.packaging) ORDER BY p.number), '[]') FROM parcels p WHERE p.order_id = o.id)`,
        'parcels',
      )
      .addSelect(
        `(SELECT coalesce(json_agg(json_build_object('id', d.id, 'type', d.type, 'name', d.name, 'contentType', d.content_type,
             'size', d.size, 'createdAt', d.created_at, 'createdBy', d.created_by) ORDER BY d.created_at, d.name), '[]') FROM documents d WHERE d.order_id = o.id)`,
        'documents',
      )
      .addSelect(
        `(SELECT coalesce(json_agg(json_build_object('status', h.status, 'tracerStatus', h.tracer_status, 'at', h.at, 'source', h.source,
             'comment', CASE WHEN h.comment_private THEN ${privateFor('h.comment', 'h.created_by')} ELSE h.comment END) ORDER BY h.at, h.id), '[]')
             FROM status_history h WHERE h.order_id = o.id)`,
        'history',
      )
      .addSelect(
        `(SELECT coalesce(json_agg(json_build_object('id', e.id, 'type', e.type, 'carrierStatus', e.carrier_status, 'carrierName', e.carrier_name,
             'appointmentAt', e.appointment_at, 'eventAt', e.event_at, 'publicNote', e.public_note,
             'privateNote', ${privateFor('e.private_note', 'e.created_by')}, 'source', e.source) ORDER BY e.event_at, e.id), '[]')
             FROM tracer_events e WHERE e.order_id = o.id)`,
        'tracer_events',
      );
    if (!admin) qb.setParameter('viewer', Number(userId));
    applyScope(qb, ctx, ORDER_SCOPE);
    const [sql, params] = qb.getQueryAndParameters();
    return this.db.scopedQuery(ctx, sql, params, { genericPlan: true }).then((rows) => rows[0]);
  }

  /** Hides a visible order of the caller's depositors; false when there is none. */
  hide(ctx: CallerContext, id: number): Promise<boolean> {
    return this.db.scoped(ctx, async (em) => {
      const order = await this.find(em, ctx, id);
      if (!order) return false;
      // Hidden, not gone: the trail says deleted, as the user asked.
      await auditedWrite(em, ctx, ORDER_ROWS, { ids: [order.id], action: 'deleted' }, () =>
        em.query(`UPDATE orders SET hidden_at = now() WHERE id = $1`, [order.id]),
      );
      return true;
    });
  }

  /** The order's id, depositor and status when the caller may see it (for actions). */
  find(
    em: EntityManager,
    ctx: CallerContext,
    id: number,
  ): Promise<
    { id: string; depositor_id: number; depositor_code: string; reference: string; status: number; tracer_status: string } | undefined
  > {
    const qb = em
      .createQueryBuilder()
      .select('o.id, o.depositor_id, o.depositor_code, o.reference, o.status, o.tracer_status')
      .from('orders', 'o')
      .where('o.id = :id AND o.hidden_at IS NULL', { id });
    applyScope(qb, ctx, ORDER_SCOPE);
    return qb.setLock('pessimistic_write').getRawOne();
  }
}
