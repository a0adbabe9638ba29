import type { CarrierEventStatus, TracerEventType } from './statuses';
/** Request/reply subjects of the tracking service (`tracking.<resource>.<verb>`). */
export const TrackingSubjects = {
  feedOrder: 'tracking.feed.order',
  feedOrders: 'tracking.feed.orders',
  carrierWebhook: 'tracking.webhook.carrier',
  searchOrders: 'tracking.orders.search',
  orderDetail: 'tracking.orders.detail',
  deleteOrder: 'tracking.orders.delete',
  classify: 'tracking.orders.classify',
  documentFile: 'tracking.documents.file',
  /** The files of orders' documents of some types (My DOC attachments; system callers). */
  orderDocumentFiles: 'tracking.documents.order-files',
  addDocument: 'tracking.documents.add',
  deleteDocument: 'tracking.documents.delete',
  deletePods: 'tracking.documents.delete-pods',
  /** A cold-chain certificate of the order from fever's probes, stored as its COLD_CHAIN document (issue 16). */
  coldChainCertificate: 'tracking.documents.cold-chain',
  tracerSetStatus: 'tracking.tracerroute.set-status',
  tracerAddEvent: 'tracking.tracerroute.add-event',
  tracerCarrierInfo: 'tracking.tracerroute.carrier-info',
  tracerPodFiles: 'tracking.tracerroute.pod-files',
  tracerMarkDelivered: 'tracking.tracerroute.mark-delivered',
  tracerCounts: 'tracking.tracerroute.counts',
  serials: 'tracking.serials.search',
  profilesList: 'tracking.profiles.list',
  profileSave: 'tracking.profiles.save',
  profileDelete: 'tracking.profiles.delete',
  figures: 'tracking.figures.get',
  carriersList: 'tracking.carriers.list',
  carrierSave: 'tracking.carriers.save',
  /** Public (no caller): `{ token }` -> PublicTrackingDto, or null for an unknown, hidden or malformed token alike. */
  publicTracking: 'tracking.public.lookup',
  /** System callers only: `{ orderIds }` -> PublicTrackingLinkDto[] of those still visible (the alert mails' links). */
  publicTrackingLinks: 'tracking.public.links',
  /** System callers only: OrderSnapshotPage after an order id (the alerts projection's catch-up). */
  orderSnapshots: 'tracking.orders.snapshots',
  health: 'tracking.health.check',
} as const;

export const TrackingEvents = {
  /** Payload: OrderStatusChangedEvent. */
  orderStatusChanged: 'tracking.order.status-changed',
  /** Payload: CarrierEventReportedEvent, one per carrier event with a status the webhook took (replays excluded). */
  carrierEventReported: 'tracking.carrier.event-reported',
  /**
   * Payload: OrderChangedEvent: an order was created or its matching fields changed without a status
   * change (a status change carries the same snapshot in OrderStatusChangedEvent.order).
   */
  orderChanged: 'tracking.order.changed',
  /** Payload: TracerEventAddedEvent, a Tracer Route event entered by hand (the carriers' own come as carrierEventReported). */
  tracerEventAdded: 'tracking.tracer.event-added',
} as const;

/**
 * What other services keep of an order to match it (the alerts service's projection): its scope,
 * references, transport, customer, articles and status, as tracking holds them after the change.
 */
export interface OrderSnapshot {
  orderId: number;
  depositorId: number;
  depositorCode: string;
  platformId: number | null;
  activityCode: string | null;
  storeCode: string | null;
  /** The delivery number (BL). */
  reference: string;
  orderReference: string | null;
  customerReference: string | null;
  slipNumber: string | null;
  carrierCode: string | null;
  tourCode: string | null;
  customerCode: string | null;
  /** The final recipient (VIP Premium mails them). */
  recipientName: string | null;
  recipientEmail: string | null;
  articleCodes: string[];
  status: number;
  tracerStatus: string;
  createdAt: string;
  promisedShippingAt: string | null;
  shippedAt: string | null;
  updatedAt: string;
  /** What the reports read besides (absent on events written before they were added). */
  parcelCount?: number;
  weightKg?: number | null;
  /** Destination country (ISO alpha-2). */
  country?: string | null;
  promisedDeliveryAt?: string | null;
  deliveredAt?: string | null;
  preparationEndedAt?: string | null;
  canceledAt?: string | null;
}

/** A page of snapshots in order id order; `next` is the cursor of the following page (null at the end). */
export interface OrderSnapshotPage {
  orders: OrderSnapshot[];
  next: number | null;
}

export interface OrderChangedEvent {
  order: OrderSnapshot;
}

/** A carrier reported a status for one of an order's parcels (through the signed carrier webhook). */
export interface CarrierEventReportedEvent {
  orderId: number;
  depositorId: number;
  reference: string;
  carrier: string;
  trackingNumber: string;
  status: CarrierEventStatus;
  at: string;
  note: string | null;
}

/** A user entered a Tracer Route event on an order (spec §3 Tracer Route event); its private note stays in tracking. */
export interface TracerEventAddedEvent {
  orderId: number;
  depositorId: number;
  reference: string;
  type: TracerEventType;
  at: string;
  carrierName: string | null;
  publicNote: string | null;
}

export interface OrderStatusChangedEvent {
  orderId: number;
  depositorId: number;
  depositorCode: string;
  reference: string;
  previousStatus: number | null;
  status: number;
  tracerStatus: string;
  source: 'feed' | 'carrier' | 'manual';
  at: string;
  /** The order after the change (absent on events written before snapshots existed). */
  order?: OrderSnapshot;
}
