import type { Db } from '@portal/db';
import { MOVEMENT_AGGREGATES, ORDER_AGGREGATES, type Aggregate } from '../../migrations/1768000000000-ScopedReportAggregates';

const ROWS: [Aggregate[], string][] = [
  [ORDER_AGGREGATES, 'report_orders o'],
  [MOVEMENT_AGGREGATES, 'report_movements m'],
];

/**
 * Every aggregate of the projection against a recount from its rows (a key whose measures are all
 * zero counts as absent): answers, per aggregate, how many keys differ either way. Read as the
 * system (every depositor).
 */
export async function recountMismatches(db: Db): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const [aggregates, rows] of ROWS)
    for (const a of aggregates) {
      const keys = Object.keys(a.keys);
      const measures = Object.entries(a.measures);
      const stored = `SELECT ${[...keys, ...measures.map(([m]) => m)].join(', ')} FROM ${a.table}
        WHERE ${measures.map(([m]) => `${m} <> 0`).join(' OR ')}`;
      const recount = `SELECT ${[...Object.values(a.keys), ...measures.map(([, e]) => `sum(${e})`)].join(', ')} FROM ${rows}
        GROUP BY ${keys.map((_, i) => i + 1).join(', ')} HAVING ${measures.map(([, e]) => `sum(${e}) <> 0`).join(' OR ')}`;
      const [{ n }] = await db.system.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM (${stored} EXCEPT ALL ${recount}) x)::int + (SELECT count(*) FROM (${recount} EXCEPT ALL ${stored}) y)::int AS n`,
      );
      found[a.table] = n;
    }
  const [{ n }] = await db.system.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT depositor_id, reference, moved_at FROM report_item_last_moves
       EXCEPT ALL SELECT depositor_id, reference, max(moved_at) FROM report_movements GROUP BY 1, 2) x`,
  );
  found.report_item_last_moves = n;
  return found;
}

/** The same tables, each with no mismatch (what a test expects). */
export const NO_MISMATCH = Object.fromEntries(
  [...ORDER_AGGREGATES, ...MOVEMENT_AGGREGATES, { table: 'report_item_last_moves' }].map((a) => [a.table, 0]),
);
