import { randomUUID } from 'node:crypto';
import {
  AdminSubjects,
  AlertsEvents,
  ClaimsEvents,
  FeverOwnEvents,
  HubyEvents,
  StockEvents,
  StockSubjects,
  TrackingEvents,
  TrackingSubjects,
  type DomainEvent,
  type OrderSnapshot,
  type StockLineRecord,
  type StockMovementRecord,
} from '@portal/contracts';
import type { BusTransport } from '@portal/bus';

/**
 * The small fixed data set of the reports' service tests (reports.service.spec.ts computes every
 * figure from it by hand): depositor 1's week of 2 to 8 March 2026 in Paris (UTC+1), with one order
 * of each fate, movements, stock lines, claims, Huby shipments, excursions, sent and failed alert mails,
 * and depositor 2's rows that depositor 1's users must never see. Orders 1, 3 and 5 are of activity
 * ECOM, 2 of B2B, 4 of none; orders 1 and 2 of store MAG1, 3 and 5 of MAG2; movement 3 of MAG2, the
 * others of MAG1 (for the callers narrowed to them).
 */
export const event = <T>(type: string, payload: T, occurredAt = '2026-03-01T00:00:00.000Z', id = randomUUID()): DomainEvent<T> => ({
  id,
  type,
  occurredAt,
  source: 'test',
  payload,
});

export function order(orderId: number, more: Partial<OrderSnapshot>): OrderSnapshot {
  return {
    orderId,
    depositorId: 1,
    depositorCode: 'DEMO-A',
    platformId: 1,
    activityCode: null,
    storeCode: null,
    reference: `BL${orderId}`,
    orderReference: null,
    customerReference: null,
    slipNumber: null,
    carrierCode: 'COLI',
    tourCode: 'T1',
    customerCode: 'C1',
    recipientName: null,
    recipientEmail: null,
    articleCodes: [],
    status: 10,
    tracerStatus: 'WAITING',
    createdAt: '2026-03-02T08:00:00.000Z',
    promisedShippingAt: null,
    shippedAt: null,
    updatedAt: '2026-03-07T00:00:00.000Z',
    parcelCount: 1,
    weightKg: 1,
    country: 'FR',
    promisedDeliveryAt: null,
    deliveredAt: null,
    preparationEndedAt: null,
    canceledAt: null,
    ...more,
  };
}

export const ORDERS: OrderSnapshot[] = [
  order(1, {
    activityCode: 'ECOM',
    storeCode: 'MAG1',
    parcelCount: 1,
    weightKg: 2.5,
    createdAt: '2026-03-02T08:00:00.000Z',
    preparationEndedAt: '2026-03-02T12:00:00.000Z',
    promisedShippingAt: '2026-03-02T16:00:00.000Z',
    shippedAt: '2026-03-02T15:00:00.000Z',
    promisedDeliveryAt: '2026-03-04T18:00:00.000Z',
    deliveredAt: '2026-03-03T15:00:00.000Z',
    status: 100,
    tracerStatus: 'DELIVERED',
  }),
  // 00:30 in Paris on 3 March, still 2 March in UTC.
  order(2, {
    activityCode: 'B2B',
    storeCode: 'MAG1',
    parcelCount: 2,
    weightKg: 4,
    createdAt: '2026-03-02T23:30:00.000Z',
    preparationEndedAt: '2026-03-04T08:00:00.000Z',
    promisedShippingAt: '2026-03-03T16:00:00.000Z',
    shippedAt: '2026-03-04T10:00:00.000Z',
    promisedDeliveryAt: '2026-03-05T18:00:00.000Z',
    deliveredAt: '2026-03-06T10:00:00.000Z',
    status: 100,
    tracerStatus: 'DELIVERED',
  }),
  order(3, {
    platformId: 2,
    activityCode: 'ECOM',
    storeCode: 'MAG2',
    carrierCode: 'DPD',
    tourCode: 'T2',
    country: 'BE',
    customerCode: 'C2',
    parcelCount: 3,
    weightKg: 10,
    createdAt: '2026-03-03T09:00:00.000Z',
    preparationEndedAt: '2026-03-03T11:00:00.000Z',
    promisedShippingAt: '2026-03-03T18:00:00.000Z',
    shippedAt: '2026-03-03T17:00:00.000Z',
    promisedDeliveryAt: '2026-03-05T18:00:00.000Z',
    status: 97,
    tracerStatus: 'ANOMALY',
  }),
  order(4, {
    carrierCode: 'DPD',
    tourCode: 'T2',
    country: 'BE',
    customerCode: 'C2',
    parcelCount: 1,
    weightKg: 1,
    createdAt: '2026-03-04T10:00:00.000Z',
    canceledAt: '2026-03-04T12:00:00.000Z',
    status: -1,
  }),
  order(5, {
    activityCode: 'ECOM',
    storeCode: 'MAG2',
    customerCode: 'C3',
    parcelCount: 5,
    weightKg: 20,
    createdAt: '2026-03-04T11:00:00.000Z',
    preparationEndedAt: '2026-03-04T14:00:00.000Z',
    shippedAt: '2026-03-04T16:00:00.000Z',
    status: 96,
    tracerStatus: 'SENDER_RETURN',
  }),
  // Depositor 2's, and one of depositor 1's outside the period.
  order(6, {
    depositorId: 2,
    depositorCode: 'DEMO-B',
    activityCode: 'ECOM',
    storeCode: 'MAG1',
    createdAt: '2026-03-02T10:00:00.000Z',
    shippedAt: '2026-03-02T15:00:00.000Z',
    deliveredAt: '2026-03-03T15:00:00.000Z',
    status: 100,
  }),
  order(7, { createdAt: '2026-03-10T10:00:00.000Z' }),
];

const movement = (
  id: number,
  reference: string,
  type: string,
  quantity: number,
  movedAt: string,
  more: Partial<StockMovementRecord> = {},
) => ({
  id,
  depositorId: 1,
  platformId: 1,
  storeCode: 'MAG1',
  reference,
  type,
  quantity,
  lot: null,
  movedAt,
  ...more,
});

export function movements(now: Date): StockMovementRecord[] {
  return [
    movement(1, 'A', 'entry', 50, '2026-03-02T09:00:00.000Z'),
    movement(2, 'A', 'exit', 10, '2026-03-02T23:30:00.000Z'),
    movement(3, 'B', 'exit', 4, '2026-03-03T10:00:00.000Z', { storeCode: 'MAG2' }),
    movement(4, 'B', 'inventory', -2, '2026-03-04T10:00:00.000Z'),
    movement(5, 'C', 'inventory', 3, '2026-03-04T11:00:00.000Z', { platformId: 2 }),
    movement(6, 'A', 'exit', 6, '2026-03-04T12:00:00.000Z'),
    movement(7, 'A', 'exit', 1, new Date(now.getTime() - 86_400_000).toISOString()),
    movement(8, 'Z', 'exit', 100, '2026-03-03T10:00:00.000Z', { depositorId: 2 }),
  ];
}

const stockLine = (id: number, more: Partial<StockLineRecord>): StockLineRecord => ({
  id,
  depositorId: 1,
  platformId: 1,
  storeCode: 'MAG1',
  reference: 'A',
  family: 'F1',
  lot: null,
  bestBefore: null,
  entryDate: null,
  unitPrice: null,
  stockValue: null,
  quantityInStock: 0,
  quantityReserved: 0,
  quantityBlocked: 0,
  quantityAvailable: 0,
  blockingCode: 'NO',
  ...more,
});

/** Depositor 1's stock on platforms 1 and 2 and depositor 2's on platform 1, dated from today (YYYY-MM-DD in Paris). */
export function stockLines(day: (shift: number) => string): StockLineRecord[] {
  return [
    stockLine(1, {
      lot: 'L-A1',
      bestBefore: day(10),
      entryDate: day(-10),
      unitPrice: 2,
      stockValue: 20,
      quantityInStock: 10,
      quantityReserved: 2,
      quantityAvailable: 8,
    }),
    stockLine(2, {
      storeCode: 'MAG2',
      reference: 'B',
      family: 'F2',
      lot: 'L-B1',
      bestBefore: day(-5),
      entryDate: day(-100),
      unitPrice: 5,
      stockValue: 50,
      quantityInStock: 10,
      quantityBlocked: 4,
      quantityAvailable: 6,
      blockingCode: 'BQ',
    }),
    stockLine(3, {
      platformId: 2,
      reference: 'C',
      entryDate: day(-400),
      unitPrice: 1,
      stockValue: 100,
      quantityInStock: 100,
      quantityAvailable: 100,
    }),
    stockLine(4, { depositorId: 2, reference: 'Z', quantityInStock: 999, quantityAvailable: 999, stockValue: 999 }),
  ];
}

export const claim = (uuid: string, depositorId: number, reason: string, to: 'sent' | 'closed', at: string) =>
  event(ClaimsEvents.statusChanged, {
    uuid,
    reference: `REC-${uuid.slice(0, 4)}`,
    depositorId,
    deliveryReference: 'BL1',
    from: to === 'sent' ? 'draft' : 'processed',
    to,
    kind: 'delivery',
    reason,
    by: 'alice',
    at,
  });

export const CLAIM_EVENTS = [
  claim('00000000-0000-4000-8000-00000000000a', 1, 'damaged_product', 'sent', '2026-03-02T10:00:00.000Z'),
  claim('00000000-0000-4000-8000-00000000000a', 1, 'damaged_product', 'closed', '2026-03-05T10:00:00.000Z'),
  claim('00000000-0000-4000-8000-00000000000b', 1, 'missing_product', 'sent', '2026-03-03T10:00:00.000Z'),
  claim('00000000-0000-4000-8000-00000000000c', 1, 'damaged_product', 'sent', '2026-03-04T10:00:00.000Z'),
  claim('00000000-0000-4000-8000-00000000000d', 2, 'other', 'sent', '2026-03-03T10:00:00.000Z'),
];

const shipment = (reference: string, carrier: string, parcels: number, canceledAt?: string) => ({
  reference,
  depositorId: 1,
  depositorCode: 'DEMO-A',
  createdAt: '2026-03-01T10:00:00.000Z',
  carrier: { code: carrier },
  parcels: Array.from({ length: parcels }, () => ({ trackingNumber: null })),
  ...(canceledAt ? { dates: { canceledAt } } : {}),
});

export const SHIPMENT_EVENTS = [
  event(HubyEvents.shipmentToTrack, shipment('H1', 'COLI', 2), '2026-03-02T10:00:00.000Z'),
  event(HubyEvents.shipmentToTrack, shipment('H2', 'DPD', 1), '2026-03-03T10:00:00.000Z'),
  event(HubyEvents.shipmentToTrack, shipment('H2', 'DPD', 1, '2026-03-04T10:00:00.000Z'), '2026-03-04T10:00:00.000Z'),
];

const excursion = (id: number, label: string, startedAt: string, durationMinutes: number) => ({
  id,
  probeId: id,
  zoneId: 1,
  kind: 'high',
  startedAt,
  endedAt: new Date(Date.parse(startedAt) + durationMinutes * 60_000).toISOString(),
  durationMinutes,
  peak: 9,
  threshold: 8,
  depositorId: 1,
  platformId: 1,
  mac: `00:00:00:00:00:0${id}`,
  label,
});

export const EXCURSION_EVENTS = [
  event(FeverOwnEvents.excursionEnded, excursion(1, 'Sonde A', '2026-03-02T10:00:00.000Z', 45)),
  event(FeverOwnEvents.excursionEnded, excursion(2, 'Sonde A', '2026-03-05T10:00:00.000Z', 15)),
  event(FeverOwnEvents.excursionEnded, excursion(3, 'Sonde B', '2026-03-03T10:00:00.000Z', 30)),
];

const alertMail = (type: string, depositorIds: number[], at: string) =>
  event(
    type,
    {
      alertId: 7,
      depositorIds,
      to: 'a@x',
      subject: 's',
      ...(type === AlertsEvents.mailFailed ? { attempts: 6, error: 'e' } : { attempts: 1 }),
    },
    at,
  );

/** Depositor 1: 2 March one sent; 3 March (Paris) two sent (one at 00:30) and two failed; one sent after the week. */
export const ALERT_MAIL_EVENTS = [
  alertMail(AlertsEvents.mailFailed, [1, 2], '2026-03-03T10:00:00.000Z'),
  alertMail(AlertsEvents.mailFailed, [1], '2026-03-03T11:00:00.000Z'),
  alertMail(AlertsEvents.mailSent, [1], '2026-03-02T09:00:00.000Z'),
  alertMail(AlertsEvents.mailSent, [1, 2], '2026-03-02T23:30:00.000Z'),
  alertMail(AlertsEvents.mailSent, [1], '2026-03-03T12:00:00.000Z'),
  alertMail(AlertsEvents.mailSent, [1], '2026-03-09T10:00:00.000Z'),
];

export const orderEvents = () => ORDERS.map((o) => event(TrackingEvents.orderChanged, { order: o }));
export const movementEvents = (now: Date) => [event(StockEvents.movementsRecorded, { movements: movements(now) })];

/** The stock and admin services as far as the reports ask them: the lines of a pair or by id (as they are now), the platforms' codes. */
export async function serveOwners(transport: BusTransport, lines: StockLineRecord[]): Promise<void> {
  await transport.serve(StockSubjects.linePages, async (raw) => {
    const { data } = raw as { data: { depositorId?: number; platformId?: number; ids?: number[] } };
    const found = lines.filter(
      (l) =>
        (data.depositorId === undefined || l.depositorId === data.depositorId) &&
        (data.platformId === undefined || l.platformId === data.platformId) &&
        (data.ids === undefined || data.ids.includes(l.id)),
    );
    const takenAt = Object.fromEntries(found.map((l) => [`${l.depositorId}/${l.platformId}`, '2026-11-01T00:00:00.000Z']));
    return { ok: true, data: { lines: found, takenAt, next: null } };
  });
  await transport.serve(AdminSubjects.platforms, async () => ({
    ok: true,
    data: [
      { id: 1, code: 'LYS1', label: 'Lyon', town: 'LYON' },
      { id: 2, code: 'ROI1', label: 'Roissy', town: 'ROISSY' },
    ],
  }));
  // Tracking's carriers: DPD has its name; COLI, unknown there, keeps its code.
  await transport.serve(TrackingSubjects.carriersList, async () => ({
    ok: true,
    data: [{ code: 'DPD', name: 'DPD France', trackingUrlTemplate: null }],
  }));
}

export const stockEvents = () => [
  event(StockEvents.linesReplaced, { depositorId: 1, platformId: 1, takenAt: '2026-11-01T00:00:00.000Z', lineCount: 2 }),
  event(StockEvents.linesReplaced, { depositorId: 1, platformId: 2, takenAt: '2026-11-01T00:00:00.000Z', lineCount: 1 }),
  event(StockEvents.linesReplaced, { depositorId: 2, platformId: 1, takenAt: '2026-11-01T00:00:00.000Z', lineCount: 1 }),
];
