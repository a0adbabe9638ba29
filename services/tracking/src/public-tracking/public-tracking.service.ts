import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  CARRIER_EVENT_STATUSES,
  carrierTrackingUrl,
  isPublicTrackingToken,
  TRACER_EVENT_TYPES,
  type CallerContext,
  type CarrierEventStatus,
  type PublicTimelineEntry,
  type PublicTrackingDto,
  type PublicTrackingLinkDto,
  type TracerEventType,
} from '@portal/contracts';
import { PublicTrackingRepository, type PublicOrderRow } from './public-tracking.repository';

/** At most this many orders' links per call (an alert digest lists fewer). */
export const PUBLIC_LINKS_MAX = 500;

/**
 * The recipient's public tracking page (issue 35 item 3): a token names one order, answered with
 * what the page shows only (PublicTrackingDto). An unknown token, a hidden order's (revoked) and a
 * malformed one all answer null, after the same single look-up.
 */
@Injectable()
export class PublicTrackingService {
  constructor(@Inject(PublicTrackingRepository) private readonly repository: PublicTrackingRepository) {}

  async lookup(data: unknown): Promise<PublicTrackingDto | null> {
    const given = (data as { token?: unknown } | null)?.token;
    const token = isPublicTrackingToken(given) ? given : null;
    const order = await this.repository.orderOf(token);
    if (!order || !token) return null;
    const row = await this.repository.page(order, token);
    return row ? toPublicTracking(row) : null;
  }

  /** The public tokens of visible orders, for the alert mails: system callers only. */
  async links(ctx: CallerContext, data: unknown): Promise<PublicTrackingLinkDto[]> {
    if (ctx.user || ctx.client || !ctx.scope.all) throw new AppError('permissionDenied', 'tracking links are for system callers');
    const raw = (data as { orderIds?: unknown } | null)?.orderIds;
    const ids = Array.isArray(raw) ? raw.filter((i): i is number => Number.isSafeInteger(i) && i > 0).slice(0, PUBLIC_LINKS_MAX) : [];
    if (!ids.length) return [];
    return (await this.repository.links(ctx, ids)).map((r) => ({ orderId: Number(r.id), token: r.public_token }));
  }
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | null => (v !== null && list.includes(v as T) ? (v as T) : null);

/** The row as the page's DTO: each tracking number with the carrier's page of it. */
export function toPublicTracking(r: PublicOrderRow): PublicTrackingDto {
  const numbers = [...new Set(r.tracking_numbers ?? [])];
  const timeline: PublicTimelineEntry[] = [
    ...r.history.map((h) => ({ kind: 'status' as const, at: iso(h.at)!, status: Number(h.status) })),
    ...r.events.map((e) => ({
      kind: 'event' as const,
      at: iso(e.at)!,
      type: oneOf<TracerEventType>(TRACER_EVENT_TYPES, e.type),
      carrierStatus: oneOf<CarrierEventStatus>(CARRIER_EVENT_STATUSES, e.carrierStatus),
      appointmentAt: iso(e.appointmentAt),
    })),
  ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return {
    depositorId: Number(r.depositor_id),
    status: Number(r.status),
    carrierName: r.carrier_name,
    trackingNumbers: numbers.map((number) => ({ number, url: carrierTrackingUrl(r.tracking_url_template, number) })),
    promisedDeliveryAt: iso(r.promised_delivery_at),
    deliveredAt: iso(r.delivered_at),
    zip: r.zip,
    town: r.town,
    timeline,
  };
}
