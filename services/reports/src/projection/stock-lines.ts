import { BusClient } from '@portal/bus';
import { StockSubjects, systemContext, type StockLinePage, type StockLineRecord } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { insertStockLines, replaceStockPairs } from './writes';

const PAGE = 2000;
const UNDATED = '1970-01-01T00:00:00.000Z';

/** Every line the stock service holds, of one depositor and platform or of all, with the pairs' snapshot times. */
export async function readStockLines(
  bus: BusClient,
  pair?: { depositorId: number; platformId: number },
): Promise<{ lines: StockLineRecord[]; takenAt: Record<string, string> }> {
  const ctx = systemContext('reports-projection-stock');
  const lines: StockLineRecord[] = [];
  const takenAt: Record<string, string> = {};
  for (let after = 0; ;) {
    const page = await bus.request<StockLinePage>(StockSubjects.linePages, ctx, { ...pair, after, limit: PAGE });
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
