import { TrackingStatus, type TracerRouteStatusCode } from '@portal/contracts';

/** The Tracer Route status a tracking status (spec §4) puts a delivery in. */
export function tracerStatusOf(status: number, hasTrackingNumber: boolean): TracerRouteStatusCode {
  switch (status) {
    case TrackingStatus.Shipped:
      return hasTrackingNumber ? 'SHIPPED' : 'SHIPPED_NO_CARRIER_INFO';
    case TrackingStatus.InTransit:
    case TrackingStatus.Multiple:
      return 'CARRIER_IN_PROGRESS';
    case TrackingStatus.ReturnedToSender:
    case TrackingStatus.ReturnedToShipper:
      return 'SENDER_RETURN';
    case TrackingStatus.DeliveryAnomaly:
      return 'ANOMALY';
    case TrackingStatus.PartiallyDelivered:
      return 'DELIVERED_PARTIAL';
    case TrackingStatus.Delivered:
      return 'DELIVERED';
    default:
      return 'WAITING';
  }
}

/** SQL twin of tracerStatusOf, for set-based updates (`$s` the status, `$t` whether tracking numbers exist). */
export const TRACER_STATUS_SQL = (s: string, t: string): string => `CASE ${s}
  WHEN 90 THEN CASE WHEN ${t} THEN 'SHIPPED' ELSE 'SHIPPED_NO_CARRIER_INFO' END
  WHEN 95 THEN 'CARRIER_IN_PROGRESS' WHEN 99 THEN 'CARRIER_IN_PROGRESS'
  WHEN 96 THEN 'SENDER_RETURN' WHEN 106 THEN 'SENDER_RETURN'
  WHEN 97 THEN 'ANOMALY' WHEN 98 THEN 'DELIVERED_PARTIAL' WHEN 100 THEN 'DELIVERED'
  ELSE 'WAITING' END`;

/** The status shown to users: an open delivery past its promised date is LATE (computed, never stored). */
export const SHOWN_TRACER_STATUS_SQL = (alias: string): string =>
  `CASE WHEN ${alias}.tracer_status IN ('WAITING','SHIPPED','SHIPPED_NO_CARRIER_INFO','CARRIER_IN_PROGRESS') AND ${alias}.status >= 0 AND ${alias}.promised_delivery_at < now() THEN 'LATE' ELSE ${alias}.tracer_status END`;
