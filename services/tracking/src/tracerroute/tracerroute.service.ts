import { Injectable } from '@nestjs/common';
import { addToOutbox, auditedWrite, OutboxRelay } from '@portal/bus';
import {
  AppError,
  TrackingEvents,
  TRACER_EVENT_TYPES,
  TRACER_ROUTE_STATUSES,
  TRACKING_BULK_MAX,
  TrackingStatus,
  type CallerContext,
  type DocumentFileDto,
  type ErrorKey,
  type TracerEventAddedEvent,
  type TracerEventType,
  type TracerRouteStatusCode,
  type TracerStatusCountsDto,
} from '@portal/contracts';
import { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { ClassificationService, parseClassify } from '../classification/classification.service';
import { ORDER_ROWS, TRACER_EVENT_ROWS } from '../common/audit';
import { FieldChecks } from '../common/checks';
import { changeOrderStatus } from '../common/status-change';
import { DocumentsRepository } from '../documents/documents.repository';
import { OrdersRepository } from '../orders/orders.repository';
import { deliveryNotFound, orderId } from '../orders/orders.service';
import { parseOrderSearch } from '../orders/search-filter';

/** LATE is computed from the promised delivery date: it cannot be set by hand. */
const SETTABLE = TRACER_ROUTE_STATUSES.filter((s) => s !== 'LATE');

/** Tracer Route (spec §2, §4): manual status, carrier information, events, bulk POD actions. */
@Injectable()
export class TracerRouteService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersRepository,
    private readonly documents: DocumentsRepository,
    private readonly classification: ClassificationService,
    private readonly outbox: OutboxRelay,
  ) {}

  /**
   * A manual Tracer Route status, recorded in the order's history as a status change; its comment is
   * public (every user of the depositor) or private (its author and the provider, as classification comments).
   */
  async setStatus(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const c = new FieldChecks();
    const id = orderId(data);
    const d = data as Record<string, unknown>;
    const status = c.oneOf('status', d.status, SETTABLE, true) as TracerRouteStatusCode | null;
    const comment = c.text('comment', d.comment, 2000);
    const commentPrivate = c.oneOf('commentPrivate', d.commentPrivate, [true, false]) ?? false;
    if (!c.ok || !status) throw new AppError('validationFailed', 'invalid status', undefined, c.fields);
    await this.db.scoped(ctx, async (em) => {
      const order = await this.orders.find(em, ctx, id);
      if (!order) throw deliveryNotFound();
      if (order.status === TrackingStatus.Canceled || order.status < TrackingStatus.Shipped) {
        throw new AppError('statusUpdateImpossible', 'a delivery that has not left the warehouse has no Tracer Route status', {
          status: order.status,
        });
      }
      if (order.tracer_status === status) return;
      await auditedWrite(em, ctx, ORDER_ROWS, { ids: [order.id] }, () =>
        changeOrderStatus(em, order, {
          tracerStatus: status,
          at: new Date().toISOString(),
          source: 'manual',
          comment,
          commentPrivate,
          userId: ctx.user?.id,
        }),
      );
    });
    this.outbox.kick();
    return { ok: true };
  }

  /** The tab counts of a Tracer Route search: its deliveries in each shown status, within the caller's scope. */
  async counts(ctx: CallerContext, data: unknown): Promise<TracerStatusCountsDto> {
    const rows = await this.orders.tracerCounts(ctx, parseOrderSearch(data));
    const counts = Object.fromEntries(TRACER_ROUTE_STATUSES.map((s) => [s, 0])) as Record<TracerRouteStatusCode, number>;
    for (const r of rows) if (r.status in counts) counts[r.status as TracerRouteStatusCode] = r.count;
    return { counts, total: rows.reduce((sum, r) => sum + r.count, 0) };
  }

  /** A Tracer Route event (spec §3): type, carrier, appointment and event dates, public and private notes. */
  async addEvent(ctx: CallerContext, data: unknown): Promise<{ id: number }> {
    const c = new FieldChecks();
    const id = orderId(data);
    const d = data as Record<string, unknown>;
    const row = [
      c.oneOf('type', d.type, TRACER_EVENT_TYPES, true),
      c.text('carrierName', d.carrierName, 255),
      c.date('appointmentAt', d.appointmentAt),
      c.date('eventAt', d.eventAt) ?? new Date().toISOString(),
      c.text('publicNote', d.publicNote, 2000),
      c.text('privateNote', d.privateNote, 2000),
    ];
    if (!c.ok) throw new AppError('validationFailed', 'invalid event', undefined, c.fields);
    const result = await this.db.scoped(ctx, async (em) => {
      const order = await this.orders.find(em, ctx, id);
      if (!order) throw deliveryNotFound();
      const [event] = await auditedWrite(em, ctx, TRACER_EVENT_ROWS, { written: ([e]: { id: string }[]) => [e.id] }, () =>
        em.query<{ id: string }[]>(
          `INSERT INTO tracer_events (order_id, depositor_id, type, carrier_name, appointment_at, event_at, public_note, private_note, source, created_by)
           SELECT id, depositor_id, $2, $3, $4, $5, $6, $7, 'manual', $8 FROM orders WHERE id = $1 RETURNING id`,
          [order.id, ...row, ctx.user?.id ?? null],
        ),
      );
      // Told to the alerts that follow this event type (My VIP), with the public note only.
      await addToOutbox<TracerEventAddedEvent>(em, 'tracking', TrackingEvents.tracerEventAdded, {
        orderId: Number(order.id),
        depositorId: order.depositor_id,
        reference: order.reference,
        type: row[0] as TracerEventType,
        at: row[3] as string,
        carrierName: (row[1] as string | null) ?? null,
        publicNote: (row[4] as string | null) ?? null,
      });
      return { id: Number(event.id) };
    });
    this.outbox.kick();
    return result;
  }

  /** Carrier information entered by hand: carrier and tracking number; "shipped without carrier information" becomes "shipped". */
  async carrierInfo(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const c = new FieldChecks();
    const id = orderId(data);
    const d = data as Record<string, unknown>;
    const carrierName = c.text('carrierName', d.carrierName, 255, { required: true });
    const carrierCode = c.text('carrierCode', d.carrierCode, 50);
    const trackingNumber = c.text('trackingNumber', d.trackingNumber, 64);
    if (!c.ok) throw new AppError('validationFailed', 'invalid carrier information', undefined, c.fields);
    await this.db.scoped(ctx, async (em) => {
      const order = await this.orders.find(em, ctx, id);
      if (!order) throw deliveryNotFound();
      await auditedWrite(em, ctx, ORDER_ROWS, { ids: [order.id] }, () =>
        this.setCarrierInfo(em, ctx, order, carrierName, carrierCode, trackingNumber),
      );
    });
    this.outbox.kick();
    return { ok: true };
  }

  private async setCarrierInfo(
    em: EntityManager,
    ctx: CallerContext,
    order: NonNullable<Awaited<ReturnType<OrdersRepository['find']>>>,
    carrierName: string | null,
    carrierCode: string | null,
    trackingNumber: string | null,
  ): Promise<void> {
    await em.query(
      `UPDATE orders SET carrier_name = $2, carrier_code = COALESCE($3, carrier_code),
                tracking_numbers = CASE WHEN $4::text IS NULL OR $4::text = ANY(tracking_numbers) THEN tracking_numbers ELSE tracking_numbers || $4::text END,
                updated_at = now() WHERE id = $1`,
      [order.id, carrierName, carrierCode, trackingNumber],
    );
    if (trackingNumber) {
      await em.query(
        `INSERT INTO parcels (order_id, number, depositor_id, tracking_number, status)
           SELECT o.id, COALESCE((SELECT max(number) FROM parcels WHERE order_id = o.id), 0) + 1, o.depositor_id, $2::text, o.status FROM orders o
            WHERE o.id = $1 AND NOT EXISTS (SELECT 1 FROM parcels p WHERE p.order_id = o.id AND p.tracking_number = $2::text)`,
        [order.id, trackingNumber],
      );
    }
    if (order.tracer_status === 'SHIPPED_NO_CARRIER_INFO') {
      await changeOrderStatus(em, order, {
        tracerStatus: 'SHIPPED',
        at: new Date().toISOString(),
        source: 'manual',
        userId: ctx.user?.id,
      });
    }
  }

  /** USER_BULK_POD: the PODs of several deliveries, for one zip archive built by the gateway. */
  async podFiles(ctx: CallerContext, data: unknown): Promise<(DocumentFileDto & { reference: string })[]> {
    const ids = orderIds(data);
    const pods = await this.db.scoped(ctx, (em) => this.documents.pods(em, ctx, ids));
    const files = pods.filter((p) => p.storage_key);
    if (!files.length) throw new AppError('documentNotFound', 'no POD among these deliveries');
    return files.map((p) => ({
      key: p.storage_key!,
      name: p.name,
      contentType: p.content_type ?? 'application/octet-stream',
      reference: p.reference,
    }));
  }

  /** USER_BULK_POD: marks several deliveries delivered; each is classified on its own (one failure does not stop the others). */
  async markDelivered(
    ctx: CallerContext,
    data: unknown,
    now = new Date(),
  ): Promise<{ updated: number[]; failed: { id: number; key: ErrorKey }[] }> {
    const ids = orderIds(data);
    const at = (data as Record<string, unknown>).at;
    const result = { updated: [] as number[], failed: [] as { id: number; key: ErrorKey }[] };
    for (const id of ids) {
      const input = parseClassify({ id, as: 'delivered', at, comment: (data as Record<string, unknown>).comment }, now);
      try {
        await this.db.scoped(ctx, (em) => this.classification.classifyIn(em, ctx, input));
        result.updated.push(id);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        result.failed.push({ id, key: e.key });
      }
    }
    if (result.updated.length) this.outbox.kick();
    return result;
  }
}

function orderIds(data: unknown): number[] {
  const c = new FieldChecks();
  const list = c.list('ids', (data as Record<string, unknown> | null)?.ids, TRACKING_BULK_MAX) ?? [];
  const ids = list.map((v, i) => c.integer(`ids.${i}`, v, { required: true, min: 1, max: Number.MAX_SAFE_INTEGER }) ?? 0);
  if (!c.ok) throw new AppError('validationFailed', 'invalid ids', undefined, { ids: Object.values(c.fields)[0] });
  if (!ids.length) throw new AppError('validationFailed', 'no delivery selected', undefined, { ids: 'required' });
  return [...new Set(ids)];
}
