import { Inject, Injectable } from '@nestjs/common';
import { STOCK_LIMITS, type CallerContext, type ListPage, type StockByReferenceDto, type StockLineDto } from '@portal/contracts';
import { countedPage, Db, orderBy, ScopedWhere, type ScopeColumns } from '@portal/db';

/** The scope a stock line carries: depositor, platform and store. */
export const STOCK_LINE_SCOPE: ScopeColumns = { depositor: 's.depositor_id', platform: 's.platform_id', store: 's.store_code' };

/** Columns of a stock line as the API names them; the revenue ones only when the caller may see them. */
const LINE_COLUMNS = `s.id::int AS "id", s.depositor_id AS "depositorId", s.depositor_code AS "depositorCode",
  s.platform_id AS "platformId", s.item_id AS "itemId", s.reference, s.label, s.barcode, s.quality_lock AS "qualityLock",
  s.family, s.box_quantity AS "boxQuantity", s.pallet_quantity AS "palletQuantity", s.packaging_quantity AS "packagingQuantity",
  s.storage_unit AS "storageUnit", s.lot, s.best_before AS "bestBefore", s.customer_unit AS "customerUnit",
  s.entry_date AS "entryDate", s.blocking_code AS "blockingCode",
  s.quantity_in_stock AS "quantityInStock", s.quantity_reserved AS "quantityReserved", s.quantity_blocked AS "quantityBlocked",
  s.quantity_available AS "quantityAvailable", s.quantity_cross_dock AS "quantityCrossDock"`;
const REVENUE_COLUMNS = `, s.unit_price::float8 AS "unitPrice", s.stock_value::float8 AS "stockValue"`;

/** API sort keys of the Stock tab and their columns. */
const LINE_NOT_NULL = new Set([
  's.id',
  's.depositor_id',
  's.reference',
  's.depositor_code',
  's.platform_id',
  's.blocking_code',
  's.quantity_in_stock',
  's.quantity_reserved',
  's.quantity_blocked',
  's.quantity_available',
  's.quantity_cross_dock',
]);

export const LINE_SORTS: Record<string, string> = {
  id: 's.id',
  reference: 's.reference',
  depositorCode: 's.depositor_code',
  platformId: 's.platform_id',
  lot: 's.lot',
  bestBefore: 's.best_before',
  entryDate: 's.entry_date',
  blockingCode: 's.blocking_code',
  family: 's.family',
  barcode: 's.barcode',
  quantityInStock: 's.quantity_in_stock',
  quantityReserved: 's.quantity_reserved',
  quantityBlocked: 's.quantity_blocked',
  quantityAvailable: 's.quantity_available',
  quantityCrossDock: 's.quantity_cross_dock',
  unitPrice: 's.unit_price',
  stockValue: 's.stock_value',
};

/** API sort keys of the Id tab (totals by reference) and their aggregate expressions. */
export const REFERENCE_SORTS: Record<string, string> = {
  id: 's.depositor_id',
  reference: 's.reference',
  depositorCode: 'max(s.depositor_code)',
  family: 'max(s.family)',
  bestBefore: 'min(s.best_before)',
  platformCount: 'count(DISTINCT s.platform_id)',
  quantityInStock: 'sum(s.quantity_in_stock)',
  quantityReserved: 'sum(s.quantity_reserved)',
  quantityBlocked: 'sum(s.quantity_blocked)',
  quantityAvailable: 'sum(s.quantity_available)',
  quantityCrossDock: 'sum(s.quantity_cross_dock)',
  stockValue: 'sum(s.stock_value)',
};

export interface PageOptions {
  offset: number;
  limit: number;
  orderBy: string;
  order: 'ASC' | 'DESC';
  revenue: boolean;
}

/** Stock lines: every read inside db.scoped (row-level security) and under the caller's scope in WHERE. */
@Injectable()
export class StockRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  lines(ctx: CallerContext, where: ScopedWhere, o: PageOptions): Promise<ListPage<StockLineDto>> {
    const columns = LINE_COLUMNS + (o.revenue ? REVENUE_COLUMNS : '');
    return countedPage<StockLineDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      where,
      {
        countRows: `SELECT 1 FROM stock_lines s WHERE ${where}`,
        rows: (limit, offset) =>
          `SELECT ${columns} FROM stock_lines s WHERE ${where} ORDER BY ${orderBy(o.orderBy, o.order, 's.id', LINE_NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: o.offset, limit: o.limit, maxExactCount: STOCK_LIMITS.maxExactCount },
    );
  }

  byReference(ctx: CallerContext, where: ScopedWhere, o: PageOptions): Promise<ListPage<StockByReferenceDto>> {
    const revenue = o.revenue ? `, sum(s.stock_value)::float8 AS "stockValue"` : '';
    const sort = `${o.orderBy} ${o.order}${LINE_NOT_NULL.has(o.orderBy) ? '' : ' NULLS LAST'}`;
    return countedPage<StockByReferenceDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      where,
      {
        countRows: `SELECT 1 FROM stock_lines s WHERE ${where} GROUP BY s.depositor_id, s.reference`,
        rows: (limit, offset) => `SELECT s.depositor_id || ':' || s.reference AS "id", s.depositor_id AS "depositorId",
              max(s.depositor_code) AS "depositorCode", s.reference, max(s.item_id) AS "itemId", max(s.label) AS "label",
              max(s.barcode) AS "barcode", max(s.family) AS "family", count(DISTINCT s.platform_id)::int AS "platformCount",
              count(*)::int AS "lineCount", min(s.best_before) AS "bestBefore",
              sum(s.quantity_in_stock)::int AS "quantityInStock", sum(s.quantity_reserved)::int AS "quantityReserved",
              sum(s.quantity_blocked)::int AS "quantityBlocked", sum(s.quantity_available)::int AS "quantityAvailable",
              sum(s.quantity_cross_dock)::int AS "quantityCrossDock"${revenue}
            FROM stock_lines s WHERE ${where}
            GROUP BY s.depositor_id, s.reference
            ORDER BY ${sort}, s.depositor_id, s.reference
            LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: o.offset, limit: o.limit, maxExactCount: STOCK_LIMITS.maxExactCount },
    );
  }

  async line(ctx: CallerContext, id: number, revenue: boolean): Promise<StockLineDto | undefined> {
    const where = ScopedWhere.of(ctx, STOCK_LINE_SCOPE).equals('s.id', id);
    const [row] = await this.db.scopedQuery<{ line: StockLineDto }>(
      ctx,
      `SELECT to_json(x) AS line FROM (SELECT ${LINE_COLUMNS + (revenue ? REVENUE_COLUMNS : '')} FROM stock_lines s WHERE ${where}) x`,
      where.params,
    );
    return row?.line;
  }
}
