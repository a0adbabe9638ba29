import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { BusClient } from '@portal/bus';
import { TrackingEvents, type CarrierEventReportedEvent, type DomainEvent, type OrderStatusChangedEvent } from '@portal/contracts';
import { Db } from '@portal/db';
import type { MailRelay } from '@portal/mail';
import { dropDatabases, freshDatabaseBase } from '@portal/testing';
import { ALERTS_MIGRATIONS } from '../alerts.module';
import { projectOrder, snapshot } from '../delivery/test/alerts.fixtures';
import { WEBHOOK_CONSUMERS, WEBHOOK_ORDERING_GROUPS, WebhookEventsConsumer } from './webhook-events.consumer';
import { orderStatusMessages } from './webhook-messages';
import { WebhookQueue, type EventMessages } from './webhook-queue';
import { WebhookSecrets } from './webhook-secrets';
import type { OutgoingWebhook, WebhookAttempt, WebhookSender } from './webhook-sender';
import { newWebhookSecret } from './webhook-signing';

/** Polls until `check` holds; fails with `what` after `timeoutMs`. */
async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const delivered = (statusCode = 204): WebhookAttempt => ({ delivered: statusCode < 300, statusCode, durationMs: 3, response: null });

/** The sender's stand-in: each attempt is answered by `answer`, which the test sets. */
class FakeSender {
  readonly sent: OutgoingWebhook[] = [];
  answer: (message: OutgoingWebhook) => Promise<WebhookAttempt> = async () => delivered();
  send(message: OutgoingWebhook): Promise<WebhookAttempt> {
    this.sent.push(message);
    return this.answer(message);
  }
  close(): void {}
}

let order = 0;
/** A status change of `orderId` (a fresh order unless told). */
function statusChange(over: Partial<OrderStatusChangedEvent> = {}): DomainEvent<OrderStatusChangedEvent> {
  const orderId = over.orderId ?? 5000 + ++order;
  return {
    id: randomUUID(),
    type: TrackingEvents.orderStatusChanged,
    source: 'tracking',
    occurredAt: new Date().toISOString(),
    payload: {
      orderId,
      depositorId: 1,
      depositorCode: 'DEMO-A',
      reference: `BL${orderId}`,
      previousStatus: 70,
      status: 90,
      tracerStatus: 'SHIPPED',
      source: 'feed',
      at: new Date().toISOString(),
      ...over,
    },
  };
}
const asMessages = (events: DomainEvent<OrderStatusChangedEvent>[]): EventMessages[] =>
  events.map((event) => ({ event, messages: orderStatusMessages(event.payload) }));

/**
 * The webhook queue on a real PostgreSQL (issue 35 item 2, its throughput): a batch of events queued
 * in one statement in the events' order, the outcomes of concurrent attempts recorded together, and
 * a row another copy took again never overwritten.
 */
/** No tracking words of the provider: the catalogue's. */
const NO_WORDS = { get: async () => ({}) };

describe('webhook queue', () => {
  const secrets = new WebhookSecrets(randomBytes(32));
  let base: string;
  let db: Db;
  let sender: FakeSender;
  let queue: WebhookQueue;
  let warnings: string[];

  async function endpoint(depositorIds: number[], eventTypes: string[]): Promise<string> {
    const id = randomUUID();
    await db.system.query(
      `INSERT INTO webhook_endpoints (id, url, depositor_ids, event_types, secret_sealed, created_by_login)
       VALUES ($1, $2, $3, $4, $5, 'test')`,
      [id, `https://erp.example/${id}`, depositorIds, eventTypes, secrets.seal(id, newWebhookSecret())],
    );
    return id;
  }
  const rows = (endpointId: string) =>
    db.system.query<{ id: string; cause: string; ordering_key: string; status: string; attempts: number; last_status_code: number | null }>(
      `SELECT id, cause, ordering_key, status, attempts, last_status_code FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY seq`,
      [endpointId],
    );

  beforeAll(async () => {
    base = freshDatabaseBase();
    db = await Db.open({ service: 'alerts', entities: [], migrations: ALERTS_MIGRATIONS, url: base });
  });
  afterAll(async () => {
    await db?.close();
    if (base) await dropDatabases(base);
  });
  beforeEach(async () => {
    process.env.WEBHOOK_ENDPOINTS_CACHE_MS = '0';
    await db.system.query(`TRUNCATE webhook_endpoints CASCADE`);
    warnings = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    sender = new FakeSender();
    queue = new WebhookQueue(
      db,
      sender as unknown as WebhookSender,
      secrets,
      { kick: () => undefined } as unknown as MailRelay,
      { ackFloor: async () => null } as unknown as BusClient,
      NO_WORDS,
    );
  });
  afterEach(async () => {
    await queue.beforeApplicationShutdown();
    jest.restoreAllMocks();
    delete process.env.WEBHOOK_ENDPOINTS_CACHE_MS;
  });

  it('queues a batch in one statement, in the events’ order per endpoint and order, once whatever the redeliveries', async () => {
    const both = await endpoint([1, 2], ['order.status_changed', 'order.delivered']);
    const second = await endpoint([2], ['order.status_changed']);
    const other = await endpoint([3], ['order.status_changed']);
    // Three orders' changes interleaved, on two depositors; the deliveries (100 after 95) tell two messages.
    const statuses = [70, 80, 90, 95, 100];
    const events = statuses.flatMap((status, n) =>
      [1, 2, 3].map((k) =>
        statusChange({ orderId: 9000 + k, depositorId: k === 3 ? 2 : 1, previousStatus: n ? statuses[n - 1] : null, status }),
      ),
    );
    const spy = jest.spyOn(db, 'scopedQuery');
    // 15 status changes, 3 deliveries for `both`; the 5 changes of depositor 2's order for `second`.
    expect(await queue.enqueue(asMessages(events))).toBe(15 + 3 + 5);
    expect(spy.mock.calls.filter(([, sql]) => sql.includes('INSERT INTO webhook_deliveries'))).toHaveLength(1);

    const queued = await rows(both);
    for (const k of [1, 2, 3]) {
      const expected = events
        .filter((e) => e.payload.orderId === 9000 + k)
        .flatMap((e) => orderStatusMessages(e.payload).map((m) => `${e.id}:${m.type}`));
      expect(queued.filter((r) => r.ordering_key === `order:${9000 + k}`).map((r) => r.cause)).toEqual(expected);
    }
    expect((await rows(second)).map((r) => r.cause)).toEqual(
      events.filter((e) => e.payload.depositorId === 2).map((e) => `${e.id}:order.status_changed`),
    );
    expect(await rows(other)).toEqual([]);

    // The batch delivered again with two new events after it: only the new ones are queued.
    const more = [statusChange(), statusChange()];
    expect(await queue.enqueue(asMessages([...events, ...more]))).toBe(2);
    expect(await queue.enqueue(asMessages([...events, ...more]))).toBe(0);
    expect((await rows(both)).map((r) => r.cause).slice(-2)).toEqual(more.map((e) => `${e.id}:order.status_changed`));
  });

  it('looks up the depositors’ codes of a batch of carrier anomalies in one query', async () => {
    const id = await endpoint([1], ['shipment.carrier_anomaly']);
    const known = snapshot({ depositorCode: 'DEMO-A' });
    await projectOrder(db, known);
    const anomaly = (orderId: number, status: CarrierEventReportedEvent['status']): DomainEvent<CarrierEventReportedEvent> => ({
      id: randomUUID(),
      type: TrackingEvents.carrierEventReported,
      source: 'tracking',
      occurredAt: new Date().toISOString(),
      payload: {
        orderId,
        depositorId: 1,
        reference: `BL${orderId}`,
        carrier: 'GLS',
        trackingNumber: 'T1',
        status,
        at: '2026-12-04T10:00:00Z',
        note: null,
      },
    });
    const consumer = new WebhookEventsConsumer(db, queue);
    const spy = jest.spyOn(db, 'scopedQuery');
    const events = [anomaly(known.orderId, 'ANOMALY'), anomaly(known.orderId, 'DELIVERED'), anomaly(8888, 'DELIVERED_DAMAGED')];
    expect(await consumer.carrierEvent(events)).toBe(2);
    expect(spy.mock.calls.filter(([, sql]) => sql.includes('alert_orders'))).toHaveLength(1);
    const payloads = await db.system.query<{ payload: { data: { orderId: number; depositorCode: string | null } } }>(
      `SELECT payload FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY seq`,
      [id],
    );
    expect(payloads.map((p) => [p.payload.data.orderId, p.payload.data.depositorCode])).toEqual([
      [known.orderId, 'DEMO-A'],
      [8888, null],
    ]);
  });

  it('records the outcomes of attempts that end together in one statement, each once', async () => {
    const id = await endpoint([1], ['order.status_changed']);
    const events = Array.from({ length: 20 }, () => statusChange());
    // Every attempt waits until the twenty are under way, then they all end at once, one in two failed.
    const waiting: (() => void)[] = [];
    sender.answer = (message) =>
      new Promise<WebhookAttempt>((resolve) => {
        const reference = (JSON.parse(message.body) as { data: { orderId: number } }).data.orderId;
        waiting.push(() => resolve(delivered(reference % 2 ? 204 : 500)));
        if (waiting.length === 20) for (const end of waiting) end();
      });
    // Queuing wakes the worker.
    await queue.enqueue(asMessages(events));
    await waitFor('twenty outcomes recorded', async () => (await rows(id)).every((r) => r.attempts === 1));

    const recorded = await rows(id);
    expect(recorded.filter((r) => r.status === 'delivered')).toHaveLength(10);
    expect(recorded.filter((r) => r.status === 'pending' && r.last_status_code === 500)).toHaveLength(10);
    const attempts = await db.system.query<{ delivery_id: string; at: Date }>(`SELECT delivery_id, at FROM webhook_attempts`);
    expect(attempts.map((a) => a.delivery_id).sort()).toEqual(recorded.map((r) => r.id).sort());
    // One transaction for the twenty: they share its time.
    expect(new Set(attempts.map((a) => a.at.getTime())).size).toBe(1);
  });

  it('sends an order’s messages of a batch one after the other, in the events’ order', async () => {
    await endpoint([1], ['order.status_changed', 'order.delivered']);
    const statuses = [70, 80, 90, 95, 100];
    const events = statuses.map((status, n) => statusChange({ orderId: 7777, previousStatus: n ? statuses[n - 1] : null, status }));
    const other = statusChange();
    let underWay = 0;
    let overlapped = false;
    sender.answer = async (message) => {
      // Never two of the same order at once: the next is due only once the previous is recorded.
      const ofTheOrder = (JSON.parse(message.body) as { data: { orderId: number } }).data.orderId === 7777;
      if (ofTheOrder && ++underWay > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (ofTheOrder) underWay--;
      return delivered();
    };
    await queue.enqueue(asMessages([events[0], other, ...events.slice(1)]));
    await waitFor('seven sent', () => sender.sent.length === 7);
    const sent = sender.sent
      .map((m) => JSON.parse(m.body) as { type: string; data: { orderId: number; status: { code: number } } })
      .filter((b) => b.data.orderId === 7777);
    expect(sent.map((b) => `${b.type} ${b.data.status.code}`)).toEqual([
      'order.status_changed 70',
      'order.status_changed 80',
      'order.status_changed 90',
      'order.status_changed 95',
      'order.status_changed 100',
      'order.delivered 100',
    ]);
    expect(overlapped).toBe(false);
  });

  it('holds a delivery until its consumer’s ack floor reaches its event, and sends an order’s changes in the events’ order', async () => {
    await endpoint([1], ['order.status_changed']);
    let floor = 10;
    const floorsAsked: string[] = [];
    await queue.beforeApplicationShutdown();
    queue = new WebhookQueue(
      db,
      sender as unknown as WebhookSender,
      secrets,
      { kick: () => undefined } as unknown as MailRelay,
      {
        ackFloor: async (consumer: string) => {
          floorsAsked.push(consumer);
          return floor;
        },
      } as unknown as BusClient,
      NO_WORDS,
    );
    const at = (event: DomainEvent<OrderStatusChangedEvent>, seq: number) => ({
      ...asMessages([event])[0],
      position: { consumer: 'c', seq },
    });
    const [s60, s90, s95] = [60, 90, 95].map((status) => statusChange({ orderId: 7777, status }));
    const handled = statusChange({ orderId: 7778 });
    const unplaced = statusChange({ orderId: 7779 });
    // Another copy handled 12 and 13 while 11 waits for its redelivery (its copy was killed): 12 and 13 wait.
    await queue.enqueue([at(s90, 12), at(s95, 13), at(handled, 9), ...asMessages([unplaced])]);
    await waitFor('the handled and the unplaced sent', () => sender.sent.length === 2);
    const orderOf = (m: { body: string }) => (JSON.parse(m.body) as { data: { orderId: number; status: { code: number } } }).data;
    expect(sender.sent.map((m) => orderOf(m).orderId).sort()).toEqual([7778, 7779]);
    expect(floorsAsked).toContain('c');
    // 11 comes back, is queued after them and acknowledged: the floor passes 13, the three go in the events' order.
    await queue.enqueue([at(s60, 11)]);
    floor = 13;
    queue.kick();
    await waitFor('the order’s three sent', () => sender.sent.length === 5);
    expect(sender.sent.slice(2).map((m) => orderOf(m).status.code)).toEqual([60, 90, 95]);
  });

  it('puts every webhook consumer in one ordering group, with those whose messages share ordering keys', () => {
    const members = WEBHOOK_ORDERING_GROUPS.flat();
    expect([...members].sort()).toEqual(Object.values(WEBHOOK_CONSUMERS).sort());
    const groupOf = (c: string) => WEBHOOK_ORDERING_GROUPS.find((g) => g.includes(c));
    expect(groupOf(WEBHOOK_CONSUMERS.carrierEvent)).toBe(groupOf(WEBHOOK_CONSUMERS.statusChanged));
    expect(groupOf(WEBHOOK_CONSUMERS.excursionEnded)).toBe(groupOf(WEBHOOK_CONSUMERS.excursionStarted));
  });

  it('holds a delivery until every consumer of its ordering group has passed its event', async () => {
    await endpoint([1], ['order.status_changed']);
    const floors: Record<string, number> = { status: 20, carrier: 11 };
    await queue.beforeApplicationShutdown();
    queue = new WebhookQueue(
      db,
      sender as unknown as WebhookSender,
      secrets,
      { kick: () => undefined } as unknown as MailRelay,
      { ackFloor: async (consumer: string) => floors[consumer] ?? null } as unknown as BusClient,
      NO_WORDS,
    );
    queue.watchConsumers([['status', 'carrier'], ['alone']]);
    const change = statusChange({ orderId: 7790, status: 30 });
    // Its own consumer passed it (20 ≥ 15), the carrier events' consumer not yet (an anomaly at 12 may come): held.
    await queue.enqueue([{ ...asMessages([change])[0], position: { consumer: 'status', seq: 15 } }]);
    await sleep(600);
    expect(sender.sent).toHaveLength(0);
    floors.carrier = 16;
    queue.kick();
    await waitFor('sent once the group passed it', () => sender.sent.length === 1);
  });

  it('sleeps until its poll when nothing is pending: an empty queue claims once per WEBHOOK_POLL_MS, not on a 20 ms wake', async () => {
    // Each pass claims, finds less than it had room for, and plans its next wake (the statement counted).
    const queries = jest.spyOn(db, 'scopedQuery');
    queue.onApplicationBootstrap();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const claimed = queries.mock.calls.filter(([, sql]) => /min\(next_attempt_at\)/.test(String(sql))).length;
    // One at the start, one on the poll a second later at most (it was about fifty).
    expect(claimed).toBeGreaterThanOrEqual(1);
    expect(claimed).toBeLessThanOrEqual(2);
  });

  it('keeps rows claimed ahead of the attempts under way, and gives them back when it stops', async () => {
    process.env.WEBHOOK_CONCURRENCY = '2';
    try {
      const id = await endpoint([1], ['order.status_changed']);
      const ends: (() => void)[] = [];
      sender.answer = () => new Promise<WebhookAttempt>((resolve) => ends.push(() => resolve(delivered())));
      await queue.enqueue(asMessages(Array.from({ length: 6 }, () => statusChange())));
      // Two under way, two more claimed behind them, two left in the queue.
      await waitFor('two attempts under way', () => ends.length === 2);
      const leased = async () => (await db.system.query(`SELECT 1 FROM webhook_deliveries WHERE lease_until IS NOT NULL`)).length;
      await waitFor('four rows leased', async () => (await leased()) === 4);
      const stopped = queue.beforeApplicationShutdown();
      await waitFor('the two not started given back', async () => (await leased()) === 2);
      for (const end of ends) end();
      await stopped;
      const after = await rows(id);
      expect(after.filter((r) => r.status === 'delivered')).toHaveLength(2);
      expect(after.filter((r) => r.status === 'pending' && r.attempts === 0)).toHaveLength(4);
      expect(await leased()).toBe(0);
      expect(sender.sent).toHaveLength(2);
    } finally {
      delete process.env.WEBHOOK_CONCURRENCY;
    }
  });

  it('never overwrites a row whose lease ran out and that another copy took again', async () => {
    const id = await endpoint([1], ['order.status_changed']);
    let end!: () => void;
    const attempted = new Promise<void>((resolve) => {
      sender.answer = () =>
        new Promise<WebhookAttempt>((answered) => {
          end = () => answered(delivered());
          resolve();
        });
    });
    await queue.enqueue(asMessages([statusChange()]));
    await attempted;
    // Meanwhile the lease ran out and another copy claimed the row: its lease is not ours.
    await db.system.query(`UPDATE webhook_deliveries SET lease_until = now() + interval '1 minute' WHERE endpoint_id = $1`, [id]);
    end();
    await waitFor('the outcome refused', () => warnings.some((w) => w.includes('outcome not recorded')));
    expect(await rows(id)).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
    expect(await db.system.query(`SELECT 1 FROM webhook_attempts`)).toEqual([]);
  });
});
