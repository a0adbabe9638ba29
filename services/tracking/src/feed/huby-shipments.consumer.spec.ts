import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HubyEvents, TrackingSubjects, type DomainEvent, type FeedOrderMessage } from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { A, feedOrder, warehouse } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';
import { HubyShipmentsConsumer } from './huby-shipments.consumer';

/** Huby's labelled shipments become tracking orders, and never take the place of a warehouse order. */
describe('Huby shipments in tracking', () => {
  let h: ServiceHarness;
  const hubyUuid = randomUUID();
  const shipment = (patch: Partial<FeedOrderMessage> = {}): FeedOrderMessage => ({
    reference: 'HUB-A24001',
    depositorId: A,
    depositorCode: 'DEMO-A',
    createdAt: '2026-11-20T08:00:00.000Z',
    carrier: { code: 'COLISSIMO', name: 'Colissimo' },
    sender: { hubyUuid, company: 'Plateforme Marne-la-Vallée' },
    recipient: { company: 'Officine Bellecour', zip: '69002', town: 'LYON', country: 'FR' },
    parcels: [{ trackingNumber: '6A12345678901', weightKg: 4.5, packaging: 'CARTON-M' }],
    statuses: [{ status: 70, at: '2026-11-20T09:00:00.000Z' }],
    ...patch,
  });
  const deliver = (payload: FeedOrderMessage) =>
    h.get(HubyShipmentsConsumer).shipmentToTrack({
      id: randomUUID(),
      type: HubyEvents.shipmentToTrack,
      source: 'huby',
      occurredAt: new Date().toISOString(),
      payload,
    } satisfies DomainEvent<FeedOrderMessage>);
  const stored = (reference: string) =>
    h
      .get(Db)
      .system.query<{ status: number; sender: { hubyUuid?: string } | null; tracking_numbers: string[] }>(
        `SELECT status, sender, tracking_numbers FROM orders WHERE depositor_id = $1 AND reference = $2`,
        [A, reference],
      );

  beforeAll(async () => {
    h = await startServices([TrackingServiceModule]);
    await h.call(TrackingSubjects.feedOrders, warehouse(), { orders: [feedOrder(1)] });
  });
  afterAll(() => h?.close());

  it('tracks a labelled shipment, ready to ship, then canceled; a redelivered event changes nothing', async () => {
    await deliver(shipment());
    await deliver(shipment());
    expect(await stored('HUB-A24001')).toEqual([
      { status: 70, sender: expect.objectContaining({ hubyUuid }), tracking_numbers: ['6A12345678901'] },
    ]);
    await deliver(
      shipment({
        statuses: [
          { status: 70, at: '2026-11-20T09:00:00.000Z' },
          { status: -1, at: '2026-11-20T10:00:00.000Z' },
        ],
      }),
    );
    expect((await stored('HUB-A24001'))[0].status).toBe(-1);
  });

  it('leaves a warehouse order of the same reference as it is, and a message the feed refuses is not thrown back', async () => {
    const before = await stored('CMD1000001');
    await deliver(shipment({ reference: 'CMD1000001', sender: { hubyUuid: randomUUID() } }));
    expect(await stored('CMD1000001')).toEqual(before);
    expect(before[0].sender?.hubyUuid).toBeUndefined();
    await expect(deliver(shipment({ reference: 'not a reference' }))).resolves.toBeUndefined();
    expect(await stored('not a reference')).toEqual([]);
  });
});
