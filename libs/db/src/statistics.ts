import { Logger } from '@nestjs/common';
import type { Db } from './db';

/**
 * Keeps the planner's statistics in step with bulk writes. A fresh database fed thousands of rows
 * at once has never been analysed until autovacuum's next pass (up to a minute later), and in
 * between the planner believes the tables are empty: a scoped search that takes 50 ms takes
 * seconds. Feeds note how many rows they wrote; past `threshold` rows, the tables are analysed in
 * the background, at most once per `minIntervalMs`, never twice at once.
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

  /** Counts written rows; starts an ANALYZE when enough have been written since the last one. */
  noteWritten(rows: number): void {
    this.written += rows;
    const threshold = this.options.threshold ?? 1000;
    const interval = this.options.minIntervalMs ?? 30_000;
    if (this.written < threshold || this.running || Date.now() - this.lastRun < interval) return;
    this.written = 0;
    this.lastRun = Date.now();
    this.running = this.db.system
      .query(`ANALYZE ${this.tables.join(', ')}`)
      .then(() => undefined)
      .catch((e: unknown) => this.logger.warn(`ANALYZE ${this.tables.join(', ')} failed: ${(e as Error).message}`))
      .finally(() => (this.running = null));
  }

  /** The ANALYZE under way, if any (tests and shutdown wait for it). */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}
