import { Inject, Injectable, Logger } from '@nestjs/common';
import { BusClient, CatchUpWhenEmpty } from '@portal/bus';
import { systemContext, TrackingSubjects, type OrderSnapshotPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { subMonths } from 'date-fns/subMonths';
import { upsertOrders } from './projection';

/** Orders older than this are not caught up: a yearly digest reads at most the last 12 months. */
const CATCH_UP_MONTHS = 13;
const PAGE = 1000;

/**
 * Fills the projection from tracking's snapshots, page by page over the bus, when it starts empty
 * (a new deployment, or orders written without events: the demo's) or when asked (after the demo
 * orders are loaded). Upserts keep the newest snapshot, so events arriving meanwhile are never undone.
 */
@Injectable()
export class ProjectionCatchUp extends CatchUpWhenEmpty<number> {
  protected readonly logger = new Logger('AlertsProjection');

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {
    super();
  }

  protected async isEmpty(): Promise<boolean> {
    const [row] = await this.db.scopedQuery<{ any: boolean }>(systemContext(), `SELECT EXISTS (SELECT 1 FROM alert_orders) AS any`);
    return !row.any;
  }

  /** Reads every snapshot of the period and answers how many were written. */
  protected async catchUp(now: Date): Promise<number> {
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
