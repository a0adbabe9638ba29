import { Inject, Injectable } from '@nestjs/common';
import { ITEM_VARIANT_KINDS, notFound, type CallerContext, type ItemDto, type ItemVariantDto, type ListPage } from '@portal/contracts';
import { parseList, read } from '../common/list-request';
import { prefixCondition, SqlWhere } from '../common/sql';
import { ITEM_SORTS, ItemsRepository } from './items.repository';

/**
 * My Items. Filter keys: reference (prefix), barcode (the item's or any of its packing levels'),
 * family (family 1 or 2), newProduct, hazardous (has a UN code), depositor, label (contains).
 * The stock of an item is the stock list filtered by `itemId`.
 */
@Injectable()
export class ItemsService {
  constructor(@Inject(ItemsRepository) private readonly items: ItemsRepository) {}

  list(ctx: CallerContext, data: unknown): Promise<ListPage<ItemDto>> {
    const request = parseList(data, Object.keys(ITEM_SORTS), ['reference', 'ASC']);
    const f = request.filter;
    const w = new SqlWhere(ctx, 'i.depositor_id');
    const reference = read.text(f, 'reference');
    if (reference) prefixCondition(w, 'i.reference', reference);
    const barcode = read.text(f, 'barcode');
    if (barcode) {
      const b = w.param(barcode);
      w.and(`i.id IN (SELECT id FROM items WHERE barcode = ${b} UNION SELECT item_id FROM item_variants WHERE barcode = ${b})`);
    }
    const family = read.text(f, 'family');
    if (family) w.and(`(i.family1 = ${w.param(family)} OR i.family2 = $${w.params.length})`);
    const newProduct = read.flag(f, 'newProduct');
    if (newProduct !== undefined) w.and(`i.new_product = ${w.param(newProduct)}`);
    const hazardous = read.flag(f, 'hazardous');
    if (hazardous !== undefined) w.and(hazardous ? 'i.un_code IS NOT NULL' : 'i.un_code IS NULL');
    const depositor = read.id(f, 'depositor');
    if (depositor) w.and(`i.depositor_id = ${w.param(depositor)}`);
    const label = read.text(f, 'label', 255);
    if (label) w.and(`i.label ILIKE ${w.param(`%${label.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    return this.items.page(ctx, w, {
      offset: request.offset,
      limit: request.limit,
      orderBy: ITEM_SORTS[request.sortField],
      order: request.order,
    });
  }

  async get(ctx: CallerContext, data: unknown): Promise<ItemDto> {
    const id = read.id((data ?? {}) as Record<string, unknown>, 'id');
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
