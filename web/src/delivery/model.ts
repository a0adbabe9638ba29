import {
  hasAnyRole,
  MANUAL_DELIVERY_MIN_AGE_MINUTES,
  Role,
  TrackingStatus,
  type Classification,
  type DocumentDto,
  type OrderDetailDto,
  type StatusHistoryDto,
  type TracerEventDto,
  type TracerEventType,
  type TracerRouteStatusCode,
} from '@portal/contracts';

/** The pure rules of the delivery detail: timeline, problems, rights, quantities. The page only renders them. */

/** One row of the status timeline: a status change or a Tracer Route event. */
export type TimelineEntry = ({ kind: 'status' } & StatusHistoryDto) | ({ kind: 'event'; at: string } & TracerEventDto);

/**
 * History entries and Tracer Route events in one list, newest first (what happened last is what the
 * customer asks about); at the same time, the event the carrier reported before the status it caused.
 */
export function mergeTimeline(history: StatusHistoryDto[], events: TracerEventDto[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...history.map((h) => ({ kind: 'status' as const, ...h })),
    ...events.map((e) => ({ kind: 'event' as const, ...e, at: e.eventAt })),
  ];
  return entries
    .map((entry, index) => ({ entry, index, time: Date.parse(entry.at) }))
    .sort((a, b) => b.time - a.time || b.index - a.index)
    .map(({ entry }) => entry);
}

/** Event types a carrier or a user reports when a delivery goes wrong. */
const TROUBLE_EVENT_TYPES: TracerEventType[] = [
  'WRONG_ADDRESS',
  'BACK_TO_SENDER',
  'REFUSED',
  'DELIVERY_ANOMALY',
  'LITIGATION_IN_PROGRESS',
  'DELIVERY_REFUSED',
];
const TROUBLE_CARRIER_STATUSES = ['ANOMALY', 'RETURNED', 'DELIVERED_DAMAGED', 'DELIVERED_PARTIAL'];
const PROBLEM_STATUSES: number[] = [
  TrackingStatus.ReturnedToSender,
  TrackingStatus.DeliveryAnomaly,
  TrackingStatus.PartiallyDelivered,
  TrackingStatus.ReturnedToShipper,
];
/** Tracer Route statuses that say more than the tracking status (damage, carrier anomaly). */
const PROBLEM_TRACER_STATUSES: TracerRouteStatusCode[] = [
  'DELIVERED_DAMAGED',
  'ANOMALY_CARRIER',
  'ANOMALY',
  'SENDER_RETURN',
  'DELIVERED_PARTIAL',
];

export type Problem =
  | { kind: 'late'; severity: 'warning'; promisedAt: string | null }
  | { kind: 'deliveredLate'; severity: 'info'; promisedAt: string; deliveredAt: string }
  | { kind: 'status'; severity: 'error'; status: number }
  | { kind: 'tracerStatus'; severity: 'error'; tracerStatus: TracerRouteStatusCode }
  | { kind: 'carrierEvent'; severity: 'warning'; event: TracerEventDto }
  | { kind: 'customsWaiting'; severity: 'info' }
  | { kind: 'shortfall'; severity: 'warning'; lines: number };

/** Has the order left the warehouse (so that sent quantities are final)? */
export const isShipped = (o: Pick<OrderDetailDto, 'status' | 'shippedAt'>): boolean =>
  o.status !== TrackingStatus.Canceled && (o.shippedAt !== null || o.status >= TrackingStatus.Shipped);

/** Lines shipped short: sent < ordered, once the order has shipped. */
export function shortLines(o: Pick<OrderDetailDto, 'status' | 'shippedAt' | 'lines'>): Set<number> {
  if (!isShipped(o)) return new Set();
  return new Set(o.lines.filter((l) => l.quantitySent < l.quantityOrdered).map((l) => l.lineNo));
}

/**
 * What is wrong with a delivery, from its own data (the My VIP alert rules join when the alerts
 * module exists): late against the promised date, anomaly and return statuses, carrier trouble
 * events, customs release still awaited, lines shipped short.
 */
export function deliveryProblems(o: OrderDetailDto, now = new Date()): Problem[] {
  const problems: Problem[] = [];
  const promised = o.promisedDeliveryAt ?? o.dates.promisedDeliveryAt;
  const delivered = o.deliveredAt ?? o.dates.deliveredAt;
  // The status says whether the delivery is still on its way (a delivery date may be announced ahead).
  const open = o.status >= TrackingStatus.BeingReceived && o.status <= TrackingStatus.InTransit;
  if (o.tracerStatus === 'LATE' || (open && promised && Date.parse(promised) < now.getTime())) {
    problems.push({ kind: 'late', severity: 'warning', promisedAt: promised });
  } else if (!open && promised && delivered && Date.parse(delivered) > Date.parse(promised) && Date.parse(delivered) <= now.getTime()) {
    problems.push({ kind: 'deliveredLate', severity: 'info', promisedAt: promised, deliveredAt: delivered });
  }
  const statusProblem = PROBLEM_STATUSES.includes(o.status);
  if (statusProblem) problems.push({ kind: 'status', severity: 'error', status: o.status });
  const tracerAddsSomething = o.tracerStatus === 'DELIVERED_DAMAGED' || o.tracerStatus === 'ANOMALY_CARRIER' || !statusProblem;
  if (PROBLEM_TRACER_STATUSES.includes(o.tracerStatus) && tracerAddsSomething) {
    problems.push({ kind: 'tracerStatus', severity: 'error', tracerStatus: o.tracerStatus });
  }
  for (const event of o.tracerEvents) {
    const trouble =
      (event.type !== null && TROUBLE_EVENT_TYPES.includes(event.type)) ||
      (event.carrierStatus !== null && TROUBLE_CARRIER_STATUSES.includes(event.carrierStatus));
    if (trouble) problems.push({ kind: 'carrierEvent', severity: 'warning', event });
  }
  if (o.customsStatus === 'WAITING') problems.push({ kind: 'customsWaiting', severity: 'info' });
  const short = shortLines(o).size;
  if (short) problems.push({ kind: 'shortfall', severity: 'warning', lines: short });
  return problems;
}

/** Spec §4 manual classification: which outcomes the delivery's status still allows (as the service decides). */
export function allowedClassifications(status: number): Classification[] {
  if (status < TrackingStatus.Shipped || status === TrackingStatus.Delivered) return [];
  const allowed: Classification[] = ['delivered'];
  if (status !== TrackingStatus.DeliveryAnomaly) allowed.push('anomaly');
  if (status !== TrackingStatus.ReturnedToSender && status !== TrackingStatus.ReturnedToShipper) allowed.push('returned');
  return allowed;
}

/**
 * Spec §6 delete rights: a POD needs USER_DELETE_POD; another document its own right: any, or own
 * (`mine`: uploaded by this user, as the API says). Documents of the warehouse feed and generated ones
 * (`createdBy` null) are never deleted from the portal.
 */
export function canDeleteDocument(doc: DocumentDto, roles: readonly string[]): boolean {
  if (doc.createdBy === null) return false;
  if (doc.type === 'POD') return hasAnyRole(roles, [Role.USER_DELETE_POD]);
  if (hasAnyRole(roles, [Role.USER_DELETE_ANY_DOCUMENT])) return true;
  return doc.mine && hasAnyRole(roles, [Role.USER_DELETE_OWN_DOCUMENT]);
}

/** What the user may do on the delivery (buttons are hidden otherwise; the server checks again). */
export function deliveryRights(roles: readonly string[]) {
  return {
    download: hasAnyRole(roles, [Role.PGT_USER, Role.TRACERROUTE_USER]),
    addDocument: hasAnyRole(roles, [Role.USER_ADD_DOCUMENT]),
    removePods: hasAnyRole(roles, [Role.USER_DELETE_POD]),
    classify: hasAnyRole(roles, [Role.USER_MANUAL_DELIVERED_STATUS]),
    deleteLine: hasAnyRole(roles, [Role.USER_DELETE_TRACKING_LINE]),
  };
}

/**
 * The cold-chain certificate button (issue 16): for Pack and Go Tracer users, on an order with a
 * platform. Whether its zone has probes is fever's to say (coldChainNoProbes), not guessed here.
 */
export const canRequestColdChain = (order: Pick<OrderDetailDto, 'platformId'>, roles: readonly string[]): boolean =>
  order.platformId !== null && hasAnyRole(roles, [Role.PGT_USER]);

/** Spec §5: a manual delivery date is at least MANUAL_DELIVERY_MIN_AGE_MINUTES in the past. */
export function isOldEnough(at: Date, now = new Date()): boolean {
  return at.getTime() <= now.getTime() - MANUAL_DELIVERY_MIN_AGE_MINUTES * 60_000;
}
