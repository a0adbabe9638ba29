import type { DemoOrder } from '@portal/demo';
import { TrackingStatus } from '@portal/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A realistic status history (spec §4 codes) of a demo order, from reception to its outcome. */
export function demoTimeline(order: DemoOrder, now: Date): [number, Date][] {
  const t0 = order.createdAt.getTime();
  const steps: [number, Date][] = [[TrackingStatus.BeingReceived, order.createdAt]];
  const add = (status: number, at: number) => {
    if (at <= now.getTime()) steps.push([status, new Date(at)]);
  };
  if (order.outcome === 'canceled') {
    add(TrackingStatus.AwaitingPreparation, t0 + 20 * MINUTE);
    add(TrackingStatus.Canceled, t0 + 2 * HOUR);
    return steps;
  }
  const prep: [number, number][] = [
    [TrackingStatus.ReceivedAtPlatform, 10 * MINUTE],
    [TrackingStatus.AwaitingPreparation, 30 * MINUTE],
    [TrackingStatus.Picking, 90 * MINUTE],
    [TrackingStatus.Packing, 150 * MINUTE],
    [TrackingStatus.PreparationEnded, 170 * MINUTE],
    [TrackingStatus.ReadyToShip, 180 * MINUTE],
  ];
  // An order still in preparation stops at a step that depends on its age.
  const shippedAt = order.shippedAt?.getTime();
  for (const [status, offset] of prep) if (!shippedAt || t0 + offset < shippedAt) add(status, t0 + offset);
  if (!shippedAt) return steps;
  add(TrackingStatus.Shipped, shippedAt);
  add(TrackingStatus.InTransit, shippedAt + 6 * HOUR);
  const end = order.deliveredAt?.getTime() ?? shippedAt + 30 * HOUR;
  if (order.outcome === 'delivered') add(TrackingStatus.Delivered, end);
  if (order.outcome === 'partial') add(TrackingStatus.PartiallyDelivered, end);
  if (order.outcome === 'anomaly') add(TrackingStatus.DeliveryAnomaly, end);
  if (order.outcome === 'returned') {
    add(TrackingStatus.DeliveryAnomaly, end);
    add(TrackingStatus.ReturnedToSender, end + 48 * HOUR);
  }
  return steps;
}
