import { Logger } from '@nestjs/common';
import { BaseRpcContext, CustomTransportStrategy, EventPattern, MessageHandler, Server } from '@nestjs/microservices';
import type { BusRequest, DomainEvent } from '@portal/contracts';
import { DRAIN_TIMEOUT_MS, runWithEvent, runWithRequestId } from '@portal/ops';
import { lastValueFrom } from 'rxjs';
import { Admission } from './admission';
import { toAppError } from './errors';
import { DEFAULT_EVENT_BATCH, type BusTransport, type ConsumeOptions, type EventBatchMeta, type Reply } from './transport';

/**
 * Subscribes a method to a domain event as a named durable consumer (`<service>.<purpose>`).
 * The handler gets the DomainEvent; it should write through `handleOnce` to stay idempotent.
 */
export const OnEvent = (type: string, consumer: string): MethodDecorator => EventPattern(type, { consumer });

/**
 * Like `OnEvent`, but the handler gets a DomainEvent[]: the events of its consumer that are waiting
 * (at most `maxBatch`, in the bus's order, never waiting for more), to handle in one commit. They are
 * all acknowledged when it resolves, all delivered again when it throws: it must stay idempotent.
 */
export const OnEventBatch = (
  type: string,
  consumer: string,
  maxBatch = DEFAULT_EVENT_BATCH,
  options: ConsumeOptions = {},
): MethodDecorator => EventPattern(type, { consumer, batch: maxBatch, ackWaitMs: options.ackWaitMs });

/** The batch's consumer and positions, for a handler that asks (`@Ctx() ctx: BaseRpcContext` then `batchMeta(ctx)`). */
export const batchMeta = (ctx: BaseRpcContext): EventBatchMeta | undefined => ctx.getArgByIndex(1) as EventBatchMeta | undefined;

/** The log context of a batch: its event's own when alone, else its first event's id under a request id naming the batch. */
const batchContext = (events: DomainEvent[]): { id: string; requestId?: string } =>
  events.length === 1 ? events[0] : { id: events[0].id, requestId: `events-${events[0].id}+${events.length - 1}` };

/**
 * Nest transport strategy over a BusTransport: binds every @MessagePattern to a request subject and
 * every @OnEvent (@OnEventBatch) to a durable consumer. The same class serves the all-in-one and distributed modes.
 */
export class BusServer extends Server implements CustomTransportStrategy {
  protected override readonly logger = new Logger('BusServer');
  /** Requests and events being handled now: `close` waits for them (graceful shutdown). */
  private readonly inFlight = new Set<Promise<unknown>>();

  /** Each request subject's turns (BUS_CONCURRENCY, BUS_QUEUE, BUS_QUEUE_WAIT_MS); events do not queue here. */
  constructor(
    private readonly transport: BusTransport,
    readonly admission = new Admission(),
  ) {
    super();
  }

  async listen(callback: (...optionalParams: unknown[]) => unknown): Promise<void> {
    try {
      for (const [pattern, handler] of this.messageHandlers) {
        if (handler.isEventHandler) await this.bindEvents(pattern, handler);
        else await this.transport.serve(pattern, (payload) => this.admit(pattern, handler, payload));
      }
      callback();
    } catch (e) {
      callback(e);
    }
  }

  private async bindEvents(pattern: string, first: MessageHandler): Promise<void> {
    // Nest chains the handlers of one pattern and calling the first runs them all; each is its own
    // durable consumer here, so unchain them to run (and fail, and be redelivered) on their own.
    const handlers: MessageHandler[] = [];
    for (let h: MessageHandler | undefined = first; h; h = h.next as MessageHandler | undefined) handlers.push(h);
    for (const handler of handlers) handler.next = undefined;
    for (const handler of handlers) {
      const consumer = String(handler.extras?.consumer ?? pattern);
      // An @OnEventBatch handler takes the batch, an @OnEvent one its batch of one, the event itself.
      const maxBatch = Number(handler.extras?.batch ?? 0);
      await this.transport.consumeBatches(
        consumer,
        [pattern],
        (events: DomainEvent[], meta: EventBatchMeta) =>
          // Every line of this handling carries the event id and the request that caused the event (a batch: its first).
          this.track(
            runWithEvent(batchContext(events), () => this.handleDomainEvents(consumer, pattern, handler, events, maxBatch > 0, meta)),
          ),
        Math.max(1, maxBatch),
        { ackWaitMs: handler.extras?.ackWaitMs === undefined ? undefined : Number(handler.extras.ackWaitMs) },
      );
    }
  }

  private async handleDomainEvents(
    consumer: string,
    pattern: string,
    handler: MessageHandler,
    events: DomainEvent[],
    batched: boolean,
    meta: EventBatchMeta,
  ): Promise<void> {
    const started = performance.now();
    const reply = await this.invoke(pattern, handler, batched ? events : events[0], meta);
    const what = events.length === 1 ? `${events[0].type} ${events[0].id}` : `${events.length} ${pattern} from ${events[0].id}`;
    if (!reply.ok) {
      this.logger.warn(`${consumer} failed on ${what}: ${reply.error.key} ${reply.error.message}`);
      throw new Error(`${consumer} failed on ${what}: ${reply.error.key}`);
    }
    this.logger.debug(`${consumer} handled ${what} in ${Math.round(performance.now() - started)} ms`);
  }

  /** A request waits for a turn of its subject, or is shed with serverUnavailable and a Retry-After. */
  private async admit(pattern: string, handler: MessageHandler, payload: unknown): Promise<Reply> {
    const { budgetMs, ctx } = (payload as Partial<BusRequest> | null) ?? {};
    const requestId = typeof ctx?.requestId === 'string' ? ctx.requestId : 'bus';
    try {
      // Every log line of this work carries the request id the gateway gave it, across the bus.
      return await this.track(
        runWithRequestId(requestId, () =>
          this.admission.run(pattern, typeof budgetMs === 'number' ? budgetMs : undefined, () => this.invoke(pattern, handler, payload)),
        ),
      );
    } catch (e) {
      return { ok: false, error: toAppError(e).toBody().error };
    }
  }

  private async invoke(pattern: string, handler: MessageHandler, payload: unknown, meta?: EventBatchMeta): Promise<Reply> {
    try {
      const result = this.transformToObservable(await handler(payload, new BaseRpcContext(meta ? [pattern, meta] : [pattern])));
      const data = await lastValueFrom(result, { defaultValue: null });
      return { ok: true, data: data ?? null };
    } catch (e) {
      return { ok: false, error: toAppError(e).toBody().error };
    }
  }

  on(): never {
    throw new Error('BusServer has no status events');
  }

  unwrap<T>(): T {
    return this.transport as T;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  /** Lets the work in hand finish (at most DRAIN_TIMEOUT_MS); the transport's owner closes the transport. */
  async close(): Promise<void> {
    if (!this.inFlight.size) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((resolve) => {
      timer = setTimeout(resolve, DRAIN_TIMEOUT_MS);
    });
    await Promise.race([Promise.allSettled([...this.inFlight]), late]);
    clearTimeout(timer);
  }
}
