import { Injectable } from '@nestjs/common';
import { auditedWrite, OutboxRelay } from '@portal/bus';
import {
  AppError,
  CLASSIFICATIONS,
  MANUAL_DELIVERY_MIN_AGE_MINUTES,
  TrackingStatus,
  type CallerContext,
  type Classification,
  type ErrorKey,
  type StoredFileRef,
  type TracerRouteStatusCode,
} from '@portal/contracts';
import { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { DOCUMENT_ROWS, ORDER_ROWS } from '../common/audit';
import { FieldChecks } from '../common/checks';
import { changeOrderStatus } from '../common/status-change';
import { DocumentsRepository } from '../documents/documents.repository';
import { parseStoredFile } from '../documents/stored-file';
import { OrdersRepository } from '../orders/orders.repository';
import { deliveryNotFound, orderId } from '../orders/orders.service';

interface Outcome {
  status: number;
  tracerStatus: TracerRouteStatusCode;
  error: ErrorKey;
  /** Statuses from which this classification is refused. */
  refusedFrom: number[];
}

const FINAL = [TrackingStatus.Canceled, TrackingStatus.Delivered];
const OUTCOMES: Record<Classification, Outcome> = {
  delivered: { status: TrackingStatus.Delivered, tracerStatus: 'DELIVERED', error: 'classificationDeliveredFailed', refusedFrom: FINAL },
  anomaly: {
    status: TrackingStatus.DeliveryAnomaly,
    tracerStatus: 'ANOMALY',
    error: 'classificationUndeliveredFailed',
    refusedFrom: [...FINAL, TrackingStatus.DeliveryAnomaly],
  },
  returned: {
    status: TrackingStatus.ReturnedToSender,
    tracerStatus: 'SENDER_RETURN',
    error: 'classificationReturnedFailed',
    refusedFrom: [...FINAL, TrackingStatus.ReturnedToSender, TrackingStatus.ReturnedToShipper],
  },
};

const PARCEL_OUTCOMES = [
  TrackingStatus.Canceled,
  TrackingStatus.Delivered,
  TrackingStatus.ReturnedToSender,
  TrackingStatus.ReturnedToShipper,
];

export interface ClassifyInput {
  id: number;
  as: Classification;
  at: string;
  comment: string | null;
  commentPrivate: boolean;
  pod: StoredFileRef | null;
}

/** Spec §4 manual classification: delivered, anomaly or returned to sender, with a comment and an optional POD. */
@Injectable()
export class ClassificationService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersRepository,
    private readonly documents: DocumentsRepository,
    private readonly outbox: OutboxRelay,
  ) {}

  async classify(ctx: CallerContext, data: unknown, now = new Date()): Promise<{ ok: true }> {
    const input = parseClassify(data, now);
    await this.db.scoped(ctx, (em) => this.classifyIn(em, ctx, input));
    this.outbox.kick();
    return { ok: true };
  }

  /** The classification inside a transaction (also used by the Tracer Route bulk "mark delivered"). */
  async classifyIn(em: EntityManager, ctx: CallerContext, input: ClassifyInput): Promise<void> {
    const order = await this.orders.find(em, ctx, input.id);
    if (!order) throw deliveryNotFound();
    const outcome = OUTCOMES[input.as];
    if ((outcome.refusedFrom as number[]).includes(order.status) || order.status < TrackingStatus.Shipped) {
      throw new AppError(outcome.error, `cannot classify as ${input.as} from status ${order.status}`, { status: order.status });
    }
    if (input.pod) {
      if (await this.documents.hasPod(em, order.id)) throw new AppError('podAlreadyPresent', 'a POD is already present for this order');
      const pod = input.pod;
      await auditedWrite(em, ctx, DOCUMENT_ROWS, { written: (id: string) => [id] }, () =>
        this.documents.insert(em, order, 'POD', pod, ctx.user?.id ?? null),
      );
    }
    await auditedWrite(em, ctx, ORDER_ROWS, { ids: [order.id], action: 'classified' }, () =>
      this.setOutcome(em, ctx, order, input, outcome),
    );
  }

  private async setOutcome(
    em: EntityManager,
    ctx: CallerContext,
    order: NonNullable<Awaited<ReturnType<OrdersRepository['find']>>>,
    input: ClassifyInput,
    outcome: Outcome,
  ): Promise<void> {
    await changeOrderStatus(em, order, {
      status: outcome.status,
      tracerStatus: outcome.tracerStatus,
      at: input.at,
      source: 'manual',
      comment: input.comment,
      commentPrivate: input.commentPrivate,
      userId: ctx.user?.id ?? null,
      deliveredAt: input.as === 'delivered' ? input.at : undefined,
    });
    // The delivery's parcels follow, except those that already reached an outcome of their own
    // (delivered, returned, canceled): a parcel delivered earlier stays delivered on a later anomaly.
    await em.query(`UPDATE parcels SET status = $2 WHERE order_id = $1 AND status <> ALL($3::smallint[])`, [
      order.id,
      outcome.status,
      PARCEL_OUTCOMES,
    ]);
  }
}

/** Spec §5: the delivery date is at least 10 minutes in the past. */
export function parseClassify(data: unknown, now: Date): ClassifyInput {
  const c = new FieldChecks();
  const d = (data ?? {}) as Record<string, unknown>;
  const id = orderId(d);
  const as = c.oneOf('as', d.as, CLASSIFICATIONS, true);
  const at = c.date('at', d.at, true);
  const comment = c.text('comment', d.comment, 2000);
  const pod = d.pod === undefined || d.pod === null ? null : parseStoredFile(c, 'pod', d.pod);
  if (!c.ok) throw new AppError('validationFailed', 'invalid classification', undefined, c.fields);
  if (new Date(at!).getTime() > now.getTime() - MANUAL_DELIVERY_MIN_AGE_MINUTES * 60_000) {
    throw new AppError(
      'deliveryDateTooRecent',
      'the delivery date must be at least 10 minutes in the past',
      { minutes: MANUAL_DELIVERY_MIN_AGE_MINUTES },
      { at: 'max' },
    );
  }
  return { id, as: as!, at: at!, comment, commentPrivate: d.commentPrivate === true, pod };
}
