/** Spec §4 tracking statuses of an order or delivery, by code. */
export const TrackingStatus = {
  Canceled: -1,
  BeingReceived: 0,
  ReceivedAtPlatform: 5,
  AwaitingPreparation: 10,
  WaitingHazardous: 11,
  Picking: 30,
  Packing: 50,
  PreparationEnded: 60,
  CustomsInProgress: 65,
  ReadyToShip: 70,
  CustomsClearedReadyToShip: 71,
  Shipped: 90,
  InTransit: 95,
  ReturnedToSender: 96,
  DeliveryAnomaly: 97,
  PartiallyDelivered: 98,
  Multiple: 99,
  Delivered: 100,
  ReturnedToShipper: 106,
} as const;
export type TrackingStatusCode = (typeof TrackingStatus)[keyof typeof TrackingStatus];
export const TRACKING_STATUS_CODES = Object.values(TrackingStatus) as TrackingStatusCode[];

/** Spec §4 Tracer Route statuses (LATE is computed from the promised delivery date, never stored). */
export const TracerRouteStatus = {
  Waiting: 'WAITING',
  Shipped: 'SHIPPED',
  ShippedWithoutCarrierInfo: 'SHIPPED_NO_CARRIER_INFO',
  CarrierInProgress: 'CARRIER_IN_PROGRESS',
  SenderReturn: 'SENDER_RETURN',
  Late: 'LATE',
  Delivered: 'DELIVERED',
  DeliveredPartial: 'DELIVERED_PARTIAL',
  DeliveredWithDamage: 'DELIVERED_DAMAGED',
  Anomaly: 'ANOMALY',
  AnomalyCarrier: 'ANOMALY_CARRIER',
} as const;
export type TracerRouteStatusCode = (typeof TracerRouteStatus)[keyof typeof TracerRouteStatus];
export const TRACER_ROUTE_STATUSES = Object.values(TracerRouteStatus) as TracerRouteStatusCode[];
/** Statuses still on their way: they become LATE once the promised delivery date is past. */
export const TRACER_ROUTE_OPEN_STATUSES: TracerRouteStatusCode[] = ['WAITING', 'SHIPPED', 'SHIPPED_NO_CARRIER_INFO', 'CARRIER_IN_PROGRESS'];

/** Spec §3 Tracer Route event types. */
export const TRACER_EVENT_TYPES = [
  'WRONG_ADDRESS',
  'BACK_TO_SENDER',
  'REFUSED',
  'DELIVERY_ANOMALY',
  'ORDER_INFO',
  'LITIGATION_IN_PROGRESS',
  'EXPECTED_DELIVERY_ON',
  'DELIVERY_REFUSED',
  'NEW_APPOINTMENT',
  'APPOINTMENT_BY_RECIPIENT',
  'APPOINTMENT_BY_SENDER',
] as const;
export type TracerEventType = (typeof TRACER_EVENT_TYPES)[number];

/** Spec §3 document types of an order. */
export const DOCUMENT_TYPES = [
  'DELIVERY_NOTE',
  'PACKING_LIST',
  'MASTER_PACKING_LIST',
  'PACKING_LIST_XLS',
  'MASTER_PACKING_LIST_XLS',
  'FLASH',
  'POD',
  'INVOICE',
  'ECS_IN',
  'ECS_OUT',
  'LQ',
  'ADR',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Spec §3 customs status: BAE (customs release) obtained, waiting, not needed. */
export const CUSTOMS_STATUSES = ['BAE_OBTAINED', 'WAITING', 'NOT_NEEDED'] as const;
export type CustomsStatus = (typeof CUSTOMS_STATUSES)[number];

/** Spec §4 manual classification of a delivery. */
export const CLASSIFICATIONS = ['delivered', 'anomaly', 'returned'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

/** What a carrier webhook event may report about the delivery. */
export const CARRIER_EVENT_STATUSES = [
  'PICKED_UP',
  'IN_TRANSIT',
  'DELIVERED',
  'DELIVERED_PARTIAL',
  'DELIVERED_DAMAGED',
  'ANOMALY',
  'RETURNED',
] as const;
export type CarrierEventStatus = (typeof CARRIER_EVENT_STATUSES)[number];
