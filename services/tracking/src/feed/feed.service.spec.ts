import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TrackingEvents, TrackingSubjects, type FeedResultDto, type OrderDetailDto, type OrderSearchPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { A, B, feedOrder, PDF_BYTES, userOf, warehouse } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';

describe('warehouse feed', () => {
  let h: ServiceHarness;
  let db: Db;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracking-feed-'));
  const events = async () =>
    Number(
      (await db.system.query<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE type = $1`, [TrackingEvents.orderStatusChanged]))[0].n,
    );
  const history = async (reference: string) =>
    (
      await db.system.query<{ status: number }>(
        `SELECT h.status FROM status_history h JOIN orders o ON o.id = h.order_id WHERE o.reference = $1 ORDER BY h.at`,
        [reference],
      )
    ).map((r) => r.status);

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    h = await startServices([TrackingServiceModule]);
    db = h.get<Db>(Db);
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an order once: a replayed message adds no history and no event', async () => {
    const message = feedOrder(1);
    expect(await h.call<FeedResultDto>(TrackingSubjects.feedOrder, warehouse(), message)).toEqual({
      applied: 1,
      unchanged: 0,
      rejected: [],
    });
    const before = await events();
    expect(await h.call<FeedResultDto>(TrackingSubjects.feedOrder, warehouse(), message)).toEqual({
      applied: 0,
      unchanged: 1,
      rejected: [],
    });
    expect(await events()).toBe(before);
    expect(await history('CMD1000001')).toEqual([0, 90]);
  });

  it('applies a status change once, keeps absent fields, and emits tracking.order.status-changed', async () => {
    const before = await events();
    const change = {
      reference: 'CMD1000001',
      depositorId: A,
      depositorCode: 'DEMO-A',
      createdAt: feedOrder(1).createdAt,
      statuses: [{ status: 95, at: '2026-11-11T09:00:00Z' }],
    };
    await h.call(TrackingSubjects.feedOrder, warehouse(), change);
    await h.call(TrackingSubjects.feedOrder, warehouse(), { ...change, statuses: [...change.statuses] }); // same content, replayed
    expect(await events()).toBe(before + 1);
    const [event] = await db.system.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM outbox ORDER BY occurred_at DESC LIMIT 1`,
    );
    expect(event.payload).toMatchObject({
      reference: 'CMD1000001',
      depositorCode: 'DEMO-A',
      previousStatus: 90,
      status: 95,
      tracerStatus: 'CARRIER_IN_PROGRESS',
      source: 'feed',
    });
    expect(await history('CMD1000001')).toEqual([0, 90, 95]);
    const [order] = await db.system.query<{ tour_code: string; zip: string }>(
      `SELECT tour_code, zip FROM orders WHERE reference = 'CMD1000001'`,
    );
    expect(order).toEqual({ tour_code: 'T-LYON', zip: '69003' });
    // An older message replayed after the change does not take the status back.
    await h.call(TrackingSubjects.feedOrder, warehouse(), feedOrder(1, { weightKg: 13 }));
    expect((await db.system.query<{ status: number }>(`SELECT status FROM orders WHERE reference = 'CMD1000001'`))[0].status).toBe(95);
    expect(await events()).toBe(before + 1);
  });

  it('takes the status the message lists last of two at the same instant, and emits no spurious event on the next message', async () => {
    const at = feedOrder(40).createdAt as string;
    const status = async (reference: string) =>
      (await db.system.query<{ status: number }>(`SELECT status FROM orders WHERE reference = $1`, [reference]))[0].status;
    const before = await events();
    const shipped = feedOrder(40, {
      statuses: [
        { status: 0, at },
        { status: 90, at },
      ],
    });
    await h.call(TrackingSubjects.feedOrder, warehouse(), shipped);
    expect(await status('CMD1000040')).toBe(90);
    expect(await events()).toBe(before + 1); // the creation
    // Another field changes: the history is read again and agrees with what was stored.
    await h.call(TrackingSubjects.feedOrder, warehouse(), { ...shipped, weightKg: 14 });
    expect(await status('CMD1000040')).toBe(90);
    expect(await events()).toBe(before + 1);
    // The message's order decides, not the codes: listed last, the earlier code wins the tie.
    const reversed = feedOrder(41, {
      statuses: [
        { status: 90, at },
        { status: 70, at },
      ],
    });
    await h.call(TrackingSubjects.feedOrder, warehouse(), reversed);
    await h.call(TrackingSubjects.feedOrder, warehouse(), { ...reversed, weightKg: 14 });
    expect(await status('CMD1000041')).toBe(70);
    expect(await events()).toBe(before + 2);
  });

  it('refuses dates of what happened later than now (a few minutes of clock difference allowed); promised dates may lie ahead', async () => {
    const later = (ms: number) => new Date(Date.now() + ms).toISOString();
    const future = feedOrder(2900, { createdAt: later(86_400_000), statuses: [{ status: 90, at: later(3_600_000) }] });
    const result = await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders: [future] });
    expect(result.rejected).toEqual([
      expect.objectContaining({
        key: 'validationFailed',
        fields: expect.objectContaining({ createdAt: 'inFuture', 'statuses.0.at': 'inFuture' }),
      }),
    ]);
    const skewed = feedOrder(2901, {
      statuses: [{ status: 90, at: later(60_000) }],
      dates: { shippedAt: later(60_000), promisedDeliveryAt: later(3 * 86_400_000) },
    });
    expect(await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders: [skewed] })).toMatchObject({
      applied: 1,
      rejected: [],
    });
  });

  it('takes thousands of orders per bulk call, with several messages of one order in order', async () => {
    const orders = Array.from({ length: 2000 }, (_, i) => feedOrder(1000 + i, { depositorId: i % 2 ? A : B }));
    orders.push(feedOrder(1000, { depositorId: B, statuses: [{ status: 100, at: '2026-11-25T10:00:00Z' }] }));
    // The gateway's time limit for a bulk feed (feed.controller): 2,000 orders outlast the bus's default on a loaded machine.
    const result = await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders }, 120_000);
    expect(result).toEqual({ applied: 2001, unchanged: 0, rejected: [] });
    expect(await history('CMD2001000')).toEqual([0, 90, 100]);
    const before = await events();
    const again = await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders: orders.slice(0, 2000) }, 120_000);
    // The first message of CMD2001000 is older than its stored one: applied again, but no status goes back.
    expect(again).toEqual({ applied: 1, unchanged: 1999, rejected: [] });
    expect(await events()).toBe(before);
    expect(await history('CMD2001000')).toEqual([0, 90, 100]);
  });

  it('rejects bad orders with their field errors and keeps the good ones', async () => {
    const result = await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), {
      orders: [
        feedOrder(5),
        { ...feedOrder(6), reference: 'bad ref' },
        { ...feedOrder(7), statuses: [{ status: 42, at: 'x' }] },
        { depositorId: A },
      ],
    });
    expect(result.applied).toBe(1);
    expect(result.rejected).toEqual([
      { index: 1, reference: null, key: 'validationFailed', fields: { reference: 'invalidFormat' } },
      {
        index: 2,
        reference: 'CMD1000007',
        key: 'validationFailed',
        fields: { 'statuses.0.status': 'invalidFormat', 'statuses.0.at': 'invalidFormat' },
      },
      {
        index: 3,
        reference: null,
        key: 'validationFailed',
        fields: { reference: 'required', depositorCode: 'required', createdAt: 'required' },
      },
    ]);
    await expect(h.call(TrackingSubjects.feedOrder, warehouse(), { depositorId: A })).rejects.toMatchObject({ key: 'validationFailed' });
    await expect(h.call(TrackingSubjects.feedOrders, warehouse(), { orders: 'x' })).rejects.toMatchObject({ key: 'validationFailed' });
  });

  it('refuses a line with a NUL character or a date PostgreSQL cannot hold, alone: the batch goes on', async () => {
    const result = await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), {
      orders: [
        { ...feedOrder(21), customerReference: 'PO\u00001' },
        { ...feedOrder(22), sender: { name: 'Entrepôt\u0000' } },
        { ...feedOrder(23), createdAt: '275760-09-13T00:00:00Z' },
        feedOrder(24),
      ],
    });
    expect(result.applied).toBe(1);
    expect(result.rejected.map((r) => [r.index, r.fields])).toEqual([
      [0, { customerReference: 'invalidFormat' }],
      [1, { sender: 'invalidFormat' }],
      [2, { createdAt: 'invalidFormat' }],
    ]);
  });

  it('refuses orders of a depositor outside the key’s scope, and stores nothing of them', async () => {
    const result = await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse([A]), { orders: [feedOrder(8, { depositorId: B })] });
    expect(result.rejected).toEqual([{ index: 0, reference: 'CMD2000008', key: 'objectNotFound' }]);
    await expect(h.call(TrackingSubjects.feedOrder, warehouse([A]), feedOrder(8, { depositorId: B }))).rejects.toMatchObject({
      key: 'objectNotFound',
    });
    expect(await db.system.query(`SELECT 1 FROM orders WHERE reference = 'CMD2000008'`)).toEqual([]);
  });

  it('stores document contents sent in base64, checked from their bytes', async () => {
    const good = feedOrder(9, { documents: [{ type: 'PACKING_LIST', name: 'PL-9.pdf', contentBase64: PDF_BYTES.toString('base64') }] });
    const bad = feedOrder(10, {
      documents: [{ type: 'INVOICE', name: 'F-10.pdf', contentBase64: Buffer.from('<html>').toString('base64') }],
    });
    const result = await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders: [good, bad] });
    expect(result).toEqual({ applied: 1, unchanged: 0, rejected: [{ index: 1, reference: 'CMD1000010', key: 'unexpectedFileContent' }] });
    const [order] = (await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, userOf([A]), { filter: { q: 'CMD1000009' } })).items;
    const detail = await h.call<OrderDetailDto>(TrackingSubjects.orderDetail, userOf([A]), { id: order.id });
    expect(detail.documents.find((d) => d.type === 'PACKING_LIST')).toMatchObject({
      contentType: 'application/pdf',
      size: PDF_BYTES.length,
    });
  });

  it('names warehouse documents like uploads: hidden characters out, the extension of their bytes, one row per name', async () => {
    const pdf = PDF_BYTES.toString('base64');
    const order = feedOrder(11, {
      documents: [
        { type: 'INVOICE', name: 'F-11\u202efdp.exe', contentBase64: pdf },
        { type: 'PACKING_LIST', name: 'PL-11.pdf', contentBase64: null },
        { type: 'PACKING_LIST', name: 'PL-11\u0000.pdf', contentBase64: pdf },
      ],
    });
    expect(await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders: [order] })).toMatchObject({ applied: 1 });
    const rows = await db.system.query<{ type: string; name: string; storage_key: string | null }>(
      `SELECT d.type, d.name, d.storage_key FROM documents d JOIN orders o ON o.id = d.order_id WHERE o.reference = 'CMD1000011' ORDER BY d.type`,
    );
    expect(rows.map((r) => [r.type, r.name, !!r.storage_key])).toEqual([
      ['INVOICE', 'F-11fdp.pdf', true],
      ['PACKING_LIST', 'PL-11.pdf', true],
    ]);
  });

  it('needs a warehouse key', async () => {
    await expect(h.call(TrackingSubjects.feedOrders, userOf([A]), { orders: [] })).rejects.toMatchObject({ key: 'invalidApiKey' });
  });
});
