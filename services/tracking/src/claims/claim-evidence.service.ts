import { Inject, Injectable } from '@nestjs/common';
import { CLAIM_LIMITS, type CallerContext, type ClaimDeliveryCandidate, type ClaimEvidenceDto } from '@portal/contracts';
import { applyScope, Db } from '@portal/db';
import { ORDER_SCOPE } from '../common/order-scope';
import { toOrderDetail, toOrderSummary } from '../orders/orders.mapper';
import { OrdersRepository } from '../orders/orders.repository';
import { deliveryNotFound, orderId } from '../orders/orders.service';

/**
 * What the claims service asks of the tracker (spec §5 Claim): the deliveries a typed number
 * answers (its reference, its order number shared by several deliveries, or the customer's
 * reference), and a delivery's evidence to copy into a claim. Both in the caller's scope.
 */
@Injectable()
export class ClaimEvidenceService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(OrdersRepository) private readonly orders: OrdersRepository,
  ) {}

  /** The visible deliveries whose reference, order number or customer reference is exactly the number, newest first. */
  async lookup(ctx: CallerContext, data: unknown): Promise<ClaimDeliveryCandidate[]> {
    const raw = (data as { number?: unknown } | null)?.number;
    const number = typeof raw === 'string' ? raw.trim() : '';
    if (!number || number.length > 64) return [];
    const qb = this.db
      .queryBuilder()
      .select('o.*')
      .from('orders', 'o')
      .where('o.hidden_at IS NULL')
      .andWhere('(o.reference IN (:number, :upper) OR o.order_reference IN (:number, :upper) OR o.customer_reference = :number)', {
        number,
        upper: number.toUpperCase(),
      });
    applyScope(qb, ctx, ORDER_SCOPE);
    const [sql, params] = qb
      .orderBy('o.created_at', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .limit(CLAIM_LIMITS.lookupMax)
      .getQueryAndParameters();
    const rows = await this.db.scopedQuery<Record<string, unknown>>(ctx, sql, params);
    return rows.map((r) => {
      const o = toOrderSummary(r);
      return {
        id: o.id,
        reference: o.reference,
        orderReference: o.orderReference,
        customerReference: o.customerReference,
        depositorId: o.depositorId,
        depositorCode: o.depositorCode,
        status: o.status,
        createdAt: o.createdAt,
        shippedAt: o.shippedAt,
        deliveredAt: o.deliveredAt,
        recipient: o.recipientCompany ?? o.recipientName,
        town: o.town,
      };
    });
  }

  /** One delivery's evidence: products with lots and serials, parcels and weights, carrier events, PODs with their storage keys. */
  async evidence(ctx: CallerContext, data: unknown): Promise<ClaimEvidenceDto> {
    const id = orderId(data);
    const row = await this.orders.detail(ctx, id);
    if (!row) throw deliveryNotFound();
    const d = toOrderDetail(row, ctx.user?.id ?? null);
    const pods = await this.db.scopedQuery<{
      name: string;
      content_type: string | null;
      size: number | null;
      key: string;
      created_at: Date;
    }>(
      ctx,
      `SELECT d.name, d.content_type, d.size, d.storage_key AS key, d.created_at FROM documents d
        WHERE d.order_id = $1 AND d.type = 'POD' AND d.storage_key IS NOT NULL ORDER BY d.created_at, d.name`,
      [id],
    );
    return {
      order: {
        id: d.id,
        reference: d.reference,
        orderReference: d.orderReference,
        customerReference: d.customerReference,
        depositorId: d.depositorId,
        depositorCode: d.depositorCode,
        platformId: d.platformId,
        activityCode: d.activityCode,
        storeCode: row.store_code === null || row.store_code === undefined ? null : String(row.store_code),
        status: d.status,
        carrierName: d.carrierName,
        trackingNumbers: d.trackingNumbers,
        weightKg: d.weightKg,
        shippedAt: d.shippedAt,
        deliveredAt: d.deliveredAt,
        recipient: d.recipientCompany ?? d.recipientName,
        town: d.town,
      },
      lines: d.lines.map((l) => ({
        reference: l.articleReference,
        label: l.label,
        quantityOrdered: l.quantityOrdered,
        quantitySent: l.quantitySent,
        lot: l.lot,
        serials: l.serials,
      })),
      parcels: d.parcels.map((p) => ({
        number: p.number,
        trackingNumber: p.trackingNumber,
        weightKg: p.weightKg,
        packaging: p.packaging,
        status: p.status,
      })),
      events: d.tracerEvents.map((e) => ({
        at: e.eventAt,
        type: e.type,
        carrierStatus: e.carrierStatus,
        carrierName: e.carrierName,
        note: e.publicNote,
      })),
      pods: pods.map((p) => ({
        name: p.name,
        contentType: p.content_type ?? 'application/octet-stream',
        size: p.size,
        key: p.key,
        createdAt: new Date(p.created_at).toISOString(),
      })),
    };
  }
}
