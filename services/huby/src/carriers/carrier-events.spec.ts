import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BusClient } from '@portal/bus';
import { AppError, HubyStatus, TrackingEvents, type CarrierEventReportedEvent, type DomainEvent } from '@portal/contracts';
import { demoCarrierSecret } from '@portal/demo';
import { Db, withDatabase } from '@portal/db';
import { startServices, testServerUrl, type ServiceHarness } from '@portal/testing';
import { seedHubyDemo } from '../demo/seed';
import { HubyServiceModule } from '../huby.module';
import { CarrierAdapters } from './carrier-adapter';
import { CarrierEventsJob } from './carrier-events.job';
import { CarrierReportsConsumer } from './carrier-reports.consumer';

interface Posted {
  carrier: string;
  signature: string;
  body: string;
}

/** A tracking webhook that takes everything (or refuses with a key), recording what it was sent. */
function fakeWebhook(refuse?: string) {
  const posted: Posted[] = [];
  const bus = {
    request: async (_subject: string, _ctx: unknown, data: Posted) => {
      await new Promise((r) => setTimeout(r, 5));
      if (refuse) throw new AppError(refuse as never, 'refused');
      posted.push(data);
      return { received: 1, applied: 1 };
    },
  } as unknown as BusClient;
  return { bus, posted };
}

describe('the demo carrier reports through the tracking webhook, and its reports move the shipments', () => {
  let h: ServiceHarness;
  let second: Db;
  const now = new Date();
  const shipmentsIn = async (status: number) =>
    h
      .get(Db)
      .system.query<{ uuid: string; reference: string; depositor_id: number; tracking_numbers: string[]; sent: number }>(
        `SELECT uuid, reference, depositor_id, tracking_numbers, carrier_events_sent AS sent FROM shipments WHERE status = $1 ORDER BY reference`,
        [status],
      );

  beforeAll(async () => {
    h = await startServices([HubyServiceModule]);
    await seedHubyDemo(h.get(Db), { now });
    const [{ name }] = await h.get(Db).system.query<{ name: string }>('SELECT current_database() AS name');
    second = await Db.open({ service: 'huby', entities: [], migrations: [], url: withDatabase(testServerUrl(), name), poolSize: 2 });
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
  });

  it('gives every demo shipment with labels its voucher and tracking numbers, and one tracking order event each', async () => {
    const rows = await h
      .get(Db)
      .system.query<{ status: number; voucher: string | null; n: number; labels_at: Date | null }>(
        `SELECT status, voucher, cardinality(tracking_numbers) AS n, labels_at FROM shipments`,
      );
    for (const r of rows) {
      const labelled = r.status >= HubyStatus.LabelsReceived;
      expect([r.status, !!r.voucher, r.n > 0, !!r.labels_at]).toEqual([r.status, labelled, labelled, labelled]);
    }
    const [{ events }] = await h
      .get(Db)
      .system.query<{ events: number }>(`SELECT count(*)::int AS events FROM outbox WHERE type = 'huby.shipment.to-track'`);
    expect(events).toBe(rows.filter((r) => r.status >= HubyStatus.LabelsReceived).length);
  });

  it('refused by the webhook (order not tracked yet): nothing counted as sent, posted again next run', async () => {
    const refusing = fakeWebhook('unknownTrackingNumber');
    expect(await new CarrierEventsJob(h.get(Db), refusing.bus, h.get(CarrierAdapters)).run(now)).toBe(0);
    expect((await shipmentsIn(HubyStatus.InTransit)).every((s) => s.sent === 0)).toBe(true);
  });

  it('posts what happened by now, signed, once even with two copies of the service running at the same time', async () => {
    const a = fakeWebhook();
    const b = fakeWebhook();
    const adapters = h.get(CarrierAdapters);
    const [one, two] = await Promise.all([
      new CarrierEventsJob(h.get(Db), a.bus, adapters).run(now),
      new CarrierEventsJob(second, b.bus, adapters).run(now),
    ]);
    const posted = [...a.posted, ...b.posted];
    const events = posted.flatMap(
      (p) => (JSON.parse(p.body) as { events: { id: string; status: string; trackingNumber: string }[] }).events,
    );
    expect(one + two).toBe(events.length);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    for (const p of posted)
      expect(p.signature).toBe(`sha256=${createHmac('sha256', demoCarrierSecret(p.carrier)).update(p.body).digest('hex')}`);
    // Taken in charge 1.5 steps ago: picked up; in transit 3 steps ago: picked up and in transit; ready ones wait for their shipping day.
    const taken = await shipmentsIn(HubyStatus.TakenInCharge);
    const moving = await shipmentsIn(HubyStatus.InTransit);
    expect([taken.length > 0, moving.length > 0, a.posted.length > 0 || b.posted.length > 0]).toEqual([true, true, true]);
    expect(taken.every((s) => s.sent === 1)).toBe(true);
    expect(moving.every((s) => s.sent === 2)).toBe(true);
    expect(events.length).toBe(taken.length + 2 * moving.length);
    expect((await shipmentsIn(HubyStatus.LabelsReceived)).every((s) => s.sent === 0)).toBe(true);
    // Nothing new happened since: the next run posts nothing.
    const again = fakeWebhook();
    expect(await new CarrierEventsJob(h.get(Db), again.bus, adapters).run(now)).toBe(0);
    expect(again.posted).toEqual([]);
    // Four steps on, the ones in transit are delivered.
    const later = fakeWebhook();
    await new CarrierEventsJob(h.get(Db), later.bus, adapters).run(new Date(now.getTime() + 4 * 2 * 3_600_000));
    const delivered = later.posted.flatMap((p) => (JSON.parse(p.body) as { events: { status: string }[] }).events);
    expect(delivered.filter((e) => e.status === 'DELIVERED').length).toBeGreaterThanOrEqual(moving.length);
  });

  const report = (
    s: { reference: string; depositor_id: number; tracking_numbers: string[] },
    status: CarrierEventReportedEvent['status'],
    id = randomUUID(),
  ): DomainEvent<CarrierEventReportedEvent> => ({
    id,
    type: TrackingEvents.carrierEventReported,
    source: 'tracking',
    occurredAt: new Date().toISOString(),
    payload: {
      orderId: 1,
      depositorId: s.depositor_id,
      reference: s.reference,
      carrier: 'COLISSIMO',
      trackingNumber: s.tracking_numbers[0],
      status,
      at: new Date().toISOString(),
      note: 'Livré',
    },
  });

  it('moves a shipment along the table as its carrier reports, once per event, and never back', async () => {
    const consumer = h.get(CarrierReportsConsumer);
    const [ready] = await shipmentsIn(HubyStatus.LabelsReceived);
    const picked = report(ready, 'PICKED_UP');
    expect(await consumer.apply(picked)).toEqual([HubyStatus.TakenInCharge]);
    expect(await consumer.apply(picked)).toEqual([]);
    // Delivered straight after the pickup: walked through "in transit".
    expect(await consumer.apply(report(ready, 'DELIVERED'))).toEqual([HubyStatus.InTransit, HubyStatus.Delivered]);
    // A late scan of an earlier step changes nothing.
    expect(await consumer.apply(report(ready, 'IN_TRANSIT'))).toEqual([]);
    const history = await h
      .get(Db)
      .system.query<{ status: number; note: string }>(
        `SELECT status, note FROM shipment_history WHERE shipment_uuid = $1 AND status >= 90 ORDER BY id`,
        [ready.uuid],
      );
    expect(history).toEqual([
      { status: 90, note: 'COLISSIMO: PICKED_UP – Livré' },
      { status: 95, note: 'COLISSIMO: DELIVERED – Livré' },
      { status: 100, note: 'COLISSIMO: DELIVERED – Livré' },
    ]);
    const [{ delivered_at }] = await h
      .get(Db)
      .system.query<{ delivered_at: Date | null }>(
        `SELECT a.delivered_at FROM addresses a JOIN shipments s ON s.recipient_uuid = a.uuid WHERE s.uuid = $1`,
        [ready.uuid],
      );
    expect(delivered_at).not.toBeNull();
  });

  it('leaves alone an order that is not the shipment: another reference, another depositor, a tracking number not its own', async () => {
    const consumer = h.get(CarrierReportsConsumer);
    const [ready] = await shipmentsIn(HubyStatus.LabelsPrinted);
    expect(await consumer.apply(report({ ...ready, reference: 'CMD-WAREHOUSE-1' }, 'PICKED_UP'))).toEqual([]);
    expect(await consumer.apply(report({ ...ready, depositor_id: ready.depositor_id === 1 ? 2 : 1 }, 'PICKED_UP'))).toEqual([]);
    expect(await consumer.apply(report({ ...ready, tracking_numbers: ['6A99999999999'] }, 'PICKED_UP'))).toEqual([]);
    expect((await shipmentsIn(HubyStatus.LabelsPrinted)).map((s) => s.uuid)).toContain(ready.uuid);
  });
});
