import { systemContext } from '@portal/contracts';
import type { Db } from '@portal/db';
import { DEMO_STORE_CODES, demoCatalogue, demoOrders, lotNumber, prng, type DemoArticle } from '@portal/demo';
import type { EntityManager } from 'typeorm';
import { seedLoopReservations } from './loop-seed';

const DAY = 86_400_000;
const DEPOSITOR_CODES: Record<number, string> = { 1: 'DEMO-A', 2: 'DEMO-B', 3: 'DEMO-C' };
const BATCH = 20_000;

interface Movement {
  depositorId: number;
  wmsId: string;
  platformId: number;
  reference: string;
  movedAt: Date;
  type: string;
  quantity: number;
  lot: string | null;
  bestBefore: string | null;
  blockingCode: string | null;
  movementReference: string | null;
  storeCode: string | null;
  pallet: string | null;
}

/**
 * Demo stock of the three demo depositors: item sheets with their packing levels (demoCatalogue),
 * live stock lines on the articles' platforms, and 12 months of movements whose exits are the sent
 * lines of the tracking demo orders (demoOrders with count 100,000 × scale, 18 months: the last 12),
 * each preceded by the reception of its lot, plus weekly inventories, locks/unlocks and control
 * samplings. Idempotent: does nothing when items exist.
 */
export async function seedStockDemo(db: Db, options: { scale: number; now: Date }): Promise<void> {
  await db.scoped(systemContext('seed-stock-demo'), async (em) => {
    const [{ count }] = await em.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM items`);
    if (count > 0) return;
    const catalogue = demoCatalogue();
    await em.query(`INSERT INTO depositors (id, code) SELECT * FROM unnest($1::int[], $2::text[]) ON CONFLICT DO NOTHING`, [
      Object.keys(DEPOSITOR_CODES).map(Number),
      Object.values(DEPOSITOR_CODES),
    ]);
    await insertItems(em, catalogue);
    const rand = prng(77);
    const live = await insertStock(em, catalogue, rand, options.now);
    await insertMovements(em, catalogue, live, rand, options);
    await em.query(
      `UPDATE stock_lines s SET item_id = i.id FROM items i WHERE s.depositor_id = i.depositor_id AND s.reference = i.reference`,
    );
    await seedLoopReservations(em, catalogue, DEPOSITOR_CODES);
  });
}

async function insertItems(em: EntityManager, catalogue: DemoArticle[]): Promise<void> {
  const col = <T>(f: (a: DemoArticle) => T) => catalogue.map(f);
  await em.query(
    `INSERT INTO items (depositor_id, depositor_code, reference, label, barcode, family1, family2, new_product, lot_required_on_entry,
       lot_control_on_exit, best_before_required, best_before_months, serial_required_on_exit, un_code, hazardous_name, hazard_class, net_mass_kg)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bool[], $9::bool[],
       $10::bool[], $11::bool[], $12::int[], $13::bool[], $14::text[], $15::text[], $16::text[], $17::numeric[])`,
    [
      col((a) => a.depositorId),
      col((a) => DEPOSITOR_CODES[a.depositorId]),
      col((a) => a.reference),
      col((a) => a.label),
      col((a) => a.barcode),
      col((a) => a.family1),
      col((a) => a.family2),
      col((a) => a.newProduct),
      col((a) => a.lotControlled),
      col((a) => a.lotControlled),
      col((a) => a.bestBeforeMonths !== null),
      col((a) => a.bestBeforeMonths),
      col((a) => a.serialized),
      col((a) => a.hazardous?.unCode ?? null),
      col((a) => a.hazardous?.name ?? null),
      col((a) => a.hazardous?.class ?? null),
      col((a) => a.hazardous?.netMassKg ?? null),
    ],
  );
  // Four packing levels per item: unit, box (perBox units), carton (perBox × perCarton), pallet.
  const levels = catalogue.flatMap((a) => {
    const carton = a.perBox * a.perCarton;
    const pallet = carton * a.perPallet;
    return [
      [a, 'unit', 1, a.barcode, 8, 5, 12, a.unitWeightKg],
      [a, 'box', a.perBox, `1${a.barcode}`, 20, 15, 14, a.unitWeightKg * a.perBox + 0.1],
      [a, 'carton', carton, `2${a.barcode}`, 40, 30, 30, a.unitWeightKg * carton + 0.5],
      [a, 'pallet', pallet, null, 120, 80, 150, a.unitWeightKg * pallet + 25],
    ] as const;
  });
  await em.query(
    `INSERT INTO item_variants (item_id, depositor_id, kind, enabled, label, barcode, quantity, length_cm, width_cm, height_cm, weight_kg)
     SELECT i.id, i.depositor_id, u.kind, true, u.label, u.barcode, u.quantity, u.l, u.w, u.h, round(u.weight, 3)
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[])
       AS u(depositor_id, reference, kind, label, quantity, barcode, l, w, h, weight)
     JOIN items i ON i.depositor_id = u.depositor_id AND i.reference = u.reference`,
    [
      levels.map((x) => x[0].depositorId),
      levels.map((x) => x[0].reference),
      levels.map((x) => x[1]),
      levels.map((x) => `${x[1]} ×${x[2]}`),
      levels.map((x) => x[2]),
      levels.map((x) => x[3]),
      levels.map((x) => x[4]),
      levels.map((x) => x[5]),
      levels.map((x) => x[6]),
      levels.map((x) => x[7]),
    ],
  );
}

interface LiveLot {
  article: DemoArticle;
  platformId: number;
  storeId: number;
  lot: string | null;
  bestBefore: string | null;
  entryDate: Date;
  quantity: number;
  blockingCode: string;
}

/** 1 to 3 live lots per article and platform, a few blocked, some near or past their best-before date. */
async function insertStock(em: EntityManager, catalogue: DemoArticle[], rand: () => number, now: Date): Promise<LiveLot[]> {
  const live: LiveLot[] = [];
  for (const article of catalogue) {
    article.platformIds.forEach((platformId, p) => {
      const lots = 1 + Math.floor(rand() * 3);
      for (let n = 0; n < lots; n++) {
        const entryDate = new Date(now.getTime() - (5 + rand() * 200) * DAY);
        const months = article.bestBeforeMonths;
        const bestBefore = months
          ? new Date(entryDate.getTime() + (rand() < 0.08 ? 210 : months * 30) * DAY).toISOString().slice(0, 10)
          : null;
        const r = rand();
        live.push({
          article,
          platformId,
          storeId: article.storeIds[p],
          lot: article.lotControlled ? lotNumber(rand, entryDate) : null,
          bestBefore,
          entryDate,
          quantity: article.perBox * article.perCarton * (1 + Math.floor(rand() * 20)),
          blockingCode: r < 0.03 ? 'BQ' : r < 0.05 ? 'AC' : r < 0.06 ? 'CQ' : r < 0.07 ? 'BL' : 'NO',
        });
      }
    });
  }
  const col = <T>(f: (l: LiveLot) => T) => live.map(f);
  await em.query(
    `INSERT INTO stock_lines (depositor_id, depositor_code, platform_id, reference, label, barcode, family, box_quantity, pallet_quantity,
       packaging_quantity, storage_unit, lot, best_before, customer_unit, entry_date, unit_price, stock_value, quantity_in_stock,
       quantity_reserved, quantity_blocked, quantity_available, quantity_cross_dock, blocking_code, quality_lock, store_code)
     SELECT u.d, u.dc, u.p, u.r, u.label, u.barcode, u.family, u.box, u.pallet, u.pack, 'UN', u.lot, u.bb, 'UN', u.entry, u.price,
       round(u.price * u.qty, 2), u.qty, u.reserved, CASE WHEN u.code = 'NO' THEN 0 ELSE u.qty END,
       CASE WHEN u.code = 'NO' THEN u.qty - u.reserved ELSE 0 END, u.xdock, u.code, u.code IN ('BQ', 'CQ'), u.store
     FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[], $10::int[],
       $11::text[], $12::date[], $13::date[], $14::numeric[], $15::int[], $16::int[], $17::int[], $18::text[], $19::text[])
       AS u(d, dc, p, r, label, barcode, family, box, pallet, pack, lot, bb, entry, price, qty, reserved, xdock, code, store)`,
    [
      col((l) => l.article.depositorId),
      col((l) => DEPOSITOR_CODES[l.article.depositorId]),
      col((l) => l.platformId),
      col((l) => l.article.reference),
      col((l) => l.article.label),
      col((l) => l.article.barcode),
      col((l) => l.article.family1),
      col((l) => l.article.perBox),
      col((l) => l.article.perBox * l.article.perCarton * l.article.perPallet),
      col((l) => l.article.perBox * l.article.perCarton),
      col((l) => l.lot),
      col((l) => l.bestBefore),
      col((l) => l.entryDate.toISOString().slice(0, 10)),
      col((l) => l.article.unitPrice),
      col((l) => l.quantity),
      col((l) => (l.blockingCode === 'NO' ? Math.floor(l.quantity * 0.1) : 0)),
      col((l) => (l.article.depositorId === 3 && l.quantity % 7 === 0 ? l.article.perBox : 0)),
      col((l) => l.blockingCode),
      col((l) => DEMO_STORE_CODES[l.storeId] ?? null),
    ],
  );
  return live;
}

async function insertMovements(
  em: EntityManager,
  catalogue: DemoArticle[],
  live: LiveLot[],
  rand: () => number,
  options: { scale: number; now: Date },
): Promise<void> {
  const since = options.now.getTime() - 365 * DAY;
  let pending: Movement[] = [];
  let n = 0;
  const push = async (m: Omit<Movement, 'wmsId'>) => {
    n += 1;
    pending.push({ ...m, wmsId: `DEMO-${n}` });
    if (pending.length >= BATCH) {
      await insertBatch(em, pending);
      pending = [];
    }
  };
  // Exits: the sent lines of the tracking demo orders, each lot received (in two pallets) beforehand.
  for (const order of demoOrders(catalogue, { count: Math.round(100_000 * options.scale), now: options.now })) {
    if (!order.shippedAt || order.shippedAt.getTime() < since) continue;
    for (const [index, sent] of order.lines.entries()) {
      if (sent.quantitySent <= 0) continue;
      const common = {
        depositorId: order.depositorId,
        platformId: order.platformId,
        reference: sent.reference,
        lot: sent.lot,
        bestBefore: sent.bestBefore,
        blockingCode: null,
        storeCode: DEMO_STORE_CODES[sent.storeId] ?? null,
      };
      const receivedAt = new Date(Math.max(since, order.shippedAt.getTime() - (2 + rand() * 25) * DAY));
      const first = Math.ceil(sent.quantitySent / 2);
      const reception = `REC-${order.n}-${index}`;
      await push({
        ...common,
        movedAt: receivedAt,
        type: 'entry',
        quantity: first,
        movementReference: reception,
        pallet: `PAL${order.n}${index}A`,
      });
      if (sent.quantitySent > first) {
        await push({
          ...common,
          movedAt: receivedAt,
          type: 'entry',
          quantity: sent.quantitySent - first,
          movementReference: reception,
          pallet: `PAL${order.n}${index}B`,
        });
      }
      await push({
        ...common,
        movedAt: order.shippedAt,
        type: 'exit',
        quantity: -sent.quantitySent,
        movementReference: order.reference,
        pallet: null,
      });
    }
  }
  // Weekly at scale 1, every four weeks in small demos.
  const inventoryEvery = (options.scale >= 1 ? 7 : 28) * DAY;
  // Live lots: their reception, a weekly inventory count, locks with their release, control samplings.
  for (const lot of live) {
    const common = {
      depositorId: lot.article.depositorId,
      platformId: lot.platformId,
      reference: lot.article.reference,
      lot: lot.lot,
      bestBefore: lot.bestBefore,
      storeCode: DEMO_STORE_CODES[lot.storeId] ?? null,
      pallet: null,
    };
    const entryAt = Math.max(since, lot.entryDate.getTime());
    await push({
      ...common,
      movedAt: new Date(entryAt),
      type: 'entry',
      quantity: lot.quantity,
      blockingCode: null,
      movementReference: `REC-L${n}`,
      pallet: `PAL-L${n}`,
    });
    for (let t = entryAt + inventoryEvery; t < options.now.getTime(); t += inventoryEvery) {
      await push({
        ...common,
        movedAt: new Date(t),
        type: 'inventory',
        quantity: 0,
        blockingCode: null,
        movementReference: `INV-${new Date(t).toISOString().slice(0, 10)}`,
      });
    }
    if (lot.blockingCode !== 'NO') {
      await push({
        ...common,
        movedAt: new Date(entryAt + DAY),
        type: 'lock',
        quantity: lot.quantity,
        blockingCode: lot.blockingCode,
        movementReference: null,
      });
    } else if (rand() < 0.1) {
      await push({
        ...common,
        movedAt: new Date(entryAt + DAY),
        type: 'lock',
        quantity: lot.quantity,
        blockingCode: 'AC',
        movementReference: null,
      });
      await push({
        ...common,
        movedAt: new Date(entryAt + 3 * DAY),
        type: 'unlock',
        quantity: lot.quantity,
        blockingCode: 'NO',
        movementReference: null,
      });
    }
    if (lot.article.depositorId === 2 && rand() < 0.3) {
      await push({
        ...common,
        movedAt: new Date(entryAt + 2 * DAY),
        type: 'control_sampling',
        quantity: 0,
        blockingCode: null,
        movementReference: `CTRL-${n}`,
      });
    }
  }
  if (pending.length) await insertBatch(em, pending);
}

async function insertBatch(em: EntityManager, rows: Movement[]): Promise<void> {
  const col = <T>(f: (m: Movement) => T) => rows.map(f);
  await em.query(
    `INSERT INTO movements (depositor_id, depositor_code, wms_id, platform_id, reference, moved_at, type, quantity, lot, best_before,
       blocking_code, movement_reference, store_code, pallet)
     SELECT u.d, c.code, u.w, u.p, u.r, u.at, u.t, u.q, u.lot, u.bb, u.bc, u.mr, u.sc, u.pal
     FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::timestamptz[], $6::text[], $7::int[], $8::text[], $9::date[],
       $10::text[], $11::text[], $12::text[], $13::text[]) AS u(d, w, p, r, at, t, q, lot, bb, bc, mr, sc, pal)
     JOIN depositors c ON c.id = u.d`,
    [
      col((m) => m.depositorId),
      col((m) => m.wmsId),
      col((m) => m.platformId),
      col((m) => m.reference),
      col((m) => m.movedAt.toISOString()),
      col((m) => m.type),
      col((m) => m.quantity),
      col((m) => m.lot),
      col((m) => m.bestBefore),
      col((m) => m.blockingCode),
      col((m) => m.movementReference),
      col((m) => m.storeCode),
      col((m) => m.pallet),
    ],
  );
}
