import { Inject, Injectable, Logger } from '@nestjs/common';
import { BusClient, CatchUpWhenEmpty } from '@portal/bus';
import { StockSubjects, systemContext, TrackingSubjects, type OrderSnapshotPage, type StockMovementPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { readStockLines, writeStockLines } from './stock-lines';
import { insertMovements, upsertOrders } from './writes';

/** Orders and movements older than this are not caught up: a yearly report reads at most the last 13 months. */
const CATCH_UP_MONTHS = 13;

export interface CatchUpCounts {
  orders: number;
  movements: number;
  stockLines: number;
}

/**
 * Fills the projection from the owning services' pages over the bus (tracking's order snapshots,
 * stock's movements and lines) when it starts empty (a new deployment, or data written without
 * events: the demo's) or when asked (after the demo data is loaded). Writes keep the newest data,
 * so events arriving meanwhile are never undone; a movement is written once.
 */
@Injectable()
export class ProjectionCatchUp extends CatchUpWhenEmpty<CatchUpCounts> {
  protected readonly logger = new Logger('ReportsProjection');

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {
    super();
  }

  protected async isEmpty(): Promise<boolean> {
    const [row] = await this.db.scopedQuery<{ any: boolean }>(
      systemContext('reports-projection-catch-up'),
      `SELECT EXISTS (SELECT 1 FROM report_orders) OR EXISTS (SELECT 1 FROM report_movements) OR EXISTS (SELECT 1 FROM report_stock_lines) AS any`,
    );
    return !row.any;
  }

  /** Reads everything of the period and answers how much was read. */
  protected async catchUp(now: Date): Promise<CatchUpCounts> {
    const since = new Date(now);
    since.setUTCMonth(since.getUTCMonth() - CATCH_UP_MONTHS);
    const seconds: number[] = [];
    const timed = async <N>(read: () => Promise<N>): Promise<N> => {
      const started = Date.now();
      const n = await read();
      seconds.push((Date.now() - started) / 1000);
      return n;
    };
    const counts = {
      orders: await timed(() => this.orders(since)),
      movements: await timed(() => this.movements(since)),
      stockLines: await timed(() => this.stockLines()),
    };
    const [orders, movements, lines] = seconds.map((s) => `${s.toFixed(1)} s`);
    this.logger.log(
      `projection caught up: ${counts.orders} orders (${orders}), ${counts.movements} movements (${movements}), ${counts.stockLines} stock lines (${lines})`,
    );
    return counts;
  }

  private async orders(since: Date): Promise<number> {
    const ctx = systemContext('reports-projection-catch-up');
    let total = 0;
    for (let after = 0; !this.stopped;) {
      const page = await this.bus.request<OrderSnapshotPage>(TrackingSubjects.orderSnapshots, ctx, {
        after,
        limit: 1000,
        since: since.toISOString(),
      });
      await this.db.scoped(ctx, (em) => upsertOrders(em, page.orders));
      total += page.orders.length;
      if (page.next === null) break;
      after = page.next;
    }
    return total;
  }

  private async movements(since: Date): Promise<number> {
    const ctx = systemContext('reports-projection-catch-up');
    let total = 0;
    for (let after = 0; !this.stopped;) {
      const page = await this.bus.request<StockMovementPage>(StockSubjects.movementPages, ctx, {
        after,
        limit: 2000,
        since: since.toISOString(),
      });
      await this.db.scoped(ctx, (em) => insertMovements(em, page.movements));
      total += page.movements.length;
      if (page.next === null) break;
      after = page.next;
    }
    return total;
  }

  private async stockLines(): Promise<number> {
    const { lines, takenAt } = await readStockLines(this.bus);
    await this.db.scoped(systemContext('reports-projection-catch-up'), (em) => writeStockLines(em, lines, takenAt));
    return lines.length;
  }
}
