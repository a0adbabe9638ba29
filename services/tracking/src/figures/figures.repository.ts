import { Inject, Injectable } from '@nestjs/common';
import { TRACER_ROUTE_STATUSES, type CallerContext, type FigurePoint } from '@portal/contracts';
import { Db, ScopedWhere } from '@portal/db';
import { ORDER_SCOPE } from '../common/order-scope';
import { OPEN_TRACER_STATUSES } from '../common/tracer-status';

interface RawPoint {
  label: string;
  value: number;
}

/** The carrier an order is grouped by: its name, else its code; '' when it has none yet. */
const CARRIER = `coalesce(nullif(o.carrier_name, ''), o.carrier_code, '')`;

/** Counts of the caller's visible orders (hidden ones excluded), each read under the scope and row-level security. */
@Injectable()
export class FiguresRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  /** Per carrier, the open deliveries (not delivered, returned nor in anomaly) whose promised date is past at `now`. */
  lateByCarrier(ctx: CallerContext, now: Date): Promise<FigurePoint[]> {
    const where = this.visible(ctx);
    where.and(`o.tracer_status = ANY(${where.param(OPEN_TRACER_STATUSES)}::text[])`);
    where.and(`o.status >= 0 AND o.promised_delivery_at < ${where.param(now)}`);
    return this.perCarrier(ctx, `FROM orders o WHERE ${where}`, 'count(*)', where.params);
  }

  /** Per carrier, the delivery anomalies (status 97 reached) recorded in [from, to]. */
  anomaliesByCarrier(ctx: CallerContext, from: Date, to: Date): Promise<FigurePoint[]> {
    const where = this.visible(ctx);
    where.and(`h.status = 97 AND h.at >= ${where.param(from)} AND h.at <= ${where.param(to)}`);
    return this.perCarrier(ctx, `FROM status_history h JOIN orders o ON o.id = h.order_id WHERE ${where}`, 'count(*)', where.params);
  }

  /**
   * The deliveries promised in [from, to) (canceled ones aside) by the status shown at `now` (LATE
   * for an open one past its date), in the order of the Tracer Route statuses.
   */
  async deliveriesByStatus(ctx: CallerContext, from: Date, to: Date, now: Date): Promise<FigurePoint[]> {
    const where = this.visible(ctx);
    const open = where.param(OPEN_TRACER_STATUSES);
    const at = where.param(now);
    where.and(`o.status >= 0 AND o.promised_delivery_at >= ${where.param(from)} AND o.promised_delivery_at < ${where.param(to)}`);
    const rows = await this.db.scopedQuery<RawPoint>(
      ctx,
      `SELECT CASE WHEN o.tracer_status = ANY(${open}::text[]) AND o.promised_delivery_at < ${at} THEN 'LATE' ELSE o.tracer_status END AS label,
              count(*)::int AS value
         FROM orders o WHERE ${where} GROUP BY 1`,
      where.params,
    );
    const rank = (label: string) => TRACER_ROUTE_STATUSES.indexOf(label as never);
    return rows.map(point).sort((a, b) => rank(a.label) - rank(b.label));
  }

  private visible(ctx: CallerContext): ScopedWhere {
    return ScopedWhere.of(ctx, ORDER_SCOPE).and('o.hidden_at IS NULL');
  }

  /** Most first, then by carrier name. */
  private async perCarrier(ctx: CallerContext, from: string, count: string, params: unknown[]): Promise<FigurePoint[]> {
    const rows = await this.db.scopedQuery<RawPoint>(
      ctx,
      `SELECT ${CARRIER} AS label, ${count}::int AS value ${from} GROUP BY 1 ORDER BY 2 DESC, 1`,
      params,
    );
    return rows.map(point);
  }
}

const point = (row: RawPoint): FigurePoint => ({ label: row.label, value: Number(row.value) });
