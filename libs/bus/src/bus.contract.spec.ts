/**
 * The bus contract, run against every transport: the in-process one always, NATS + JetStream when
 * `NATS_URL` is set. Each run uses its own subjects, stream and event prefix, so parallel runs on a
 * shared NATS server do not see each other.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Controller, Inject, type INestMicroservice, type Provider, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { AppError, type BusRequest, type CallerContext, type DomainEvent } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, dropDatabases, freshDatabaseBase } from '@portal/testing';
import { currentEventId, currentRequestId, runWithRequestId } from '@portal/ops';
import { connect } from 'nats';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { Admission } from './admission';
import { BusClient } from './bus.client';
import { BusModule } from './bus.module';
import { BusServer, OnEvent, OnEventBatch } from './bus.server';
import { InProcessTransport } from './in-process.transport';
import { NatsTransport } from './nats.transport';
import { addToOutbox, createOutboxAndInbox, handleOnce, OutboxRelay } from './outbox';
import { BUS_TRANSPORT, type BusTransport } from './transport';

const RUN = randomBytes(4).toString('hex');
const subject = (name: string): string => `bustest${RUN}.orders.${name}`;
const eventType = (name: string): string => `bustest.shipment.${name}`;
const S = { echo: subject('echo'), refuse: subject('refuse'), crash: subject('crash'), slow: subject('slow'), share: subject('share') };
const E = {
  created: eventType('created'),
  other: eventType('other'),
  flaky: eventType('flaky'),
  crashAfterCommit: eventType('crash-after-commit'),
  late: eventType('late'),
  resumed: eventType('resumed'),
  batched: eventType('batched'),
  batchedFlaky: eventType('batched-flaky'),
  waiting: eventType('waiting'),
  positioned: eventType('positioned'),
  positionedOther: eventType('positioned-other'),
};
/** The most events the test's batch consumers take at once. */
const TEST_BATCH = 5;

/** Polls until `check` returns a truthy value; fails with `what` after `timeoutMs`. */
async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function rejectionOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error('expected a rejection');
}

class BusTestTables1700000000000 implements MigrationInterface {
  name = 'BusTestTables1700000000000';
  async up(qr: QueryRunner): Promise<void> {
    await createOutboxAndInbox(qr);
    await qr.query(`CREATE TABLE "shipment_effect" ("consumer" text NOT NULL, "event_id" uuid NOT NULL, "note" text)`);
  }
  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "shipment_effect", "inbox", "outbox"`);
  }
}

/** How a test reaches a transport: in-process is one shared object, NATS gives each service a connection. */
interface TransportKit {
  name: string;
  /** Whether a consumer can stop and resume apart from the rest of the bus (a separate process). */
  consumersRestartAlone: boolean;
  /** A transport as one more service process would have it. */
  connect(name: string): Promise<BusTransport>;
  /**
   * Events the bus handed to a durable consumer that it has not acknowledged yet; only where a
   * consumer's client holds events the bus sent ahead (NATS), so that a batch can take them.
   */
  unacknowledged?(consumer: string): Promise<number>;
  cleanup(): Promise<void>;
}

function inProcessKit(): TransportKit {
  let shared: InProcessTransport | undefined;
  return {
    name: 'in-process',
    consumersRestartAlone: false,
    connect: async () => (shared ??= new InProcessTransport()),
    cleanup: async () => {
      await shared?.close();
      shared = undefined;
    },
  };
}

function natsKit(url: string): TransportKit {
  const stream = `BUSTEST_${RUN}`;
  const eventPrefix = `bustest_${RUN}`;
  const opened: BusTransport[] = [];
  return {
    name: 'nats',
    consumersRestartAlone: true,
    connect: async (name) => {
      const transport = await NatsTransport.connect({ url, name, stream, eventPrefix });
      opened.push(transport);
      return transport;
    },
    unacknowledged: async (consumer) => {
      const nc = await connect({ servers: url });
      try {
        const info = await (await nc.jetstreamManager()).consumers.info(stream, consumer.replace(/[^A-Za-z0-9_-]/g, '_'));
        return info.num_ack_pending;
      } finally {
        await nc.close();
      }
    },
    cleanup: async () => {
      for (const t of opened.splice(0)) await t.close();
      const nc = await connect({ servers: url });
      try {
        const jsm = await nc.jetstreamManager();
        await jsm.streams.delete(stream).catch(() => undefined);
      } finally {
        await nc.close();
      }
    },
  };
}

const kits: TransportKit[] = [inProcessKit(), ...(process.env.NATS_URL ? [natsKit(process.env.NATS_URL)] : [])];

// ---- services under test -------------------------------------------------------------------

const INSTANCE = Symbol('INSTANCE');
const PROBE = Symbol('PROBE');

/** What the test services saw: deliveries per consumer, answers per instance, a gate for slow work. */
class Probe {
  readonly deliveries = new Map<string, DomainEvent[]>();
  /** The batches each batch consumer was handed, in the order of the calls. */
  readonly batches = new Map<string, DomainEvent[][]>();
  readonly answeredBy = new Map<string, number>();
  readonly failedOnce = new Set<string>();
  /** The log context (request id, event id) each consumer's handling ran in, by event id. */
  readonly logContexts = new Map<string, { requestId?: string; eventId?: string }>();
  private readonly slowGate: (() => void)[] = [];
  /** Lets every slow call waiting so far finish. */
  releaseSlow(): void {
    for (const release of this.slowGate.splice(0)) release();
  }
  get slowWaiting(): number {
    return this.slowGate.length;
  }
  waitForRelease(): Promise<void> {
    return new Promise<void>((resolve) => this.slowGate.push(resolve));
  }

  delivered(consumer: string): DomainEvent[] {
    return this.deliveries.get(consumer) ?? [];
  }
  record(consumer: string, event: DomainEvent): void {
    this.deliveries.set(consumer, [...this.delivered(consumer), event]);
  }
}

@Controller()
class OrdersController {
  constructor(
    @Inject(INSTANCE) private readonly instance: string,
    @Inject(PROBE) private readonly probe: Probe,
  ) {}

  @MessagePattern(S.echo)
  echo(@Payload() message: BusRequest<{ orderId: number }>): unknown {
    const { ctx, data } = message;
    return {
      orderId: data.orderId,
      userId: ctx.user?.id,
      requestId: ctx.requestId,
      scope: ctx.scope,
      shippedAt: new Date(Date.UTC(2026, 0, 2)),
    };
  }

  @MessagePattern(S.refuse)
  refuse(@Payload() message: BusRequest<{ orderId: number }>): never {
    throw new AppError('objectNotFound', `order ${message.data.orderId} not found`, { orderId: message.data.orderId });
  }

  @MessagePattern(S.crash)
  crash(): never {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
  }

  @MessagePattern(S.slow)
  async slow(): Promise<string> {
    await this.probe.waitForRelease();
    return 'late';
  }

  @MessagePattern(S.share)
  share(): string {
    this.probe.answeredBy.set(this.instance, (this.probe.answeredBy.get(this.instance) ?? 0) + 1);
    return this.instance;
  }
}

/** Two projections of the same event type, each its own durable consumer, both idempotent. */
@Controller()
class ShipmentProjections {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(PROBE) private readonly probe: Probe,
  ) {}

  @OnEvent(E.created, 'bustest.tracking')
  async tracking(@Payload() event: DomainEvent): Promise<void> {
    await this.apply('bustest.tracking', event);
  }

  @OnEvent(E.created, 'bustest.billing')
  async billing(@Payload() event: DomainEvent): Promise<void> {
    await this.apply('bustest.billing', event);
  }

  @OnEvent(E.other, 'bustest.other')
  async other(@Payload() event: DomainEvent): Promise<void> {
    await this.apply('bustest.other', event);
  }

  /** Fails the first delivery of each event before writing anything. */
  @OnEvent(E.flaky, 'bustest.flaky')
  async flaky(@Payload() event: DomainEvent): Promise<void> {
    this.probe.record('bustest.flaky', event);
    if (!this.probe.failedOnce.has(event.id)) {
      this.probe.failedOnce.add(event.id);
      throw new Error('carrier API down');
    }
    await handleOnce(this.db, 'bustest.flaky', event, (em) => insertEffect(em, 'bustest.flaky', event));
  }

  /** Commits its effect, then fails the first time (a crash before the ack): the event comes again. */
  @OnEvent(E.crashAfterCommit, 'bustest.crash-after-commit')
  async crashAfterCommit(@Payload() event: DomainEvent): Promise<void> {
    this.probe.record('bustest.crash-after-commit', event);
    await handleOnce(this.db, 'bustest.crash-after-commit', event, (em) => insertEffect(em, 'bustest.crash-after-commit', event));
    if (!this.probe.failedOnce.has(event.id)) {
      this.probe.failedOnce.add(event.id);
      throw new Error('crashed before ack');
    }
  }

  private async apply(consumer: string, event: DomainEvent): Promise<void> {
    this.probe.record(consumer, event);
    this.probe.logContexts.set(event.id, { requestId: currentRequestId(), eventId: currentEventId() });
    await handleOnce(this.db, consumer, event, (em) => insertEffect(em, consumer, event));
  }
}

/** Batch consumers: each batch applied in one statement, idempotent per event. */
@Controller()
class BatchProjections {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(PROBE) private readonly probe: Probe,
  ) {}

  @OnEventBatch(E.batched, 'bustest.batched', TEST_BATCH)
  async batched(@Payload() events: DomainEvent[]): Promise<void> {
    await this.apply('bustest.batched', events);
  }

  /** Fails its first batch before writing anything: the whole batch comes again. */
  @OnEventBatch(E.batchedFlaky, 'bustest.batched-flaky', TEST_BATCH)
  async batchedFlaky(@Payload() events: DomainEvent[]): Promise<void> {
    const consumer = 'bustest.batched-flaky';
    const first = !this.probe.batches.has(consumer);
    this.probe.batches.set(consumer, [...(this.probe.batches.get(consumer) ?? []), events]);
    if (first) throw new Error('carrier API down');
    await insertEffects(this.db, consumer, events);
  }

  private async apply(consumer: string, events: DomainEvent[]): Promise<void> {
    this.probe.batches.set(consumer, [...(this.probe.batches.get(consumer) ?? []), events]);
    await insertEffects(this.db, consumer, events);
  }
}

/** A batch's effects in one statement, each event's once. */
async function insertEffects(db: Db, consumer: string, events: DomainEvent[]): Promise<void> {
  await db.system.query(
    `INSERT INTO "shipment_effect" ("consumer", "event_id", "note")
     SELECT $1, e.id, e.note FROM jsonb_to_recordset($2::jsonb) AS e(id uuid, note text)
      WHERE NOT EXISTS (SELECT 1 FROM "shipment_effect" s WHERE s."consumer" = $1 AND s."event_id" = e.id)`,
    [consumer, JSON.stringify(events.map((e) => ({ id: e.id, note: (e.payload as { note: string }).note })))],
  );
}

@Controller()
class LateProjection {
  constructor(@Inject(PROBE) private readonly probe: Probe) {}

  @OnEvent(E.late, 'bustest.late')
  async late(@Payload() event: DomainEvent): Promise<void> {
    this.probe.record('bustest.late', event);
  }
}

async function insertEffect(
  em: { query(sql: string, params: unknown[]): Promise<unknown> },
  consumer: string,
  event: DomainEvent,
): Promise<void> {
  await em.query(`INSERT INTO "shipment_effect" ("consumer", "event_id", "note") VALUES ($1, $2, $3)`, [
    consumer,
    event.id,
    (event.payload as { note: string }).note,
  ]);
}

// ---- the contract ----------------------------------------------------------------------------

describe.each(kits)('bus contract on $name', (kit) => {
  const apps: INestMicroservice[] = [];
  let base: string;
  let db: Db;

  async function startApp(
    controllers: Type[],
    transport: BusTransport,
    providers: Provider[] = [],
    admission?: Admission,
  ): Promise<INestMicroservice> {
    const moduleRef = await Test.createTestingModule({
      imports: [BusModule.forTransport(transport)],
      controllers,
      providers: [
        { provide: INSTANCE, useValue: 'a' },
        { provide: PROBE, useValue: new Probe() },
        { provide: Db, useValue: db },
        ...providers,
      ],
    }).compile();
    const app = moduleRef.createNestMicroservice({ strategy: new BusServer(transport, admission) });
    app.useLogger(false);
    await app.listen();
    apps.push(app);
    return app;
  }

  const effects = async (consumer: string, eventId: string): Promise<number> =>
    (await db.system.query(`SELECT 1 FROM "shipment_effect" WHERE "consumer" = $1 AND "event_id" = $2`, [consumer, eventId])).length;

  beforeAll(async () => {
    base = freshDatabaseBase();
    db = await Db.open({ service: 'bus', entities: [], migrations: [BusTestTables1700000000000], url: base });
  });

  afterEach(async () => {
    for (const app of apps.splice(0).reverse()) await app.close();
    await kit.cleanup();
  });

  afterAll(async () => {
    await db?.close();
    if (base) await dropDatabases(base);
  });

  describe('request/reply', () => {
    let bus: BusClient;
    let probe: Probe;
    const ctx: CallerContext = callerContext({ userId: 42, roles: ['ORDERS'], depositorIds: [7, 9] });

    beforeEach(async () => {
      const app = await startApp([OrdersController], await kit.connect('orders'));
      probe = app.get(PROBE);
      bus = (await startApp([], await kit.connect('gateway'))).get(BusClient);
    });

    it('answers with the data and sees the caller context', async () => {
      const reply = await bus.request<Record<string, unknown>>(S.echo, ctx, { orderId: 12 });
      // Replies must be JSON data: over NATS a Date becomes its ISO string; in-process the reply is
      // handed over without a copy (hot path), so services present dates as strings themselves.
      expect({ ...reply, shippedAt: new Date(reply.shippedAt as string).toISOString() }).toEqual({
        orderId: 12,
        userId: 42,
        requestId: ctx.requestId,
        scope: ctx.scope,
        shippedAt: '2026-01-02T00:00:00.000Z',
      });
    });

    it("delivers the handler's AppError with the same key, status and params", async () => {
      const error = await rejectionOf(bus.request(S.refuse, ctx, { orderId: 12 }));
      expect({ key: error.key, status: error.status, params: error.params, message: error.message }).toEqual({
        key: 'objectNotFound',
        status: 404,
        params: { orderId: 12 },
        message: 'order 12 not found',
      });
    });

    it('turns an unknown error into unexpectedError without leaking its details', async () => {
      const error = await rejectionOf(bus.request(S.crash, ctx, {}));
      expect(error.key).toBe('unexpectedError');
      expect(error.status).toBe(500);
      expect(JSON.stringify({ message: error.message, params: error.params })).not.toMatch(/hunter2|ECONNREFUSED|10\.0\.0\.7/);
    });

    it('answers serverUnavailable at once when nobody serves the subject', async () => {
      const started = Date.now();
      const error = await rejectionOf(bus.request(subject('nobody'), ctx, {}));
      expect(error.key).toBe('serverUnavailable');
      expect(error.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('answers serverUnavailable when the handler is slower than the timeout', async () => {
      const started = Date.now();
      const error = await rejectionOf(bus.request(S.slow, ctx, {}, 300));
      expect(error.key).toBe('serverUnavailable');
      expect(Date.now() - started).toBeLessThan(2000);
      probe.releaseSlow();
    });
  });

  describe('admission (issue 23: overload sheds, it does not queue without bound)', () => {
    const ctx: CallerContext = callerContext({ userId: 42, roles: ['ORDERS'], depositorIds: [7] });

    it('sheds what cannot get a turn with serverUnavailable and retryAfter, while other subjects are served', async () => {
      const admission = new Admission({ concurrency: 1, queue: 1, maxWaitMs: 300 });
      const app = await startApp([OrdersController], await kit.connect('orders'), [], admission);
      const probe = app.get<Probe>(PROBE);
      const bus = (await startApp([], await kit.connect('gateway'))).get(BusClient);
      const served = (n: number) => waitFor(`${n} requests taken in`, () => admission.stats.admitted + admission.stats.queued >= n);

      const first = bus.request<string>(S.slow, ctx, {}, 5000); // takes the subject's one turn
      await served(1);
      const second = rejectionOf(bus.request(S.slow, ctx, {}, 5000)); // waits for it
      await served(2);
      const started = Date.now();
      const third = await rejectionOf(bus.request(S.slow, ctx, {}, 5000)); // the queue is full: shed at once
      expect({ key: third.key, status: third.status, params: third.params }).toEqual({
        key: 'serverUnavailable',
        status: 503,
        params: { retryAfter: 1 },
      });
      expect(Date.now() - started).toBeLessThan(250);
      // Another subject has its own turns.
      await expect(bus.request(S.echo, ctx, { orderId: 3 })).resolves.toMatchObject({ orderId: 3 });
      // The waiting one is shed after the longest wait, not left until its 5 s timeout.
      const waited = await second;
      expect(waited.key).toBe('serverUnavailable');
      expect(Date.now() - started).toBeLessThan(2000);
      probe.releaseSlow();
      await expect(first).resolves.toBe('late');
      expect(admission.stats.shed).toBe(2);
      // The turn came back: the subject serves again.
      const again = bus.request<string>(S.slow, ctx, {}, 5000);
      await waitFor('the slow handler running again', () => probe.slowWaiting === 1);
      probe.releaseSlow();
      await expect(again).resolves.toBe('late');
    });

    it('never queues a request past its caller’s timeout', async () => {
      const admission = new Admission({ concurrency: 1, queue: 10, maxWaitMs: 10_000 });
      const app = await startApp([OrdersController], await kit.connect('orders'), [], admission);
      const probe = app.get<Probe>(PROBE);
      const bus = (await startApp([], await kit.connect('gateway'))).get(BusClient);
      const first = bus.request<string>(S.slow, ctx, {}, 5000);
      await waitFor('the first request served', () => admission.stats.admitted === 1);
      const started = Date.now();
      const late = await rejectionOf(bus.request(S.slow, ctx, {}, 400));
      expect(late.key).toBe('serverUnavailable');
      expect(Date.now() - started).toBeLessThan(1500);
      // Shed by the service before the caller's timeout ran out (not a bare timeout of the caller).
      await waitFor('the late request shed', () => admission.stats.shed === 1);
      probe.releaseSlow();
      await expect(first).resolves.toBe('late');
    });
  });

  describe('bare transport', () => {
    it('answers unexpectedError when a served handler throws outside BusServer', async () => {
      const service = await kit.connect('bare-service');
      await service.serve(subject('bare'), async () => {
        throw new Error('secret internals');
      });
      const reply = await (await kit.connect('bare-caller')).request(subject('bare'), { ctx: callerContext({}), data: {} });
      expect(reply).toEqual({ ok: false, error: { key: 'unexpectedError', message: 'unexpected error' } });
    });

    // In-process, a consumer stops only with the whole process; the outbox covers that restart.
    const itOwnProcess = kit.consumersRestartAlone ? it : it.skip;
    itOwnProcess('resumes a durable consumer after it stopped, with what was published meanwhile and nothing it acknowledged', async () => {
      const producer = await kit.connect('producer');
      const event = (note: string): DomainEvent => ({
        id: randomUUID(),
        type: E.resumed,
        source: 'bustest',
        occurredAt: new Date().toISOString(),
        payload: { note },
      });
      const before = event('before');
      const meanwhile = event('meanwhile');

      const firstRun: string[] = [];
      const first = await kit.connect('resumed-1');
      await first.consume('bustest.resumed', [E.resumed], async (e) => void firstRun.push(e.id));
      await producer.publish(before);
      await waitFor('the first run to get the first event', () => firstRun.includes(before.id));
      await first.close();

      await producer.publish(meanwhile);
      const secondRun: string[] = [];
      const second = await kit.connect('resumed-2');
      await second.consume('bustest.resumed', [E.resumed], async (e) => void secondRun.push(e.id));
      await waitFor('the event published while stopped', () => secondRun.includes(meanwhile.id));
      expect(secondRun).toEqual([meanwhile.id]);
    });
  });

  describe('queue groups', () => {
    it('gives each request to exactly one of two copies of a service, and both get a share', async () => {
      const probe = new Probe();
      await startApp([OrdersController], await kit.connect('orders-a'), [
        { provide: INSTANCE, useValue: 'a' },
        { provide: PROBE, useValue: probe },
      ]);
      await startApp([OrdersController], await kit.connect('orders-b'), [
        { provide: INSTANCE, useValue: 'b' },
        { provide: PROBE, useValue: probe },
      ]);
      const bus = (await startApp([], await kit.connect('gateway'))).get(BusClient);
      const ctx = callerContext({});

      const replies = await Promise.all(Array.from({ length: 40 }, () => bus.request<string>(S.share, ctx, {})));
      // One more round trip after all answers, so a duplicate delivery would have been counted.
      await bus.request(S.echo, ctx, { orderId: 1 });

      expect(replies.filter((r) => r === 'a').length + replies.filter((r) => r === 'b').length).toBe(40);
      expect((probe.answeredBy.get('a') ?? 0) + (probe.answeredBy.get('b') ?? 0)).toBe(40);
      expect(probe.answeredBy.get('a')).toBeGreaterThan(0);
      expect(probe.answeredBy.get('b')).toBeGreaterThan(0);
    });
  });

  describe('service start', () => {
    it('delivers events left in the outbox while the service was down, though the relay starts before the consumers', async () => {
      const left = await db.system.transaction((em) => addToOutbox(em, 'bustest', E.late, { note: 'left behind' }));
      // One app with relay and consumer, as a service runs: Nest bootstraps the relay before the server listens.
      const transport = await kit.connect('restarted');
      const app = await startApp([LateProjection], transport, [
        { provide: OutboxRelay, useFactory: (t: BusTransport) => new OutboxRelay(db, t, 50), inject: [BUS_TRANSPORT] },
      ]);
      const probe = app.get<Probe>(PROBE);
      await waitFor('the event left behind', () => probe.delivered('bustest.late').some((e) => e.id === left.id));
    });
  });

  describe('events through the outbox', () => {
    let producer: BusTransport;
    let relay: OutboxRelay;
    let probe: Probe;

    async function commitEvent(type: string, note: string): Promise<DomainEvent> {
      return db.system.transaction((em) => addToOutbox(em, 'bustest', type, { note }));
    }

    beforeEach(async () => {
      const consumerApp = await startApp([ShipmentProjections], await kit.connect('projections'));
      probe = consumerApp.get(PROBE);
      producer = await kit.connect('producer');
      // The relay as a service would run it: on a timer, through the application lifecycle.
      const relayApp = await startApp([], producer, [
        { provide: OutboxRelay, useFactory: (t: BusTransport) => new OutboxRelay(db, t, 50), inject: [BUS_TRANSPORT] },
      ]);
      relay = relayApp.get(OutboxRelay);
    });

    it('delivers a committed event to its consumer, as written', async () => {
      const event = await commitEvent(E.other, 'parcel 1');
      await waitFor('the consumer to apply it', async () => (await effects('bustest.other', event.id)) === 1);
      expect(probe.delivered('bustest.other')).toEqual([event]);
    });

    it('carries the id of the request that wrote the event to its consumer, whose log context names both', async () => {
      const event = await runWithRequestId('req-trace-0007', () => commitEvent(E.other, 'parcel 7'));
      expect(event.requestId).toBe('req-trace-0007');
      await waitFor('the consumer to apply it', async () => (await effects('bustest.other', event.id)) === 1);
      expect(probe.delivered('bustest.other')[0]).toMatchObject({ id: event.id, requestId: 'req-trace-0007' });
      expect(probe.logContexts.get(event.id)).toEqual({ requestId: 'req-trace-0007', eventId: event.id });
    });

    it('names the event alone when no request wrote it (a timer, a seed)', async () => {
      const event = await commitEvent(E.other, 'parcel 8');
      expect(event.requestId).toBeUndefined();
      await waitFor('the consumer to apply it', async () => (await effects('bustest.other', event.id)) === 1);
      expect(probe.logContexts.get(event.id)).toEqual({ requestId: `event-${event.id}`, eventId: event.id });
    });

    it('never sends the event of a rolled-back transaction', async () => {
      let rolledBack: DomainEvent | undefined;
      await expect(
        db.system.transaction(async (em) => {
          rolledBack = await addToOutbox(em, 'bustest', E.other, { note: 'cancelled' });
          throw new Error('order rejected');
        }),
      ).rejects.toThrow('order rejected');
      const marker = await commitEvent(E.other, 'after');

      await waitFor('the event committed after the rollback', () => probe.delivered('bustest.other').some((e) => e.id === marker.id));
      expect(probe.delivered('bustest.other').map((e) => e.id)).toEqual([marker.id]);
      expect(await db.system.query(`SELECT 1 FROM "outbox" WHERE "id" = $1`, [rolledBack!.id])).toHaveLength(0);
    });

    it('gives an event of one type to every consumer of that type, once each, and to no other', async () => {
      const event = await commitEvent(E.created, 'parcel 2');
      const marker = await commitEvent(E.other, 'marker');
      await waitFor(
        'both consumers',
        async () => (await effects('bustest.tracking', event.id)) === 1 && (await effects('bustest.billing', event.id)) === 1,
      );
      await waitFor('the marker', () => probe.delivered('bustest.other').some((e) => e.id === marker.id));

      expect(probe.delivered('bustest.tracking').map((e) => e.id)).toEqual([event.id]);
      expect(probe.delivered('bustest.billing').map((e) => e.id)).toEqual([event.id]);
      expect(probe.delivered('bustest.other').map((e) => e.id)).toEqual([marker.id]);
    });

    it('delivers again an event whose handler failed, and applies it once', async () => {
      const event = await commitEvent(E.flaky, 'retry me');
      await waitFor('the effect after a redelivery', async () => (await effects('bustest.flaky', event.id)) === 1);
      expect(probe.delivered('bustest.flaky').filter((e) => e.id === event.id).length).toBeGreaterThanOrEqual(2);
    });

    it('applies an event delivered twice only once (handleOnce)', async () => {
      const event = await commitEvent(E.crashAfterCommit, 'twice');
      await waitFor('a second delivery', () => probe.delivered('bustest.crash-after-commit').filter((e) => e.id === event.id).length >= 2);
      expect(await effects('bustest.crash-after-commit', event.id)).toBe(1);
      // And directly: the same event handled again is skipped.
      expect(await handleOnce(db, 'bustest.crash-after-commit', event, (em) => insertEffect(em, 'bustest.crash-after-commit', event))).toBe(
        false,
      );
      expect(await effects('bustest.crash-after-commit', event.id)).toBe(1);
    });

    it('does not resend published events when a new relay starts on the same database', async () => {
      const event = await commitEvent(E.other, 'once');
      await waitFor('the first delivery', () => probe.delivered('bustest.other').length === 1);
      await relay.beforeApplicationShutdown();

      const published: DomainEvent[] = [];
      const counting: BusTransport = Object.assign(Object.create(producer) as BusTransport, {
        publish: async (e: DomainEvent) => {
          published.push(e);
          await producer.publish(e);
        },
      });
      const restarted = new OutboxRelay(db, counting, 50);
      // A pass that finds nothing pending is one statement, not a transaction (the timer's passes in every service).
      const statements = jest.spyOn(db.system, 'query');
      const transactions = jest.spyOn(db.system, 'transaction');
      await restarted.drain();
      expect(published).toEqual([]);
      expect([statements.mock.calls.length, transactions.mock.calls.length]).toEqual([1, 0]);
      statements.mockRestore();
      transactions.mockRestore();

      const next = await commitEvent(E.other, 'after restart');
      await restarted.drain();
      expect(published.map((e) => e.id)).toEqual([next.id]);
      await waitFor('the event sent by the new relay', () => probe.delivered('bustest.other').length === 2);
      expect(probe.delivered('bustest.other').map((e) => e.id)).toEqual([event.id, next.id]);
    });

    it('delivers an event relayed before its consumer subscribed, once the consumer subscribes', async () => {
      const event = await commitEvent(E.late, 'early');
      await waitFor(
        'the relay to publish it',
        async () =>
          (await db.system.query(`SELECT 1 FROM "outbox" WHERE "id" = $1 AND "published_at" IS NOT NULL`, [event.id])).length === 1,
      );

      const late = await startApp([LateProjection], await kit.connect('late'));
      const lateProbe = late.get<Probe>(PROBE);
      await waitFor('the late consumer', () => lateProbe.delivered('bustest.late').length === 1);
      expect(lateProbe.delivered('bustest.late')[0].id).toBe(event.id);
    });
  });

  describe('batch consumers', () => {
    let probe: Probe;

    async function commitEvents(type: string, count: number): Promise<DomainEvent[]> {
      const events: DomainEvent[] = [];
      // One transaction each, one after the other: the outbox relays them in this order.
      for (let n = 0; n < count; n++) events.push(await db.system.transaction((em) => addToOutbox(em, 'bustest', type, { note: `#${n}` })));
      return events;
    }
    const effectCount = async (consumer: string): Promise<number> =>
      (await db.system.query(`SELECT 1 FROM "shipment_effect" WHERE "consumer" = $1`, [consumer])).length;

    beforeEach(async () => {
      probe = (await startApp([BatchProjections], await kit.connect('batches'))).get(PROBE);
      await startApp([], await kit.connect('batch-producer'), [
        { provide: OutboxRelay, useFactory: (t: BusTransport) => new OutboxRelay(db, t, 50), inject: [BUS_TRANSPORT] },
      ]);
    });

    it('hands a batch consumer its events in the bus’s order, in batches of at most its size, each applied once', async () => {
      const events = await commitEvents(E.batched, 12);
      await waitFor('every event applied', async () => (await effectCount('bustest.batched')) === 12);
      const batches = probe.batches.get('bustest.batched') ?? [];
      expect(batches.flat().map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect(batches.every((b) => b.length >= 1 && b.length <= TEST_BATCH)).toBe(true);
      expect(batches.flat()[0]).toEqual(events[0]);
    });

    it('delivers a whole batch again when its handler fails, and applies each of its events once', async () => {
      const events = await commitEvents(E.batchedFlaky, 6);
      await waitFor('every event applied', async () => (await effectCount('bustest.batched-flaky')) === 6);
      const [failed, ...later] = probe.batches.get('bustest.batched-flaky') ?? [];
      const again = later.flat().map((e) => e.id);
      expect(failed.length).toBeGreaterThanOrEqual(1);
      for (const e of failed) expect(again).toContain(e.id);
      expect(new Set(again)).toEqual(new Set(events.map((e) => e.id)));
      for (const e of events) expect(await effects('bustest.batched-flaky', e.id)).toBe(1);
    });

    // Only where the client holds events the bus sent ahead (NATS); in-process a publish waits for its consumers.
    const itHeldAhead = kit.unacknowledged ? it : it.skip;
    itHeldAhead('takes the events waiting in one batch, and never waits for more to come', async () => {
      const producer = await kit.connect('waiting-producer');
      const consumer = await kit.connect('waiting-consumer');
      const event = (n: number): DomainEvent => ({
        id: randomUUID(),
        type: E.waiting,
        source: 'bustest',
        occurredAt: new Date().toISOString(),
        payload: { note: `#${n}` },
      });
      const batches: string[][] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await consumer.consumeBatches(
        'bustest.waiting',
        [E.waiting],
        async (events) => {
          batches.push(events.map((e) => e.id));
          if (batches.length === 1) await gate;
        },
        50,
      );
      const first = event(0);
      await producer.publish(first);
      // Handed over alone: the consumer did not wait for more.
      await waitFor('the first batch', () => batches.length === 1);
      expect(batches[0]).toEqual([first.id]);
      // While it is handled, nine more arrive and wait in the client; then they come in one batch, in order.
      const rest = Array.from({ length: 9 }, (_, n) => event(n + 1));
      for (const e of rest) await producer.publish(e);
      await waitFor('the nine sent to the consumer', async () => (await kit.unacknowledged!('bustest.waiting')) === 10);
      release();
      await waitFor('the nine handled', () => batches.flat().length === 10);
      expect(batches).toEqual([[first.id], rest.map((e) => e.id)]);
      // All acknowledged.
      await waitFor('every event acknowledged', async () => (await kit.unacknowledged!('bustest.waiting')) === 0);
    });

    it("tells a batch's consumer and each event's position, and the consumer's ack floor reaches the handled ones", async () => {
      const producer = await kit.connect('positioned-producer');
      const consumer = await kit.connect('positioned-consumer');
      const seen: { consumer: string; positions: number[] }[] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await consumer.consumeBatches(
        'bustest.positioned',
        [E.positioned],
        async (_events, meta) => {
          seen.push(meta);
          await gate;
        },
        50,
        { ackWaitMs: 5000 },
      );
      // In-process a publish waits for its consumers: nothing held there.
      if (consumer.kind === 'in-process') release();
      for (let n = 0; n < 3; n++)
        await producer.publish({
          id: randomUUID(),
          type: E.positioned,
          source: 'bustest',
          occurredAt: new Date().toISOString(),
          payload: { n },
        });
      if (consumer.kind === 'in-process') {
        await waitFor('the three handled', () => seen.flatMap((m) => m.positions).length === 3);
        expect(await consumer.ackFloor('bustest.positioned')).toBeNull();
      } else {
        await waitFor('the first batch', () => seen.length >= 1);
        // Held by the handler: not acknowledged, the floor stays below it.
        const first = seen[0].positions[0];
        expect(await consumer.ackFloor('bustest.positioned')).toBeLessThan(first);
        release();
        await waitFor('the three handled', () => seen.flatMap((m) => m.positions).length === 3);
        const last = Math.max(...seen.flatMap((m) => m.positions));
        await waitFor('the floor at the last one', async () => (await consumer.ackFloor('bustest.positioned')) === last);
        // Idle, it has handled all of its own up to the stream's end: an event of another type, later, is under its floor.
        const other: number[] = [];
        await consumer.consumeBatches(
          'bustest.positioned-other',
          [E.positionedOther],
          async (_events, meta) => {
            other.push(...meta.positions);
          },
          50,
        );
        await producer.publish({
          id: randomUUID(),
          type: E.positionedOther,
          source: 'bustest',
          occurredAt: new Date().toISOString(),
          payload: {},
        });
        await waitFor('the other event handled', () => other.length === 1);
        expect(other[0]).toBeGreaterThan(last);
        expect(await consumer.ackFloor('bustest.positioned')).toBeGreaterThanOrEqual(other[0]);
      }
      expect(seen.every((m) => m.consumer === 'bustest.positioned')).toBe(true);
      const positions = seen.flatMap((m) => m.positions);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(positions).size).toBe(3);
    });
  });
});

/** Issue 33 item 1: a request whose responder dies with it ends within the responder's silence, not its budget. */
(process.env.NATS_URL ? describe : describe.skip)('NATS requests and their responder’s progress', () => {
  const url = process.env.NATS_URL!;
  const stream = `BUSSILENCE_${RUN}`;
  const opened: NatsTransport[] = [];
  const releases: (() => void)[] = [];
  const open = async (name: string) => {
    const t = await NatsTransport.connect({ url, name, stream, eventPrefix: `bussilence_${RUN}`, responderSilenceMs: 1500 });
    opened.push(t);
    return t;
  };
  /** A handler that works until released (or `ms`), answering 'done'. */
  const working = (ms: number) => () =>
    new Promise<{ ok: true; data: string }>((resolve) => {
      const timer = setTimeout(() => resolve({ ok: true, data: 'done' }), ms);
      releases.push(() => {
        clearTimeout(timer);
        resolve({ ok: true, data: 'done' });
      });
    });

  afterAll(async () => {
    for (const release of releases) release();
    for (const t of opened) await t.close().catch(() => undefined);
    const nc = await connect({ servers: url });
    try {
      await (await nc.jetstreamManager()).streams.delete(stream).catch(() => undefined);
    } finally {
      await nc.close();
    }
  });

  it('waits for a responder that works longer than the silence allowed, since it says it is at work', async () => {
    const service = await open('slow-service');
    await service.serve(subject('long-work'), working(3500));
    const started = Date.now();
    await expect((await open('slow-caller')).request(subject('long-work'), {}, 20_000)).resolves.toEqual({ ok: true, data: 'done' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3400);
  });

  it('answers serverUnavailable within the silence when the responder goes away with the request, not at the end of its budget', async () => {
    const service = await open('dying-service');
    let received!: () => void;
    const taken = new Promise<void>((resolve) => (received = resolve));
    const work = working(60_000);
    await service.serve(subject('dies'), () => {
      received();
      return work();
    });
    const started = Date.now();
    const answer = (await open('waiting-caller')).request(subject('dies'), {}, 30_000).then(
      () => 'answered',
      (e: unknown) => e,
    );
    await taken;
    // The service's connection ends as its process would (no reply, no more progress).
    await service.close();
    const error = await answer;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('serverUnavailable');
    expect((error as AppError).message).toMatch(/stopped responding/);
    expect(Date.now() - started).toBeLessThan(1500 + 1500);
  });

  it('asks another copy a retryable request (one an HTTP GET made) whose copy went away with it; once, then unavailable', async () => {
    const dying = await open('read-copy-dying');
    let received!: () => void;
    const taken = new Promise<void>((resolve) => (received = resolve));
    const work = working(60_000);
    await dying.serve(subject('read'), () => {
      received();
      return work();
    });
    const caller = await open('read-caller');
    const started = Date.now();
    const answer = caller.request(subject('read'), {}, 30_000, { retryable: true });
    await taken;
    // The other copy comes up while the first one works, then the first goes away.
    const other = await open('read-copy-other');
    await other.serve(subject('read'), () => Promise.resolve({ ok: true, data: 'from the other copy' }));
    await dying.close();
    await expect(answer).resolves.toEqual({ ok: true, data: 'from the other copy' });
    expect(Date.now() - started).toBeLessThan(1500 + 1500);

    // Not retryable (a write): not asked again, answered unavailable.
    const lone = await open('write-copy');
    let got = 0;
    await lone.serve(subject('write'), () => {
      got++;
      return work();
    });
    const write = caller.request(subject('write'), {}, 30_000).catch((e: unknown) => e);
    while (got === 0) await new Promise((r) => setTimeout(r, 20));
    await lone.close();
    await expect(write).resolves.toMatchObject({ key: 'serverUnavailable' });
    expect(got).toBe(1);

    // Retryable, but no copy left: unavailable at once after the silence, not at the end of the budget.
    const last = await open('read-copy-last');
    let taken2!: () => void;
    const gotIt = new Promise<void>((resolve) => (taken2 = resolve));
    await last.serve(subject('read-last'), () => {
      taken2();
      return work();
    });
    const since = Date.now();
    const orphan = caller.request(subject('read-last'), {}, 30_000, { retryable: true }).catch((e: unknown) => e);
    await gotIt;
    await last.close();
    await expect(orphan).resolves.toMatchObject({ key: 'serverUnavailable' });
    expect(Date.now() - since).toBeLessThan(1500 + 1000);
  });
});
