import { TrackingStatus, type OrderDetailDto } from '@portal/contracts';
import { deliveryProblems } from './model';

/** The four milestones a customer follows, in order (spec §4 statuses grouped). */
export const PROGRESS_STEPS = ['ordered', 'prepared', 'shipped', 'delivered'] as const;
export type ProgressStepName = (typeof PROGRESS_STEPS)[number];

export interface ProgressStep {
  step: ProgressStepName;
  reached: boolean;
  /** When it was first reached (null when reached without a dated status, or not reached). */
  at: string | null;
}

/** What interrupts or qualifies the course: shown on the step where it happened. */
export type ProgressTrouble = { kind: 'canceled' | 'anomaly' | 'returned' | 'partial'; at: string | null };

export interface DeliveryProgress {
  steps: ProgressStep[];
  /** Index of the furthest step reached (the current one). */
  current: number;
  trouble: ProgressTrouble | null;
  promisedAt: string | null;
  /** 'late': still on its way past the promised date; 'deliveredLate': delivered after it. */
  lateness: 'late' | 'deliveredLate' | null;
}

const PREPARED: number[] = [
  TrackingStatus.PreparationEnded,
  TrackingStatus.CustomsInProgress,
  TrackingStatus.ReadyToShip,
  TrackingStatus.CustomsClearedReadyToShip,
];
const DELIVERED: number[] = [TrackingStatus.Delivered, TrackingStatus.PartiallyDelivered];
const RETURNED: number[] = [TrackingStatus.ReturnedToSender, TrackingStatus.ReturnedToShipper];

/**
 * The progress summary of a delivery (ordered → prepared → shipped → delivered) from its status
 * history and dates: each step reached with the date it was first reached, the current one, what
 * went wrong (canceled, anomaly, return, partial delivery) and the promised delivery date.
 */
export function deliveryProgress(order: OrderDetailDto, now = new Date()): DeliveryProgress {
  const history = [...order.history].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const firstAt = (match: (status: number) => boolean) => history.find((h) => match(h.status))?.at ?? null;
  const lastAt = (match: (status: number) => boolean) => [...history].reverse().find((h) => match(h.status))?.at ?? null;
  const status = order.status;
  const canceled = status === TrackingStatus.Canceled;

  const shippedAt = firstAt((s) => s >= TrackingStatus.Shipped) ?? order.shippedAt ?? order.dates.shippedAt;
  const shipped = !canceled && (status >= TrackingStatus.Shipped || shippedAt !== null);
  const preparedAt = firstAt((s) => PREPARED.includes(s)) ?? order.dates.preparationEndedAt;
  const prepared = !canceled && (shipped || PREPARED.includes(status) || preparedAt !== null);
  const delivered = DELIVERED.includes(status);
  const deliveredAt = delivered ? (lastAt((s) => DELIVERED.includes(s)) ?? order.deliveredAt ?? order.dates.deliveredAt) : null;

  const steps: ProgressStep[] = [
    { step: 'ordered', reached: true, at: order.createdAt },
    { step: 'prepared', reached: prepared, at: prepared ? preparedAt : null },
    { step: 'shipped', reached: shipped, at: shipped ? shippedAt : null },
    { step: 'delivered', reached: delivered, at: deliveredAt },
  ];
  const problems = deliveryProblems(order, now);
  const lateness = problems.some((p) => p.kind === 'late')
    ? 'late'
    : problems.some((p) => p.kind === 'deliveredLate')
      ? 'deliveredLate'
      : null;
  return {
    steps,
    current: steps.reduce((last, s, i) => (s.reached ? i : last), 0),
    trouble: troubleOf(order, lastAt),
    promisedAt: order.promisedDeliveryAt ?? order.dates.promisedDeliveryAt,
    lateness,
  };
}

function troubleOf(order: OrderDetailDto, lastAt: (match: (status: number) => boolean) => string | null): ProgressTrouble | null {
  const status = order.status;
  if (status === TrackingStatus.Canceled)
    return { kind: 'canceled', at: lastAt((s) => s === TrackingStatus.Canceled) ?? order.dates.canceledAt };
  if (RETURNED.includes(status)) return { kind: 'returned', at: lastAt((s) => RETURNED.includes(s)) };
  if (status === TrackingStatus.DeliveryAnomaly) return { kind: 'anomaly', at: lastAt((s) => s === TrackingStatus.DeliveryAnomaly) };
  if (order.tracerStatus === 'ANOMALY_CARRIER' || order.tracerStatus === 'DELIVERED_DAMAGED') return { kind: 'anomaly', at: null };
  if (status === TrackingStatus.PartiallyDelivered) return { kind: 'partial', at: lastAt((s) => s === TrackingStatus.PartiallyDelivered) };
  return null;
}
