import { Inject, Injectable } from '@nestjs/common';
import {
  ITEM_VARIANT_KINDS,
  ITEMS_LIST,
  notFound,
  parseListRequest,
  type CallerContext,
  type ItemDto,
  type ItemVariantDto,
  type ListPage,
} from '@portal/contracts';
import { likeLiteral, ScopedWhere } from '@portal/db';
import { rowId } from '../common/row-id';
import { ITEM_SCOPE, ITEM_SORTS, ItemsRepository } from './items.repository';

/**
 * My Items. Filter keys: reference (prefix), barcode (the item's or any of its packing levels'),
 * family (family 1 or 2), newProduct, hazardous (has a UN code), depositor, label (contains).
 * The stock of an item is the stock list filtered by `itemId`.
 */
@Injectable()
export class ItemsService {
  constructor(@Inject(ItemsRepository) private readonly items: ItemsRepository) {}

  list(ctx: CallerContext, data: unknown): Promise<ListPage<ItemDto>> {
    const request = parseListRequest(ITEMS_LIST, data);
    const f = request.filter;
    const w = ScopedWhere.of(ctx, ITEM_SCOPE).prefix('i.reference', f.reference).equals('i.depositor_id', f.depositor);
    if (f.barcode) {
      const b = w.param(f.barcode);
      w.and(`i.id IN (SELECT id FROM items WHERE barcode = ${b} UNION SELECT item_id FROM item_variants WHERE barcode = ${b})`);
    }
    if (f.family) {
      const family = w.param(f.family);
      w.and(`(i.family1 = ${family} OR i.family2 = ${family})`);
    }
    if (f.newProduct !== undefined) w.and(`i.new_product = ${w.param(f.newProduct)}`);
    if (f.hazardous !== undefined) w.and(f.hazardous ? 'i.un_code IS NOT NULL' : 'i.un_code IS NULL');
    if (f.label) w.and(`i.label ILIKE ${w.param(`%${likeLiteral(f.label)}%`)}`);
    return this.items.page(ctx, w, {
      offset: request.offset,
      limit: request.limit,
      orderBy: ITEM_SORTS[request.sort],
      order: request.order,
    });
  }

  async get(ctx: CallerContext, data: unknown): Promise<ItemDto> {
    const id = rowId(data);
    const item = id ? await this.items.one(ctx, id) : undefined;
    if (!item) throw notFound('item');
    item.variants = ITEM_VARIANT_KINDS.map((kind) => item.variants?.find((v) => v.kind === kind) ?? emptyVariant(kind));
    return item;
  }
}

/** A packing level the warehouse did not describe: present on the sheet, flag off. */
const emptyVariant = (kind: ItemVariantDto['kind']): ItemVariantDto => ({
  kind,
  enabled: false,
  label: null,
  barcode: null,
  quantity: null,
  lengthCm: null,
  widthCm: null,
  heightCm: null,
  weightKg: null,
});
