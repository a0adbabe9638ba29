import { AsyncLocalStorage } from 'node:async_hooks';

/** What one unit of work (an HTTP request, a bus request, an event) carries into every log line. */
export interface RequestContext {
  /** The request that started the work: an HTTP request's id, carried across the bus and through events. */
  requestId: string;
  /** The event being handled, when the work is a consumer's. */
  eventId?: string;
  /**
   * An HTTP GET or HEAD: safe by definition, so a bus request made for it may be asked again of
   * another copy of its service when the copy working on it dies (NatsTransport).
   */
  safe?: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with this request id: every Logger line written inside it, however deep, carries it. */
export function runWithRequestId<T>(requestId: string, fn: () => T, options: { safe?: boolean } = {}): T {
  return storage.run({ requestId, safe: options.safe }, fn);
}

/** Runs `fn` as a consumer's handling of one event, on behalf of the request that caused the event. */
export function runWithEvent<T>(event: { id: string; requestId?: string }, fn: () => T): T {
  return storage.run({ requestId: event.requestId ?? `event-${event.id}`, eventId: event.id }, fn);
}

/** The request id of the work in progress, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** True while serving an HTTP GET or HEAD (see RequestContext.safe). */
export function currentRequestIsSafe(): boolean {
  return storage.getStore()?.safe === true;
}

/** The event being handled by the work in progress, if any. */
export function currentEventId(): string | undefined {
  return storage.getStore()?.eventId;
}
