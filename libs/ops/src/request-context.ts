import { AsyncLocalStorage } from 'node:async_hooks';

/** What one unit of work (an HTTP request, a bus request, an event) carries into every log line. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with this request id: every Logger line written inside it, however deep, carries it. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The request id of the work in progress, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
