import { Logger } from '@nestjs/common';
import type { Db } from './db';

/**
 * Keeps the planner's statistics and the visibility map in step with bulk writes. A fresh database
 * fed thousands of rows at once has never been analysed until autovacuum's next pass (up to a minute
 * later), and in between the planner believes the tables are empty: a scoped search that takes 50 ms
 * takes seconds. And every row written clears the all-visible bit of its page; new rows smaller than
 * the old ones land in the free ends of old pages all over the table, so a few thousand orders leave
 * half of the pages unmarked long before autovacuum's insert threshold (a fifth of the table): the
 * reference search's index-only scans then read the table for every match (measured: 9.7 → 57 ms
 * after 4,800 orders fed into 105,000). Feeds note how many rows they wrote; past `threshold` rows,
 * the tables are vacuumed and analysed in the background (VACUUM reads only the unmarked pages),
 * at most once per `minIntervalMs`, never twice at once in a process, and a copy of the service
 * that finds a table being vacuumed by another skips it (SKIP_LOCKED) instead of waiting.
 */
export class FreshStatistics {
  private readonly logger = new Logger('Statistics');
  private written = 0;
  private running: Promise<void> | null = null;
  private lastRun = 0;

  constructor(
    private readonly db: Db,
    private readonly tables: readonly string[],
    private readonly options: { threshold?: number; minIntervalMs?: number } = {},
  ) {
    for (const table of tables) if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`not a table name: ${table}`);
  }

  /** Counts written rows; starts a VACUUM (ANALYZE) when enough have been written since the last one. */
  noteWritten(rows: number): void {
    this.written += rows;
    const threshold = this.options.threshold ?? 1000;
    const interval = this.options.minIntervalMs ?? 30_000;
    if (this.written < threshold || this.running || Date.now() - this.lastRun < interval) return;
    this.written = 0;
    this.lastRun = Date.now();
    this.running = this.db.system
      .query(`VACUUM (ANALYZE, SKIP_LOCKED) ${this.tables.join(', ')}`)
      .then(() => undefined)
      .catch((e: unknown) => this.logger.warn(`VACUUM (ANALYZE) ${this.tables.join(', ')} failed: ${(e as Error).message}`))
      .finally(() => (this.running = null));
  }

  /** The VACUUM (ANALYZE) under way, if any (tests and shutdown wait for it). */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}
