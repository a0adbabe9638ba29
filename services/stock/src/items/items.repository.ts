import { Inject, Injectable } from '@nestjs/common';
import { STOCK_LIMITS, type CallerContext, type ItemDto, type ItemVariantDto, type ListPage } from '@portal/contracts';
import { countedPage, Db, orderBy, ScopedWhere, type ScopeColumns } from '@portal/db';

/** Item sheets are the depositor's catalogue: no platform, activity or store. */
export const ITEM_SCOPE: ScopeColumns = { depositor: 'i.depositor_id' };

const COLUMNS = `i.id, i.depositor_id AS "depositorId", i.depositor_code AS "depositorCode", i.reference, i.label, i.barcode,
  i.family1, i.family2, i.new_product AS "newProduct", i.quality_lock AS "qualityLock",
  i.lot_required_on_entry AS "lotRequiredOnEntry", i.lot_control_on_exit AS "lotControlOnExit",
  i.best_before_required AS "bestBeforeRequired", i.best_before_months AS "bestBeforeMonths",
  i.serial_required_on_exit AS "serialRequiredOnExit", i.un_code AS "unCode", i.hazardous_name AS "hazardousName",
  i.hazard_class AS "hazardClass", i.net_mass_kg::float8 AS "netMassKg", (i.un_code IS NOT NULL) AS "hazardous"`;

const ITEM_NOT_NULL = new Set(['i.id', 'i.reference', 'i.label', 'i.depositor_code', 'i.new_product']);

export const ITEM_SORTS: Record<string, string> = {
  id: 'i.id',
  reference: 'i.reference',
  label: 'i.label',
  barcode: 'i.barcode',
  depositorCode: 'i.depositor_code',
  family1: 'i.family1',
  family2: 'i.family2',
  newProduct: 'i.new_product',
  unCode: 'i.un_code',
};

/** Item sheets and their packing levels, scoped twice (WHERE + row-level security). */
@Injectable()
export class ItemsRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  page(
    ctx: CallerContext,
    where: ScopedWhere,
    o: { offset: number; limit: number; orderBy: string; order: 'ASC' | 'DESC' },
  ): Promise<ListPage<ItemDto>> {
    return countedPage<ItemDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      where,
      {
        countRows: `SELECT 1 FROM items i WHERE ${where}`,
        rows: (limit, offset) =>
          `SELECT ${COLUMNS} FROM items i WHERE ${where} ORDER BY ${orderBy(o.orderBy, o.order, 'i.id', ITEM_NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: o.offset, limit: o.limit, maxExactCount: STOCK_LIMITS.maxExactCount },
    );
  }

  /** One item sheet with its four packing levels (unit, box, carton, pallet, in that order). */
  async one(ctx: CallerContext, id: number): Promise<ItemDto | undefined> {
    const where = ScopedWhere.of(ctx, ITEM_SCOPE).equals('i.id', id);
    const [row] = await this.db.scopedQuery<{ item: ItemDto & { variants: ItemVariantDto[] } }>(
      ctx,
      `SELECT to_json(x) AS item FROM (
           SELECT ${COLUMNS}, coalesce((
             SELECT json_agg(json_build_object('kind', v.kind, 'enabled', v.enabled, 'label', v.label, 'barcode', v.barcode,
                      'quantity', v.quantity, 'lengthCm', v.length_cm::float8, 'widthCm', v.width_cm::float8,
                      'heightCm', v.height_cm::float8, 'weightKg', v.weight_kg::float8)
                    ORDER BY array_position(ARRAY['unit', 'box', 'carton', 'pallet']::varchar[], v.kind))
             FROM item_variants v WHERE v.item_id = i.id), '[]'::json) AS variants
           FROM items i WHERE ${where}) x`,
      where.params,
    );
    return row?.item;
  }
}
