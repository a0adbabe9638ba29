import type { DomainEvent, ErrorBody } from '@portal/contracts';

/** What crosses the wire as the answer of a request. */
export type Reply = { ok: true; data: unknown } | { ok: false; error: ErrorBody['error'] };

export type RequestHandler = (payload: unknown) => Promise<Reply>;
export type EventHandler = (event: DomainEvent) => Promise<void>;
/**
 * Where a batch's events stand on the bus: its durable consumer and each event's position (the JetStream
 * stream sequence; in-process, a count), so that work made from an event can wait for `ackFloor`.
 */
export interface EventBatchMeta {
  consumer: string;
  positions: number[];
}
/** A batch consumer's handler: the events waiting, in the bus's order, handled together (one commit). */
export type EventBatchHandler = (events: DomainEvent[], meta: EventBatchMeta) => Promise<void>;

export interface ConsumeOptions {
  /**
   * How long a delivered event may stay unacknowledged before the bus hands it to another copy (ms;
   * 30 s unless said). Shorter: a killed copy's events come back sooner (they also hold `ackFloor`).
   */
  ackWaitMs?: number;
}
/** Hears an event with its position in the bus's one order of events (`follow`); synchronous, so that order holds. */
export type FollowHandler = (event: DomainEvent, position: number) => void;

/**
 * Where a follower starts: positions are the same for every instance on the same bus (the JetStream
 * stream's sequence, or the in-process transport's count) within one `epoch` (the stream's creation,
 * or the process's start); every followed event after `from` reaches the follower.
 */
export interface FollowStart {
  epoch: string;
  from: number;
}

/**
 * The bus contract shared by both transports: request/reply with load sharing between copies of a
 * service, and durable events delivered at least once to each named consumer.
 */
export interface BusTransport {
  readonly kind: 'in-process' | 'nats';
  /**
   * Sends a request; rejects with AppError `serverUnavailable` when nobody answers in time. `retryable`:
   * the request changes nothing (it serves an HTTP GET), so it may be asked again of another copy when
   * the copy working on it dies.
   */
  request(subject: string, payload: unknown, timeoutMs?: number, options?: RequestOptions): Promise<Reply>;
  /** Serves a subject; copies serving the same subject share the load (queue group). */
  serve(subject: string, handler: RequestHandler): Promise<void>;
  /** Publishes a durable event; resolves once the bus holds it. */
  publish(event: DomainEvent): Promise<void>;
  /** A durable consumer: gets every event of these types, at least once, resumes after restarts. */
  consume(consumer: string, types: string[], handler: EventHandler): Promise<void>;
  /**
   * A durable consumer taking its events in batches (`consume` is its batch of one): each call gets
   * the events that have arrived and wait, at most `maxBatch`, in the bus's order, without waiting for
   * more to come; all are acknowledged when the handler resolves, all delivered again when it throws.
   * In-process, where a publish waits for its consumers, a batch is the one event published.
   */
  consumeBatches(consumer: string, types: string[], handler: EventBatchHandler, maxBatch: number, options?: ConsumeOptions): Promise<void>;
  /**
   * The consumer's acknowledgement floor: every one of its events at or below this position has been
   * handled and acknowledged (JetStream's `ack_floor.stream_seq`; an idle consumer's, the stream's last
   * position). Null when there is nothing to wait for (in-process, where events are handled one after the
   * other) or the consumer is unknown.
   */
  ackFloor(consumer: string): Promise<number | null>;
  /**
   * Every running instance hears every event of these types as it passes, without durability:
   * for in-memory caches that must forget something (a revoked session) everywhere at once.
   */
  listen(types: string[], handler: EventHandler): Promise<void>;
  /**
   * Like `listen` (every instance, nothing durable), but in the bus's one order and with each event's
   * position in it, so that a position means the same on every instance: the live screens' resumable
   * stream (issue 35) names where a browser stopped, whichever gateway it comes back to.
   */
  follow(types: string[], handler: FollowHandler): Promise<FollowStart>;
  close(): Promise<void>;
}

export interface RequestOptions {
  retryable?: boolean;
}

export const BUS_TRANSPORT = Symbol('BUS_TRANSPORT');
/** The most events a batch consumer takes in one call unless it says otherwise (`OnEventBatch`). */
export const DEFAULT_EVENT_BATCH = 200;
/** JetStream's redelivery delay of an unacknowledged event unless a consumer says otherwise. */
export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = Number(process.env.BUS_TIMEOUT_MS ?? 5000);
