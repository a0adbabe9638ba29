import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ITEM_VARIANT_KINDS,
  type CallerContext,
  type ItemInput,
  type MovementInput,
  type StockSnapshotLineInput,
  StockEvents,
  type StockLineBlockChangedEvent,
  type StockLinesReplacedEvent,
} from '@portal/contracts';
import { addManyToOutbox, addToOutbox } from '@portal/bus';
import { Db, FreshStatistics } from '@portal/db';
import { recordMovementEvents, type MovementRow } from '../reports-feed/movement-events';
import { blockChanges, type BlockedLine } from './block-changes';

const v = <T>(x: T | undefined): T | null => (x === undefined ? null : x);

/** Writes of the warehouse feed, in the machine caller's scope (row-level security checks the depositor). */
@Injectable()
export class FeedRepository {
  /** Bulk feeds keep the planner's statistics fresh (a first load would otherwise be planned as empty tables). */
  readonly statistics: FreshStatistics;

  constructor(@Inject(Db) private readonly db: Db) {
    this.statistics = new FreshStatistics(db, ['stock_lines', 'movements', 'items', 'item_variants']);
  }

  /**
   * Replaces the stock of one depositor on one platform in one transaction: readers see the old
   * snapshot or the new one, never a mix. Concurrent snapshots of the same pair queue on the row lock.
   */
  replaceStock(
    ctx: CallerContext,
    target: { depositorId: number; depositorCode: string; platformId: number; takenAt: Date },
    lines: StockSnapshotLineInput[],
  ): Promise<void> {
    return this.db.scoped(ctx, async (em) => {
      const pair = [target.depositorId, target.platformId];
      const first = await em.query<unknown[]>(
        `INSERT INTO stock_snapshots (depositor_id, platform_id, taken_at, line_count) VALUES ($1, $2, $3, 0) ON CONFLICT DO NOTHING RETURNING 1`,
        [...pair, target.takenAt],
      );
      // The row lock queues concurrent snapshots of the same depositor and platform.
      const [previous] = await em.query<{ taken_at: Date }[]>(
        `SELECT taken_at FROM stock_snapshots WHERE depositor_id = $1 AND platform_id = $2 FOR UPDATE`,
        pair,
      );
      if (previous && new Date(previous.taken_at) > target.takenAt) {
        throw new AppError('staleSnapshot', 'a newer snapshot was already applied', {
          appliedTakenAt: new Date(previous.taken_at).toISOString(),
        });
      }
      // The lines blocked before this snapshot (none asked for a first one: nothing to compare with).
      const blockedBefore = !first.length
        ? await em.query<BlockedLine[]>(
            `SELECT reference, lot, store_code AS "storeCode", quantity_blocked AS "quantityBlocked", blocking_code AS "blockingCode"
               FROM stock_lines WHERE depositor_id = $1 AND platform_id = $2 AND quantity_blocked > 0`,
            pair,
          )
        : null;
      await em.query(
        `UPDATE stock_snapshots SET taken_at = $3, line_count = $4, applied_at = now() WHERE depositor_id = $1 AND platform_id = $2`,
        [...pair, target.takenAt, lines.length],
      );
      await em.query(`DELETE FROM stock_lines WHERE depositor_id = $1 AND platform_id = $2`, [target.depositorId, target.platformId]);
      if (blockedBefore) {
        const after = lines.map((l) => ({
          reference: l.reference,
          lot: l.lot ?? null,
          storeCode: l.storeCode ?? null,
          quantityBlocked: l.quantityBlocked ?? 0,
          blockingCode: l.blockingCode ?? 'NO',
        }));
        const changes = blockChanges(blockedBefore, after, {
          depositorId: target.depositorId,
          depositorCode: target.depositorCode,
          platformId: target.platformId,
          at: target.takenAt.toISOString(),
        });
        await addManyToOutbox<StockLineBlockChangedEvent>(
          em,
          'stock',
          changes.map((payload) => ({ type: StockEvents.lineBlockChanged, payload })),
        );
      }
      await addToOutbox<StockLinesReplacedEvent>(em, 'stock', StockEvents.linesReplaced, {
        depositorId: target.depositorId,
        platformId: target.platformId,
        takenAt: target.takenAt.toISOString(),
        lineCount: lines.length,
      });
      const col = <K extends keyof StockSnapshotLineInput>(key: K) => lines.map((l) => v(l[key]));
      await em.query(
        `INSERT INTO stock_lines (depositor_id, depositor_code, platform_id, item_id, reference, label, barcode, quality_lock, family,
           box_quantity, pallet_quantity, packaging_quantity, storage_unit, lot, best_before, customer_unit, entry_date, unit_price,
           stock_value, quantity_in_stock, quantity_reserved, quantity_blocked, quantity_available, quantity_cross_dock, blocking_code, store_code)
         SELECT $1, $2, $3, i.id, u.reference, u.label, u.barcode, coalesce(u.quality_lock, false), u.family, u.box_quantity,
           u.pallet_quantity, u.packaging_quantity, u.storage_unit, u.lot, u.best_before, u.customer_unit, u.entry_date, u.unit_price,
           coalesce(u.stock_value, round(u.unit_price * u.quantity_in_stock, 2)), u.quantity_in_stock, coalesce(u.quantity_reserved, 0),
           coalesce(u.quantity_blocked, 0), coalesce(u.quantity_available, 0), coalesce(u.quantity_cross_dock, 0), coalesce(u.blocking_code, 'NO'), u.store_code
         FROM unnest($4::text[], $5::text[], $6::text[], $7::bool[], $8::text[], $9::int[], $10::int[], $11::int[], $12::text[],
           $13::text[], $14::date[], $15::text[], $16::date[], $17::numeric[], $18::numeric[], $19::int[], $20::int[], $21::int[],
           $22::int[], $23::int[], $24::text[], $25::text[])
           AS u(reference, label, barcode, quality_lock, family, box_quantity, pallet_quantity, packaging_quantity, storage_unit, lot,
             best_before, customer_unit, entry_date, unit_price, stock_value, quantity_in_stock, quantity_reserved, quantity_blocked,
             quantity_available, quantity_cross_dock, blocking_code, store_code)
         LEFT JOIN items i ON i.depositor_id = $1 AND i.reference = u.reference`,
        [
          target.depositorId,
          target.depositorCode,
          target.platformId,
          col('reference'),
          col('label'),
          col('barcode'),
          col('qualityLock'),
          col('family'),
          col('boxQuantity'),
          col('palletQuantity'),
          col('packagingQuantity'),
          col('storageUnit'),
          col('lot'),
          col('bestBefore'),
          col('customerUnit'),
          col('entryDate'),
          col('unitPrice'),
          col('stockValue'),
          col('quantityInStock'),
          col('quantityReserved'),
          col('quantityBlocked'),
          col('quantityAvailable'),
          col('quantityCrossDock'),
          col('blockingCode'),
          col('storeCode'),
        ],
      );
    });
  }

  /**
   * Records movements once per (depositor, WMS id). Answers the ones already recorded, with the
   * fields that tell a replay from a different movement reusing the id.
   */
  insertMovements(
    ctx: CallerContext,
    movements: (MovementInput & { depositorCode: string })[],
  ): Promise<{ inserted: Set<string>; existing: Map<string, { reference: string; moved_at: Date; type: string; quantity: number }> }> {
    const key = (depositorId: number, id: string) => `${depositorId}/${id}`;
    return this.db.scoped(ctx, async (em) => {
      const col = <K extends keyof (MovementInput & { depositorCode: string })>(k: K) => movements.map((m) => v(m[k]));
      const inserted = await em.query<(MovementRow & { wms_id: string })[]>(
        `INSERT INTO movements (depositor_id, depositor_code, wms_id, platform_id, reference, moved_at, type, quantity, lot, best_before,
           blocking_code, movement_reference, store_code, pallet)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::timestamptz[], $7::text[], $8::int[],
           $9::text[], $10::date[], $11::text[], $12::text[], $13::text[], $14::text[])
         ON CONFLICT (depositor_id, wms_id) DO NOTHING
         RETURNING id, depositor_id, wms_id, platform_id, store_code, reference, type, quantity, lot, moved_at`,
        [
          col('depositorId'),
          col('depositorCode'),
          col('id'),
          col('platformId'),
          col('reference'),
          col('movedAt'),
          col('type'),
          col('quantity'),
          col('lot'),
          col('bestBefore'),
          col('blockingCode'),
          col('movementReference'),
          col('storeCode'),
          col('pallet'),
        ],
      );
      await recordMovementEvents(em, inserted);
      const done = new Set(inserted.map((r) => key(r.depositor_id, r.wms_id)));
      const others = movements.filter((m) => !done.has(key(m.depositorId, m.id)));
      const existing = new Map<string, { reference: string; moved_at: Date; type: string; quantity: number }>();
      if (others.length) {
        const rows = await em.query<
          { depositor_id: number; wms_id: string; reference: string; moved_at: Date; type: string; quantity: number }[]
        >(
          `SELECT m.depositor_id, m.wms_id, m.reference, m.moved_at, m.type, m.quantity FROM movements m
           JOIN unnest($1::int[], $2::text[]) AS u(depositor_id, wms_id) ON m.depositor_id = u.depositor_id AND m.wms_id = u.wms_id`,
          [others.map((m) => m.depositorId), others.map((m) => m.id)],
        );
        for (const r of rows) existing.set(key(r.depositor_id, r.wms_id), r);
      }
      return { inserted: done, existing };
    });
  }

  /** Creates or updates item sheets and their packing levels, then links stock lines of those references to them. */
  upsertItems(ctx: CallerContext, items: (ItemInput & { depositorCode: string })[]): Promise<void> {
    return this.db.scoped(ctx, async (em) => {
      const col = <K extends keyof (ItemInput & { depositorCode: string })>(k: K) => items.map((i) => v(i[k]));
      const saved = await em.query<{ id: number; depositor_id: number; reference: string }[]>(
        `INSERT INTO items (depositor_id, depositor_code, reference, label, barcode, family1, family2, new_product, quality_lock,
           lot_required_on_entry, lot_control_on_exit, best_before_required, best_before_months, serial_required_on_exit, un_code,
           hazardous_name, hazard_class, net_mass_kg)
         SELECT u.depositor_id, u.depositor_code, u.reference, u.label, u.barcode, u.family1, u.family2, coalesce(u.new_product, false),
           coalesce(u.quality_lock, false), coalesce(u.lot_required_on_entry, false), coalesce(u.lot_control_on_exit, false),
           coalesce(u.best_before_required, false), u.best_before_months, coalesce(u.serial_required_on_exit, false), u.un_code,
           u.hazardous_name, u.hazard_class, u.net_mass_kg
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bool[], $9::bool[],
           $10::bool[], $11::bool[], $12::bool[], $13::int[], $14::bool[], $15::text[], $16::text[], $17::text[], $18::numeric[])
           AS u(depositor_id, depositor_code, reference, label, barcode, family1, family2, new_product, quality_lock,
             lot_required_on_entry, lot_control_on_exit, best_before_required, best_before_months, serial_required_on_exit, un_code,
             hazardous_name, hazard_class, net_mass_kg)
         ON CONFLICT (depositor_id, reference) DO UPDATE SET depositor_code = EXCLUDED.depositor_code, label = EXCLUDED.label,
           barcode = EXCLUDED.barcode, family1 = EXCLUDED.family1, family2 = EXCLUDED.family2, new_product = EXCLUDED.new_product,
           quality_lock = EXCLUDED.quality_lock, lot_required_on_entry = EXCLUDED.lot_required_on_entry,
           lot_control_on_exit = EXCLUDED.lot_control_on_exit, best_before_required = EXCLUDED.best_before_required,
           best_before_months = EXCLUDED.best_before_months, serial_required_on_exit = EXCLUDED.serial_required_on_exit,
           un_code = EXCLUDED.un_code, hazardous_name = EXCLUDED.hazardous_name, hazard_class = EXCLUDED.hazard_class,
           net_mass_kg = EXCLUDED.net_mass_kg, updated_at = now()
         RETURNING id, depositor_id, reference`,
        [
          col('depositorId'),
          col('depositorCode'),
          col('reference'),
          col('label'),
          col('barcode'),
          col('family1'),
          col('family2'),
          col('newProduct'),
          col('qualityLock'),
          col('lotRequiredOnEntry'),
          col('lotControlOnExit'),
          col('bestBeforeRequired'),
          col('bestBeforeMonths'),
          col('serialRequiredOnExit'),
          col('unCode'),
          col('hazardousName'),
          col('hazardClass'),
          col('netMassKg'),
        ],
      );
      const idOf = new Map(saved.map((r) => [`${r.depositor_id}/${r.reference}`, r.id]));
      const variants = items.flatMap((item) =>
        ITEM_VARIANT_KINDS.filter((kind) => item.variants?.[kind]).map((kind) => ({
          itemId: idOf.get(`${item.depositorId}/${item.reference}`)!,
          depositorId: item.depositorId,
          kind,
          ...item.variants![kind]!,
        })),
      );
      if (variants.length) {
        const vc = <K extends keyof (typeof variants)[number]>(k: K) => variants.map((x) => v(x[k]));
        await em.query(
          `INSERT INTO item_variants (item_id, depositor_id, kind, enabled, label, barcode, quantity, length_cm, width_cm, height_cm, weight_kg)
           SELECT u.item_id, u.depositor_id, u.kind, coalesce(u.enabled, true), u.label, u.barcode, u.quantity, u.length_cm, u.width_cm,
             u.height_cm, u.weight_kg
           FROM unnest($1::int[], $2::int[], $3::text[], $4::bool[], $5::text[], $6::text[], $7::int[], $8::numeric[], $9::numeric[],
             $10::numeric[], $11::numeric[])
             AS u(item_id, depositor_id, kind, enabled, label, barcode, quantity, length_cm, width_cm, height_cm, weight_kg)
           ON CONFLICT (item_id, kind) DO UPDATE SET enabled = EXCLUDED.enabled, label = EXCLUDED.label, barcode = EXCLUDED.barcode,
             quantity = EXCLUDED.quantity, length_cm = EXCLUDED.length_cm, width_cm = EXCLUDED.width_cm, height_cm = EXCLUDED.height_cm,
             weight_kg = EXCLUDED.weight_kg`,
          [
            vc('itemId'),
            vc('depositorId'),
            vc('kind'),
            vc('enabled'),
            vc('label'),
            vc('barcode'),
            vc('quantity'),
            vc('lengthCm'),
            vc('widthCm'),
            vc('heightCm'),
            vc('weightKg'),
          ],
        );
      }
      await em.query(
        `UPDATE stock_lines s SET item_id = i.id FROM items i
         WHERE i.id = ANY($1::int[]) AND s.depositor_id = i.depositor_id AND s.reference = i.reference AND s.item_id IS DISTINCT FROM i.id`,
        [saved.map((r) => r.id)],
      );
    });
  }
}
