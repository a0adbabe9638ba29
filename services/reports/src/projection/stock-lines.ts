import { BusClient } from '@portal/bus';
import { StockSubjects, systemContext, type StockLinePage, type StockLineRecord } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { insertStockLines, replaceStockPairs } from './writes';

const PAGE = 2000;
const UNDATED = '1970-01-01T00:00:00.000Z';

/** The lines of a depositor and platform, some lines by id, or every line. */
type LineFilter = { depositorId: number; platformId: number } | { ids: number[] };

/** Every line the stock service holds (of the filter's), with the pairs' snapshot times. */
export async function readStockLines(
  bus: BusClient,
  filter?: LineFilter,
): Promise<{ lines: StockLineRecord[]; takenAt: Record<string, string> }> {
  const ctx = systemContext('reports-projection-stock');
  const lines: StockLineRecord[] = [];
  const takenAt: Record<string, string> = {};
  for (let after = 0; ;) {
    const page = await bus.request<StockLinePage>(StockSubjects.linePages, ctx, { ...filter, after, limit: PAGE });
    lines.push(...page.lines);
    Object.assign(takenAt, page.takenAt);
    // Lines written without a snapshot record (the demo's): as old as can be, so any snapshot replaces them.
    for (const l of page.lines) takenAt[`${l.depositorId}/${l.platformId}`] ??= UNDATED;
    if (page.next === null) return { lines, takenAt };
    after = page.next;
  }
}

/** Replaces the pairs' lines with these (the pairs already holding a newer snapshot are left as they are). */
export async function writeStockLines(em: EntityManager, lines: StockLineRecord[], takenAt: Record<string, string>): Promise<void> {
  const current = await replaceStockPairs(em, takenAt);
  await insertStockLines(
    em,
    lines.filter((l) => current.has(`${l.depositorId}/${l.platformId}`)),
  );
}

/**
 * Some lines' quantities as the stock holds them now (the lines a Loop reservation changed): read
 * at handling time, not taken from the event, so events handled late or out of order still leave
 * stock's own figures. The lines are locked first: two events of the same lines write in the order
 * they read. A line the projection does not hold (replaced since, or its pair not caught up yet)
 * is left to the snapshot that brings it.
 */
export async function refreshStockLines(em: EntityManager, bus: BusClient, depositorId: number, ids: number[]): Promise<void> {
  const held = await em.query<{ line_id: string }[]>(
    `SELECT line_id FROM report_stock_lines WHERE depositor_id = $1 AND line_id = ANY ($2::bigint[]) ORDER BY line_id FOR UPDATE`,
    [depositorId, ids],
  );
  if (!held.length) return;
  const { lines } = await readStockLines(bus, { ids: held.map((l) => Number(l.line_id)) });
  if (!lines.length) return;
  await em.query(
    `UPDATE report_stock_lines r SET in_stock = x."quantityInStock", reserved = x."quantityReserved", blocked = x."quantityBlocked",
       available = x."quantityAvailable", stock_value = coalesce(x."stockValue", round(x."unitPrice" * x."quantityInStock", 2))
     FROM json_to_recordset($1::json) AS x(id bigint, "depositorId" int, "unitPrice" numeric, "stockValue" numeric, "quantityInStock" int,
       "quantityReserved" int, "quantityBlocked" int, "quantityAvailable" int)
     WHERE r.depositor_id = x."depositorId" AND r.line_id = x.id`,
    [JSON.stringify(lines)],
  );
}
