import type { DomainEvent, ErrorBody } from '@portal/contracts';

/** What crosses the wire as the answer of a request. */
export type Reply = { ok: true; data: unknown } | { ok: false; error: ErrorBody['error'] };

export type RequestHandler = (payload: unknown) => Promise<Reply>;
export type EventHandler = (event: DomainEvent) => Promise<void>;

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
   * Every running instance hears every event of these types as it passes, without durability:
   * for in-memory caches that must forget something (a revoked session) everywhere at once.
   */
  listen(types: string[], handler: EventHandler): Promise<void>;
  close(): Promise<void>;
}

export interface RequestOptions {
  retryable?: boolean;
}

export const BUS_TRANSPORT = Symbol('BUS_TRANSPORT');
export const DEFAULT_REQUEST_TIMEOUT_MS = Number(process.env.BUS_TIMEOUT_MS ?? 5000);
