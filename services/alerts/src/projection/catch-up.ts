import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import { systemContext, TrackingSubjects, type OrderSnapshotPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { subMonths } from 'date-fns';
import { upsertOrders } from './projection';

/** Orders older than this are not caught up: a yearly digest reads at most the last 12 months. */
const CATCH_UP_MONTHS = 13;
const PAGE = 1000;
const RETRY_MS = 5000;
const ATTEMPTS = 12;

/**
 * Fills the projection from tracking's snapshots, page by page over the bus, when it starts empty
 * (a new deployment, or orders written without events: the demo's) or when asked (after the demo
 * orders are loaded). Upserts keep the newest snapshot, so events arriving meanwhile are never undone.
 */
@Injectable()
export class ProjectionCatchUp implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AlertsProjection');
  private stopped = false;
  private running?: Promise<number>;

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  onApplicationBootstrap(): void {
    void this.ifEmpty();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  /** Catches up when the projection holds no order; tracking may not answer yet at start: retried a while. */
  async ifEmpty(): Promise<void> {
    for (let attempt = 1; attempt <= ATTEMPTS && !this.stopped; attempt++) {
      try {
        const [row] = await this.db.scopedQuery<{ any: boolean }>(systemContext(), `SELECT EXISTS (SELECT 1 FROM alert_orders) AS any`);
        if (!row.any) await this.run();
        return;
      } catch (e) {
        this.logger.warn(`catch-up attempt ${attempt} failed: ${e instanceof Error ? e.message : String(e)}`);
        await new Promise((r) => setTimeout(r, RETRY_MS).unref());
      }
    }
  }

  /** Reads every snapshot of the period and answers how many were written (one run at a time). */
  run(now = new Date()): Promise<number> {
    this.running ??= this.pages(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pages(now: Date): Promise<number> {
    const ctx = systemContext('alerts-projection-catch-up');
    const since = subMonths(now, CATCH_UP_MONTHS).toISOString();
    let after = 0;
    let total = 0;
    while (!this.stopped) {
      const page = await this.bus.request<OrderSnapshotPage>(TrackingSubjects.orderSnapshots, ctx, { after, limit: PAGE, since });
      await this.db.scoped(ctx, (em) => upsertOrders(em, page.orders));
      total += page.orders.length;
      if (page.next === null) break;
      after = page.next;
    }
    this.logger.log(`projection caught up: ${total} orders`);
    return total;
  }
}
