import type { Classification, CustomsStatus, DocumentType, TracerEventType, TracerRouteStatusCode } from './statuses';

/** Filter of GET /api/orders (react-admin `filter` JSON). All keys optional, combined with AND. */
export interface OrderSearchFilter {
  /** Prefix of any reference: order, delivery (order reference), customer reference, slip, and tracking number (USER_TRACKER_NUMBER_SEARCH). */
  q?: string;
  zip?: string;
  town?: string;
  country?: string;
  depositor?: number | number[];
  /** ISO dates on the order date (created_at), inclusive from, exclusive to. */
  dateFrom?: string;
  dateTo?: string;
  slip?: string;
  serial?: string;
  lot?: string;
  customer?: string;
  article?: string;
  status?: number | number[];
  tracerStatus?: TracerRouteStatusCode | TracerRouteStatusCode[];
}

export interface OrderSearchRequest {
  filter?: OrderSearchFilter;
  range?: [number, number];
  sort?: [string, 'ASC' | 'DESC'];
  /** Keyset cursor from the previous page's X-Next-Cursor header. */
  cursor?: string;
}

export interface OrderSummaryDto {
  id: number;
  depositorId: number;
  depositorCode: string;
  reference: string;
  customerReference: string | null;
  orderReference: string | null;
  slipNumber: string | null;
  status: number;
  tracerStatus: TracerRouteStatusCode;
  carrierCode: string | null;
  carrierName: string | null;
  recipientName: string | null;
  recipientCompany: string | null;
  zip: string | null;
  town: string | null;
  country: string | null;
  parcelCount: number;
  createdAt: string;
  shippedAt: string | null;
  promisedDeliveryAt: string | null;
  deliveredAt: string | null;
}

export interface OrderSearchPage {
  items: OrderSummaryDto[];
  from: number;
  to: number;
  /** Cursor of the next page, null when this page is the last. */
  nextCursor: string | null;
}

/** Tracer Route tab counts: the deliveries of the search in each shown status (every status present, 0 included). */
export interface TracerStatusCountsDto {
  counts: Record<TracerRouteStatusCode, number>;
  total: number;
}

export interface PartyDto {
  company?: string | null;
  name?: string | null;
  address1?: string | null;
  address2?: string | null;
  zip?: string | null;
  town?: string | null;
  country?: string | null;
  phone?: string | null;
  email?: string | null;
  customerCode?: string | null;
}

export interface OrderDatesDto {
  receivedAt: string | null;
  sampledAt: string | null;
  packedAt: string | null;
  shippingValidatedAt: string | null;
  shippedAt: string | null;
  promisedShippingAt: string | null;
  promisedDeliveryAt: string | null;
  deliveredAt: string | null;
  preparationEndedAt: string | null;
  canceledAt: string | null;
  notDefinitivelyDeliveredAt: string | null;
}

export interface OrderLineDto {
  lineNo: number;
  articleReference: string;
  label: string | null;
  quantityOrdered: number;
  quantitySent: number;
  lot: string | null;
  bestBefore: string | null;
  serials: string[];
}

export interface ParcelDto {
  number: number;
  trackingNumber: string | null;
  status: number;
  weightKg: number | null;
  packaging: string | null;
}

export interface DocumentDto {
  id: string;
  type: DocumentType;
  name: string;
  contentType: string | null;
  size: number | null;
  createdAt: string;
  /** Uploaded by this user (USER_DELETE_OWN_DOCUMENT), null for feed and generated documents. */
  createdBy: number | null;
  /** Uploaded by the caller: what USER_DELETE_OWN_DOCUMENT may delete. */
  mine: boolean;
  /** Gateway path that streams the file. */
  url: string;
}

export interface StatusHistoryDto {
  status: number;
  /** Set when the entry is a Tracer Route status change (the tracking status stays `status`). */
  tracerStatus?: TracerRouteStatusCode | null;
  at: string;
  source: 'feed' | 'carrier' | 'manual';
  comment: string | null;
}

export interface TracerEventDto {
  id: number;
  type: TracerEventType | null;
  carrierStatus: string | null;
  carrierName: string | null;
  appointmentAt: string | null;
  eventAt: string;
  publicNote: string | null;
  /** Only for its author and ADMIN. */
  privateNote: string | null;
  source: 'carrier' | 'manual';
}

export interface OrderDetailDto extends OrderSummaryDto {
  platformId: number | null;
  activityCode: string | null;
  tourCode: string | null;
  weightKg: number | null;
  provisionalWeightKg: number | null;
  insuranceAmount: number | null;
  customsStatus: CustomsStatus | null;
  sender: PartyDto | null;
  recipient: PartyDto;
  dates: OrderDatesDto;
  trackingNumbers: string[];
  lines: OrderLineDto[];
  parcels: ParcelDto[];
  packaging: { type: string; count: number }[];
  documents: DocumentDto[];
  history: StatusHistoryDto[];
  tracerEvents: TracerEventDto[];
  /** The recipient's public tracking page is `/suivi/<publicToken>` (revoked when the order is hidden). */
  publicToken: string;
}

export interface ClassifyRequest {
  orderId: number;
  as: Classification;
  /** ISO date, at least MANUAL_DELIVERY_MIN_AGE_MINUTES in the past. */
  at: string;
  comment?: string;
  /** true: kept with the order for the provider only; false: attached to the public timeline. */
  commentPrivate?: boolean;
  /** A POD file already written to storage by the gateway. */
  pod?: StoredFileRef;
}

export interface StoredFileRef {
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/** What the gateway needs to stream a stored file. */
export interface DocumentFileDto {
  key: string;
  name: string;
  contentType: string;
}

/** A document's file with its order (TrackingSubjects.orderDocumentFiles). */
export interface OrderDocumentFileDto extends DocumentFileDto {
  orderId: number;
  documentId: string;
  type: DocumentType;
}

export interface SerialHitDto {
  serial: string | null;
  lot: string | null;
  articleReference: string;
  orderId: number;
  reference: string;
  depositorCode: string;
  status: number;
  createdAt: string;
  shippedAt: string | null;
  deliveredAt: string | null;
  recipient: PartyDto;
}

/** A Serial Tracker answer: the newest hits (at most SERIAL_SEARCH_MAX) and how many match in all. */
export interface SerialSearchPage {
  items: SerialHitDto[];
  total: number;
}

export interface SearchProfileDto {
  id: number;
  name: string;
  filter: OrderSearchFilter;
  shared: boolean;
  isDefault: boolean;
  ownerUserId: number;
  depositorIds: number[];
  mine: boolean;
}

export interface FeedResultDto {
  /** Orders created or changed. */
  applied: number;
  /** Orders identical to what is stored (a replayed message). */
  unchanged: number;
  rejected: { index: number; reference: string | null; key: string; fields?: Record<string, string> }[];
}

/**
 * One order of the tracking feed (POST /feed/tracking/orders), as the warehouse system or another
 * service (Huby's labelled shipments) sends it. Dates are ISO 8601; absent fields keep their stored value.
 */
export interface FeedOrderMessage {
  reference: string;
  depositorId: number;
  depositorCode: string;
  createdAt: string;
  customerReference?: string | null;
  orderReference?: string | null;
  slipNumber?: string | null;
  tourCode?: string | null;
  platformId?: number | null;
  carrier?: { code?: string | null; name?: string | null };
  weightKg?: number | null;
  insuranceAmount?: number | null;
  /** Stored as it comes: who ships (a Huby shipment names itself here with `hubyUuid`). */
  sender?: Record<string, unknown> | null;
  recipient?: PartyDto;
  dates?: Partial<
    Record<
      'receivedAt' | 'shippingValidatedAt' | 'shippedAt' | 'promisedShippingAt' | 'promisedDeliveryAt' | 'deliveredAt' | 'canceledAt',
      string | null
    >
  >;
  parcels?: { trackingNumber?: string | null; status?: number; weightKg?: number | null; packaging?: string | null }[];
  statuses?: { status: number; at: string }[];
  /** Documents of the order; a base64 content is stored with it (a name already stored keeps its file). */
  documents?: { type: DocumentType; name: string; contentBase64?: string | null }[];
}
