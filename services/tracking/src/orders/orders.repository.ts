import { Inject, Injectable } from '@nestjs/common';
import { hasAnyRole, Role, type CallerContext } from '@portal/contracts';
import { applyScope, Db } from '@portal/db';
import { ORDER_SCOPE } from '../common/order-scope';
import { type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { SHOWN_TRACER_STATUS_SQL } from '../common/tracer-status';
import { prefixBounds, SORT_COLUMNS, startsWith, type OrderSearch } from './search-filter';

/** Columns of a search row (OrderSummaryDto), raw. */
export const SUMMARY_SELECT = `o.id, o.depositor_id, o.depositor_code, o.reference, o.customer_reference, o.order_reference, o.slip_number,
  o.status, ${SHOWN_TRACER_STATUS_SQL('o')} AS tracer_status, o.carrier_code, o.carrier_name, o.recipient_name, o.recipient_company,
  o.zip, o.town, o.country, o.parcel_count, o.created_at, o.shipped_at, o.promised_delivery_at, o.delivered_at`;

export type OrderRow = Record<string, unknown> & { id: string; created_at: Date; reference: string; depositor_id: number };

/** The tracker's reads: every query is scoped twice (applyScope + row-level security). */
@Injectable()
export class OrdersRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  /** One page of the search, plus one row to know whether a next page exists: one statement, one round trip. */
  search(ctx: CallerContext, search: OrderSearch): Promise<OrderRow[]> {
    const qb = this.searchQuery(ctx, search);
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
    return this.db.scopedQuery<OrderRow>(ctx, sql, params);
  }

  /** The filtered query without order or page (also what an export would read). */
  searchQuery(ctx: CallerContext, s: OrderSearch): SelectQueryBuilder<OrderRow> {
    const qb = this.db
      .queryBuilder()
      .select(SUMMARY_SELECT)
      .from('orders', 'o')
      .where('o.hidden_at IS NULL') as SelectQueryBuilder<OrderRow>;
    applyScope(qb, ctx, ORDER_SCOPE);
    if (s.q) {
      // One index range per reference column, united: an OR over columns (and a sub-select) would
      // make PostgreSQL walk the date index and filter every row instead.
      const range = (table: string, column: string, p: string) =>
        `SELECT ${column === 'tracking_number' ? 'order_id' : 'id'} FROM ${table} WHERE ${column} ~>=~ :${p}Lo AND ${column} ~<~ :${p}Hi`;
      const branches = [
        range('orders', 'reference', 'qu'),
        range('orders', 'order_reference', 'qu'),
        range('orders', 'customer_reference', 'q'),
        range('orders', 'slip_number', 'qu'),
      ];
      if (hasAnyRole(ctx.roles, [Role.USER_TRACKER_NUMBER_SEARCH])) branches.push(range('parcels', 'tracking_number', 'qu'));
      qb.andWhere(`o.id IN (${branches.join(' UNION ALL ')})`, { ...prefixBounds('q', s.q), ...prefixBounds('qu', s.q.toUpperCase()) });
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
    if (s.tracerStatuses?.length)
      qb.andWhere(`${SHOWN_TRACER_STATUS_SQL('o')} IN (:...tracerStatuses)`, { tracerStatuses: s.tracerStatuses });
    return qb;
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
    const privateFor = (column: string, author: string) => (admin ? column : `CASE WHEN ${author} = ${Number(userId)} THEN ${column} END`);
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
        `(SELECT coalesce(json_agg(json_build_object('status', h.status, 'at', h.at, 'source', h.source,
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
    applyScope(qb, ctx, ORDER_SCOPE);
    const [sql, params] = qb.getQueryAndParameters();
    return this.db.scopedQuery(ctx, sql, params).then((rows) => rows[0]);
  }

  /** Hides a visible order of the caller's depositors; false when there is none. */
  hide(ctx: CallerContext, id: number): Promise<boolean> {
    return this.db.scoped(ctx, async (em) => {
      const order = await this.find(em, ctx, id);
      if (!order) return false;
      await em.query(`UPDATE orders SET hidden_at = now() WHERE id = $1`, [order.id]);
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
