import { Inject, Injectable } from '@nestjs/common';
import { systemContext } from '@portal/contracts';
import { Db } from '@portal/db';

/** `YYYY-MM` of an instant's UTC month: the readings partition it lands in. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

const CTX = systemContext('fever-partitions');

/**
 * The monthly partitions of `readings`, created on demand by `fever_ensure_month` (SECURITY DEFINER:
 * the application role cannot create tables) once per month this process has seen, each in a short
 * transaction of its own before the batch's. The function takes an advisory lock, so concurrent
 * copies of the service create a month once.
 */
@Injectable()
export class ReadingPartitions {
  private readonly ensured = new Set<string>();

  constructor(@Inject(Db) private readonly db: Db) {}

  async ensure(instants: Iterable<Date>): Promise<void> {
    const missing = new Map<string, Date>();
    for (const at of instants) {
      const month = monthOf(at);
      if (!this.ensured.has(month) && !missing.has(month)) missing.set(month, at);
    }
    for (const [month, at] of missing) {
      await this.db.scopedQuery(CTX, `SELECT fever_ensure_month($1)`, [at]);
      this.ensured.add(month);
    }
  }
}
