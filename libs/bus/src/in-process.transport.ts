import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { AppError, type DomainEvent } from '@portal/contracts';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  type BusTransport,
  type ConsumeOptions,
  type EventBatchHandler,
  type EventHandler,
  type FollowHandler,
  type FollowStart,
  type Reply,
  type RequestHandler,
} from './transport';

interface Subscription {
  consumer: string;
  types: Set<string>;
  /** Every consumer is a batch consumer here, each batch the one event published (or replayed). */
  handler: EventBatchHandler;
}

interface Published {
  event: DomainEvent;
  position: number;
}

/** Events kept for consumers that subscribe later (the all-in-one relay may start before them). */
const HISTORY_LIMIT = 10_000;
const REDELIVERY_DELAY_MS = 1000;

/** What a wire does to a value: JSON, so both transports hand services the same shapes (dates as strings). */
const overTheWire = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/**
 * The all-in-one transport: a direct call, with the same JSON copy and timeout a wire would give.
 * Durability comes from the outbox: an event leaves the outbox only once every subscribed consumer
 * took it, and consumers' inboxes make redelivery harmless. A consumer that subscribes later still
 * gets the recent events of its types, as a new JetStream durable consumer would.
 */
export class InProcessTransport implements BusTransport {
  readonly kind = 'in-process' as const;
  private readonly logger = new Logger('InProcessTransport');
  private readonly handlers = new Map<string, RequestHandler[]>();
  private readonly subscriptions: Subscription[] = [];
  private readonly roundRobin = new Map<string, number>();
  private readonly history: Published[] = [];
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly listeners: { types: Set<string>; handler: EventHandler }[] = [];
  private readonly followers: { types: Set<string>; handler: FollowHandler }[] = [];
  /** Events published so far: their positions for `follow`, meaningful in this process only (its epoch). */
  private published = 0;
  private readonly epoch = randomBytes(4).toString('hex');

  async request(subject: string, payload: unknown, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS): Promise<Reply> {
    const served = this.handlers.get(subject);
    if (!served?.length) throw new AppError('serverUnavailable', `no service answers ${subject}`);
    const turn = this.roundRobin.get(subject) ?? 0;
    this.roundRobin.set(subject, turn + 1);
    const handler = served[turn % served.length];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError('serverUnavailable', `no answer from ${subject} in ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      // The request is copied as a wire would (no shared mutable objects, same shapes as NATS); the
      // reply is a fresh object the caller only reads, so it is handed over as is (hot path).
      return await Promise.race([this.answer(subject, handler, overTheWire(payload)), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async answer(subject: string, handler: RequestHandler, payload: unknown): Promise<Reply> {
    try {
      return await handler(payload);
    } catch (e) {
      this.logger.error(`${subject}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return { ok: false, error: { key: 'unexpectedError', message: 'unexpected error' } };
    }
  }

  async serve(subject: string, handler: RequestHandler): Promise<void> {
    this.handlers.set(subject, [...(this.handlers.get(subject) ?? []), handler]);
  }

  async publish(event: DomainEvent): Promise<void> {
    // Numbered and handed to the followers before any await: every follower sees the same order.
    const position = ++this.published;
    for (const follower of this.followers) {
      if (!follower.types.has(event.type)) continue;
      try {
        follower.handler(overTheWire(event), position);
      } catch (e) {
        this.logger.warn(`follower: ${String(e)}`);
      }
    }
    this.history.push({ event: overTheWire(event), position });
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    const failures: unknown[] = [];
    for (const sub of this.subscriptions) {
      if (!sub.types.has(event.type)) continue;
      try {
        await sub.handler([overTheWire(event)], { consumer: sub.consumer, positions: [position] });
      } catch (e) {
        failures.push(e);
      }
    }
    for (const listener of this.listeners) {
      if (listener.types.has(event.type))
        await listener.handler(overTheWire(event)).catch((e: unknown) => this.logger.warn(`listener: ${String(e)}`));
    }
    if (failures.length) throw failures[0];
  }

  async listen(types: string[], handler: EventHandler): Promise<void> {
    this.listeners.push({ types: new Set(types), handler });
  }

  async follow(types: string[], handler: FollowHandler): Promise<FollowStart> {
    this.followers.push({ types: new Set(types), handler });
    return { epoch: this.epoch, from: this.published };
  }

  consume(consumer: string, types: string[], handler: EventHandler): Promise<void> {
    return this.consumeBatches(consumer, types, ([event]) => handler(event), 1);
  }

  /** A publish waits for its consumers and the outbox relays one event at a time: each batch is one event. */
  async consumeBatches(
    consumer: string,
    types: string[],
    handler: EventBatchHandler,
    _maxBatch: number,
    _options?: ConsumeOptions,
  ): Promise<void> {
    const sub: Subscription = { consumer, types: new Set(types), handler };
    const missed = this.history.filter((p) => sub.types.has(p.event.type));
    this.subscriptions.push(sub);
    for (const event of missed) await this.replay(sub, event);
  }

  /** Delivers a past event; the outbox no longer holds it, so a failure is retried here. */
  private async replay(sub: Subscription, published: Published): Promise<void> {
    if (!this.subscriptions.includes(sub)) return; // closed meanwhile
    try {
      await sub.handler([overTheWire(published.event)], { consumer: sub.consumer, positions: [published.position] });
    } catch (e) {
      this.logger.warn(`${sub.consumer}: ${e instanceof Error ? e.message : String(e)}; redelivery in 1 s`);
      const timer = setTimeout(() => {
        this.retries.delete(timer);
        void this.replay(sub, published);
      }, REDELIVERY_DELAY_MS);
      timer.unref();
      this.retries.add(timer);
    }
  }

  /** Nothing to wait for: a publish hands its event to each consumer in turn, one after the other. */
  async ackFloor(_consumer: string): Promise<number | null> {
    return null;
  }

  /** Removes the handlers of a subject (tests use it to simulate a stopped service). */
  unserve(subject: string): void {
    this.handlers.delete(subject);
  }

  async close(): Promise<void> {
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    this.handlers.clear();
    this.subscriptions.length = 0;
    this.listeners.length = 0;
    this.followers.length = 0;
    this.history.length = 0;
  }
}
