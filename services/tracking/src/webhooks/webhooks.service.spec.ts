import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { depositorScope, TrackingSubjects, type OrderDetailDto, type OrderSearchPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { A, B, carrier, feedOrder, userOf, warehouse } from '../../test/fixtures';
import { setCarrierSecret } from '../demo/carrier-secrets';
import { TrackingServiceModule } from '../tracking.module';
import { sign } from './webhooks.service';

const SECRET = 'colissimo-test-secret';

describe('carrier webhooks', () => {
  let h: ServiceHarness;
  let db: Db;
  const send = (events: unknown[], options: { secret?: string; carrierCode?: string; body?: string } = {}) => {
    const body = options.body ?? JSON.stringify({ events });
    return h.call<{ received: number; applied: number }>(TrackingSubjects.carrierWebhook, carrier(), {
      carrier: options.carrierCode ?? 'colissimo',
      signature: sign(options.secret ?? SECRET, body),
      body,
    });
  };
  const detail = async (reference: string) => {
    const [row] = (await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, userOf([A, B]), { filter: { q: reference } })).items;
    return h.call<OrderDetailDto>(TrackingSubjects.orderDetail, userOf([A, B]), { id: row.id });
  };
  const tracerEvents = async () => Number((await db.system.query<{ n: string }>(`SELECT count(*) AS n FROM tracer_events`))[0].n);

  beforeAll(async () => {
    h = await startServices([TrackingServiceModule]);
    db = h.get<Db>(Db);
    await setCarrierSecret(db, 'COLISSIMO', SECRET);
    await h.call(TrackingSubjects.feedOrders, warehouse(), { orders: [feedOrder(1), feedOrder(2), feedOrder(3, { depositorId: B })] });
  });
  afterAll(() => h.close());

  it('adds carrier events and moves the statuses, once per carrier event id', async () => {
    const events = [
      { id: 'E1', trackingNumber: '6A00000000001', status: 'IN_TRANSIT', at: '2026-11-11T08:00:00Z', note: 'Pris en charge' },
      {
        id: 'E2',
        trackingNumber: '6A00000000001',
        status: 'DELIVERED',
        eventType: 'ORDER_INFO',
        at: '2026-11-12T10:00:00Z',
        note: 'Remis en main propre',
      },
    ];
    expect(await send(events)).toEqual({ received: 2, applied: 2 });
    const order = await detail('CMD1000001');
    expect(order).toMatchObject({ status: 100, tracerStatus: 'DELIVERED', deliveredAt: '2026-11-12T10:00:00.000Z' });
    expect(order.history.map((s) => [s.status, s.source])).toEqual([
      [0, 'feed'],
      [90, 'feed'],
      [95, 'carrier'],
      [100, 'carrier'],
    ]);
    expect(order.tracerEvents.map((e) => e.carrierStatus)).toEqual(['IN_TRANSIT', 'DELIVERED']);
    const reported = async () =>
      db.system.query<{ payload: { reference: string; status: string; trackingNumber: string; carrier: string } }>(
        `SELECT payload FROM outbox WHERE type = 'tracking.carrier.event-reported' ORDER BY occurred_at, payload->>'at'`,
      );
    // Each new event is published for the service that booked the shipment (Huby).
    expect((await reported()).map((r) => r.payload)).toEqual([
      expect.objectContaining({ reference: 'CMD1000001', status: 'IN_TRANSIT', trackingNumber: '6A00000000001', carrier: 'COLISSIMO' }),
      expect.objectContaining({ reference: 'CMD1000001', status: 'DELIVERED', trackingNumber: '6A00000000001', carrier: 'COLISSIMO' }),
    ]);
    expect(await send(events)).toEqual({ received: 2, applied: 0 });
    expect((await detail('CMD1000001')).history).toHaveLength(4);
    expect(await reported()).toHaveLength(2);
  });

  it('never takes a delivered order back with a late scan', async () => {
    await send([{ id: 'E3', trackingNumber: '6A00000000001', status: 'IN_TRANSIT', at: '2026-11-13T08:00:00Z' }]);
    expect((await detail('CMD1000001')).status).toBe(100);
  });

  it('marks a carrier anomaly and a return', async () => {
    await send([{ id: 'E4', trackingNumber: '6A00000000002', status: 'ANOMALY', eventType: 'WRONG_ADDRESS', at: '2026-11-11T08:00:00Z' }]);
    expect(await detail('CMD1000002')).toMatchObject({ status: 97, tracerStatus: 'ANOMALY_CARRIER' });
  });

  it('refuses a bad signature, an unknown carrier, a malformed body and an unknown tracking number, storing nothing', async () => {
    const before = await tracerEvents();
    const event = { id: 'X1', trackingNumber: '6A00000000002', status: 'DELIVERED', at: '2026-11-12T08:00:00Z' };
    await expect(send([event], { secret: 'wrong' })).rejects.toMatchObject({ key: 'invalidSignature' });
    await expect(send([event], { carrierCode: 'NOPE' })).rejects.toMatchObject({ key: 'unknownCarrier' });
    await expect(send([event], { carrierCode: '../x' })).rejects.toMatchObject({ key: 'unknownCarrier' });
    await expect(send([], { body: '{not json' })).rejects.toMatchObject({ key: 'malformedWebhook' });
    await expect(send([{ ...event, at: 'soon' }])).rejects.toMatchObject({
      key: 'malformedWebhook',
      fields: { 'events.0.at': 'invalidFormat' },
    });
    await expect(send([event, { ...event, id: 'X2', trackingNumber: 'UNKNOWN1' }])).rejects.toMatchObject({
      key: 'unknownTrackingNumber',
      params: { trackingNumbers: ['UNKNOWN1'] },
    });
    expect(await tracerEvents()).toBe(before);
    expect((await detail('CMD1000002')).status).toBe(97);
  });

  it('does not reach orders outside the key’s depositors', async () => {
    const scoped = { ...carrier(), scope: depositorScope([A]) };
    const body = JSON.stringify({
      events: [{ id: 'B1', trackingNumber: '6A00000000003', status: 'DELIVERED', at: '2026-11-12T08:00:00Z' }],
    });
    await expect(
      h.call(TrackingSubjects.carrierWebhook, scoped, { carrier: 'COLISSIMO', signature: sign(SECRET, body), body }),
    ).rejects.toMatchObject({
      key: 'unknownTrackingNumber',
    });
  });

  it('needs a carrier key', async () => {
    await expect(h.call(TrackingSubjects.carrierWebhook, warehouse(), {})).rejects.toMatchObject({ key: 'invalidApiKey' });
  });
});
