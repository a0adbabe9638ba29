import { describe, expect, it } from 'vitest';
import { Role, type DocumentDto, type OrderDetailDto, type TracerEventDto } from '@portal/contracts';
import {
  allowedClassifications,
  canDeleteDocument,
  deliveryProblems,
  canRequestColdChain,
  deliveryRights,
  isOldEnough,
  mergeTimeline,
  shortLines,
} from './model';

const NOW = new Date('2026-11-20T12:00:00Z');

function order(patch: Partial<OrderDetailDto> = {}): OrderDetailDto {
  const base: OrderDetailDto = {
    id: 7,
    depositorId: 1,
    depositorCode: 'DEMO-A',
    reference: 'CMD1000007',
    customerReference: null,
    orderReference: 'BL1000007',
    slipNumber: null,
    status: 100,
    tracerStatus: 'DELIVERED',
    carrierCode: 'GLS',
    carrierName: 'GLS',
    recipientName: 'Jeanne Petit',
    recipientCompany: null,
    zip: '69003',
    town: 'LYON',
    country: 'FR',
    parcelCount: 1,
    createdAt: '2026-11-16T08:00:00Z',
    shippedAt: '2026-11-17T08:00:00Z',
    promisedDeliveryAt: '2026-11-19T18:00:00Z',
    deliveredAt: '2026-11-18T10:00:00Z',
    platformId: 1,
    activityCode: 'B2C',
    tourCode: 'T-GLS',
    weightKg: 2.4,
    provisionalWeightKg: 2.5,
    insuranceAmount: null,
    customsStatus: 'NOT_NEEDED',
    sender: null,
    recipient: { name: 'Jeanne Petit', town: 'LYON' },
    dates: {
      receivedAt: null,
      sampledAt: null,
      packedAt: null,
      shippingValidatedAt: null,
      shippedAt: '2026-11-17T08:00:00Z',
      promisedShippingAt: null,
      promisedDeliveryAt: '2026-11-19T18:00:00Z',
      deliveredAt: '2026-11-18T10:00:00Z',
      preparationEndedAt: null,
      canceledAt: null,
      notDefinitivelyDeliveredAt: null,
    },
    trackingNumbers: [],
    lines: [
      { lineNo: 1, articleReference: 'A1', label: null, quantityOrdered: 3, quantitySent: 3, lot: null, bestBefore: null, serials: [] },
    ],
    parcels: [],
    packaging: [],
    documents: [],
    history: [],
    tracerEvents: [],
    publicToken: 'Xq3v8LmT2pWn6RbK0cYd4Fh1',
  };
  return { ...base, ...patch };
}

const event = (patch: Partial<TracerEventDto>): TracerEventDto => ({
  id: 1,
  type: null,
  carrierStatus: null,
  carrierName: null,
  appointmentAt: null,
  eventAt: '2026-11-18T09:00:00Z',
  publicNote: null,
  privateNote: null,
  source: 'carrier',
  ...patch,
});

describe('status timeline', () => {
  it('merges history and Tracer Route events newest first, at the same time the event before the status', () => {
    const merged = mergeTimeline(
      [
        { status: 90, at: '2026-11-17T08:00:00Z', source: 'feed', comment: null },
        { status: 100, at: '2026-11-18T10:00:00Z', source: 'carrier', comment: 'OK' },
      ],
      [event({ id: 1, eventAt: '2026-11-18T10:00:00Z', carrierStatus: 'DELIVERED' }), event({ id: 2, eventAt: '2026-11-17T12:00:00Z' })],
    );
    expect(merged.map((e) => [e.kind, e.at])).toEqual([
      ['event', '2026-11-18T10:00:00Z'],
      ['status', '2026-11-18T10:00:00Z'],
      ['event', '2026-11-17T12:00:00Z'],
      ['status', '2026-11-17T08:00:00Z'],
    ]);
  });
});

describe('alerts that concern a delivery', () => {
  it('finds nothing on a delivery delivered in time', () => {
    expect(deliveryProblems(order(), NOW)).toEqual([]);
  });
  it('flags an open delivery past its promised date, and a late one the server already computed', () => {
    const open = order({
      status: 95,
      tracerStatus: 'CARRIER_IN_PROGRESS',
      deliveredAt: null,
      dates: { ...order().dates, deliveredAt: null },
    });
    expect(deliveryProblems(open, NOW)).toEqual([{ kind: 'late', severity: 'warning', promisedAt: '2026-11-19T18:00:00Z' }]);
    expect(deliveryProblems(open, new Date('2026-11-19T10:00:00Z'))).toEqual([]);
    expect(deliveryProblems({ ...open, tracerStatus: 'LATE' }, new Date('2026-11-19T10:00:00Z'))[0].kind).toBe('late');
    // A delivery date announced ahead does not make an order in transit delivered.
    expect(deliveryProblems({ ...open, deliveredAt: '2026-11-21T10:00:00Z' }, NOW).map((p) => p.kind)).toEqual(['late']);
  });
  it('says when a delivery arrived after its promised date', () => {
    const late = order({ deliveredAt: '2026-11-20T09:00:00Z' });
    expect(deliveryProblems(late, NOW)).toEqual([
      { kind: 'deliveredLate', severity: 'info', promisedAt: '2026-11-19T18:00:00Z', deliveredAt: '2026-11-20T09:00:00Z' },
    ]);
  });
  it('reports anomaly and return statuses once, and damage the tracking status does not say', () => {
    expect(deliveryProblems(order({ status: 97, tracerStatus: 'ANOMALY', deliveredAt: null }), NOW).map((p) => p.kind)).toEqual(['status']);
    expect(deliveryProblems(order({ status: 106, tracerStatus: 'SENDER_RETURN', deliveredAt: null }), NOW).map((p) => p.kind)).toEqual([
      'status',
    ]);
    expect(deliveryProblems(order({ tracerStatus: 'DELIVERED_DAMAGED' }), NOW)).toEqual([
      { kind: 'tracerStatus', severity: 'error', tracerStatus: 'DELIVERED_DAMAGED' },
    ]);
  });
  it('lists carrier trouble events, not the ordinary scans', () => {
    const events = [
      event({ id: 1, carrierStatus: 'IN_TRANSIT' }),
      event({ id: 2, type: 'WRONG_ADDRESS', source: 'manual' }),
      event({ id: 3, carrierStatus: 'ANOMALY' }),
      event({ id: 4, type: 'NEW_APPOINTMENT' }),
    ];
    const problems = deliveryProblems(order({ tracerEvents: events }), NOW);
    expect(problems.map((p) => (p.kind === 'carrierEvent' ? p.event.id : p.kind))).toEqual([2, 3]);
  });
  it('reports customs waiting for release and lines shipped short, once shipped', () => {
    const short = order({
      customsStatus: 'WAITING',
      lines: [
        { lineNo: 1, articleReference: 'A1', label: null, quantityOrdered: 3, quantitySent: 2, lot: null, bestBefore: null, serials: [] },
        { lineNo: 2, articleReference: 'A2', label: null, quantityOrdered: 1, quantitySent: 1, lot: null, bestBefore: null, serials: [] },
      ],
    });
    expect(deliveryProblems(short, NOW)).toEqual([
      { kind: 'customsWaiting', severity: 'info' },
      { kind: 'shortfall', severity: 'warning', lines: 1 },
    ]);
    expect([...shortLines(short)]).toEqual([1]);
    const preparing = { ...short, status: 30, shippedAt: null, customsStatus: null, deliveredAt: null, promisedDeliveryAt: null };
    expect(shortLines(preparing).size).toBe(0);
    expect(deliveryProblems({ ...preparing, dates: { ...preparing.dates, promisedDeliveryAt: null, deliveredAt: null } }, NOW)).toEqual([]);
  });
});

describe('manual classification', () => {
  it('allows what the service allows from each status', () => {
    expect(allowedClassifications(70)).toEqual([]);
    expect(allowedClassifications(-1)).toEqual([]);
    expect(allowedClassifications(100)).toEqual([]);
    expect(allowedClassifications(90)).toEqual(['delivered', 'anomaly', 'returned']);
    expect(allowedClassifications(97)).toEqual(['delivered', 'returned']);
    expect(allowedClassifications(96)).toEqual(['delivered', 'anomaly']);
    expect(allowedClassifications(106)).toEqual(['delivered', 'anomaly']);
  });
  it('wants the date at least 10 minutes in the past (spec §5)', () => {
    expect(isOldEnough(new Date(NOW.getTime() - 10 * 60_000), NOW)).toBe(true);
    expect(isOldEnough(new Date(NOW.getTime() - 9 * 60_000 - 59_000), NOW)).toBe(false);
    expect(isOldEnough(new Date(NOW.getTime() + 60_000), NOW)).toBe(false);
  });
});

describe('rights on the delivery (spec §6)', () => {
  const doc = (patch: Partial<DocumentDto>): DocumentDto => ({
    id: 'd1',
    type: 'INVOICE',
    name: 'f.pdf',
    contentType: 'application/pdf',
    size: 10,
    createdAt: '',
    createdBy: 5,
    mine: true,
    url: '',
    ...patch,
  });
  it('never offers to delete the warehouse’s documents', () => {
    expect(canDeleteDocument(doc({ createdBy: null }), [Role.ADMIN])).toBe(false);
    expect(canDeleteDocument(doc({ createdBy: null, type: 'POD' }), [Role.USER_DELETE_POD])).toBe(false);
  });
  it('needs USER_DELETE_POD for a POD, whoever added it', () => {
    expect(canDeleteDocument(doc({ type: 'POD' }), [Role.USER_DELETE_ANY_DOCUMENT, Role.USER_DELETE_OWN_DOCUMENT])).toBe(false);
    expect(canDeleteDocument(doc({ type: 'POD', createdBy: 9 }), [Role.USER_DELETE_POD])).toBe(true);
  });
  it('lets USER_DELETE_ANY_DOCUMENT delete any added document, USER_DELETE_OWN_DOCUMENT only one’s own', () => {
    expect(canDeleteDocument(doc({ createdBy: 9 }), [Role.USER_DELETE_ANY_DOCUMENT])).toBe(true);
    expect(canDeleteDocument(doc({ createdBy: 9, mine: false }), [Role.USER_DELETE_OWN_DOCUMENT])).toBe(false);
    expect(canDeleteDocument(doc({ createdBy: 5, mine: true }), [Role.USER_DELETE_OWN_DOCUMENT])).toBe(true);
    expect(canDeleteDocument(doc({ createdBy: 9 }), [Role.PGT_USER])).toBe(false);
  });
  it('shows no action button to a plain tracker user, all of them to ADMIN', () => {
    expect(deliveryRights([Role.PGT_USER])).toEqual({
      download: true,
      addDocument: false,
      removePods: false,
      classify: false,
      deleteLine: false,
    });
    expect(Object.values(deliveryRights([Role.ADMIN])).every(Boolean)).toBe(true);
    expect(deliveryRights([Role.SERIAL_USER]).download).toBe(false);
  });
  it('offers the cold-chain certificate to tracker users on an order with a platform', () => {
    expect(canRequestColdChain({ platformId: 12 }, [Role.PGT_USER])).toBe(true);
    expect(canRequestColdChain({ platformId: 12 }, [Role.ADMIN])).toBe(true);
    expect(canRequestColdChain({ platformId: null }, [Role.PGT_USER])).toBe(false);
    expect(canRequestColdChain({ platformId: 12 }, [Role.TRACERROUTE_USER, Role.FEVER_USER])).toBe(false);
  });
});
