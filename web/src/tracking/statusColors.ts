import { TrackingStatus, type TracerRouteStatusCode } from '@portal/contracts';

export type ChipColor = 'default' | 'info' | 'primary' | 'success' | 'warning' | 'error';

/** Colour of a §4 tracking status: still at the warehouse, on its way, a problem, delivered. */
export function trackingStatusColor(status: number): ChipColor {
  switch (status) {
    case TrackingStatus.Canceled:
      return 'default';
    case TrackingStatus.Delivered:
      return 'success';
    case TrackingStatus.DeliveryAnomaly:
      return 'error';
    case TrackingStatus.ReturnedToSender:
    case TrackingStatus.ReturnedToShipper:
    case TrackingStatus.PartiallyDelivered:
    case TrackingStatus.Multiple:
      return 'warning';
    case TrackingStatus.Shipped:
    case TrackingStatus.InTransit:
      return 'primary';
    default:
      return 'info';
  }
}

const TRACER_COLORS: Record<TracerRouteStatusCode, ChipColor> = {
  WAITING: 'default',
  SHIPPED: 'primary',
  SHIPPED_NO_CARRIER_INFO: 'warning',
  CARRIER_IN_PROGRESS: 'primary',
  SENDER_RETURN: 'warning',
  LATE: 'error',
  DELIVERED: 'success',
  DELIVERED_PARTIAL: 'warning',
  DELIVERED_DAMAGED: 'warning',
  ANOMALY: 'error',
  ANOMALY_CARRIER: 'error',
};

export const tracerStatusColor = (status: TracerRouteStatusCode): ChipColor => TRACER_COLORS[status] ?? 'default';
