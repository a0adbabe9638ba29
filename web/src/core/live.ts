import { LIVE_PATH, LIVE_RETRY_MS, LiveEventNames, type LiveEventData, type LiveEventName } from '@portal/contracts';
import { getToken, subscribeSession } from './session';

/** One event of the live stream, as the screens get it. */
export interface LiveMessage<N extends LiveEventName = LiveEventName> {
  name: N;
  data: LiveEventData[N];
  id: string;
}
type Listener = (message: LiveMessage) => void;

/** The longest wait between two tries to open the stream again. */
export const LIVE_MAX_BACKOFF_MS = 60_000;
/** The stream stays open this long after the last screen that listened to it closed (moving between screens). */
export const LIVE_LINGER_MS = 30_000;

/** What the stream works with: the network, the session's token, the clock (tests give fakes). */
export interface LiveDeps {
  fetch: typeof fetch;
  token(): string | null;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  random(): number;
}

/** The wait before try `attempt` (0 first): the server's retry doubled each time, capped, with up to half again at random. */
export function backoffMs(attempt: number, retryMs: number, random: () => number): number {
  const base = Math.min(LIVE_MAX_BACKOFF_MS, retryMs * 2 ** Math.min(attempt, 10));
  return Math.round(base * (1 + random() / 2));
}

/** Reads server-sent events out of text chunks: `push` answers the complete events (comments skipped). */
export class SseParser {
  private pending = '';
  private fields: { id?: string; event?: string; data: string[] } = { data: [] };
  /** The last `retry:` the server gave, ms. */
  retryMs: number | null = null;

  push(chunk: string): { id?: string; event: string; data: string }[] {
    this.pending += chunk;
    const lines = this.pending.split(/\r\n|\r|\n/);
    this.pending = lines.pop() ?? '';
    const events: { id?: string; event: string; data: string }[] = [];
    for (const line of lines) {
      if (line === '') {
        if (this.fields.data.length || this.fields.event)
          events.push({ id: this.fields.id, event: this.fields.event ?? 'message', data: this.fields.data.join('\n') });
        this.fields = { data: [] };
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') this.fields.id = value;
      else if (field === 'event') this.fields.event = value;
      else if (field === 'data') this.fields.data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    }
    return events;
  }
}

/**
 * The tab's one live stream (issue 35): GET /api/live read with fetch, so that it carries the bearer
 * token as every API call does (an EventSource cannot send it). Open while some screen listens; on
 * a cut it comes back after a growing wait and resumes from its Last-Event-ID; `up` says whether
 * events are coming, so that screens that polled before poll again while it is down. A refused
 * session (401) stops it until the session changes; a full gateway (429) is tried again after the
 * time it names.
 */
export class LiveStream {
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private retryTimer: unknown = null;
  private lingerTimer: unknown = null;
  private lastEventId: string | undefined;
  private retryMs = LIVE_RETRY_MS;
  private attempt = 0;
  private isUp = false;
  /** The token of a refused session: not tried again until the session has another. */
  private refusedToken: string | null = null;

  constructor(private readonly deps: LiveDeps) {}

  get up(): boolean {
    return this.isUp;
  }

  /** Listens to every event; the stream opens with the first listener and closes a while after the last. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    this.deps.clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    this.ensureOpen();
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size && !this.lingerTimer) this.lingerTimer = this.deps.setTimeout(() => this.linger(), LIVE_LINGER_MS);
    };
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** The session changed (signed in, token renewed, signed out): open, keep, or close the stream. */
  sessionChanged(): void {
    if (!this.deps.token()) return this.close();
    if (this.deps.token() !== this.refusedToken) this.ensureOpen();
  }

  close(): void {
    this.controller?.abort();
    this.controller = null;
    this.deps.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.setUp(false);
  }

  private linger(): void {
    this.lingerTimer = null;
    if (!this.listeners.size) this.close();
  }

  private ensureOpen(): void {
    if (this.controller || this.retryTimer || !this.listeners.size) return;
    const token = this.deps.token();
    if (!token || token === this.refusedToken) return;
    void this.connect(token);
  }

  private async connect(token: string): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
    if (this.lastEventId) headers['Last-Event-ID'] = this.lastEventId;
    let retryAfterMs: number | null = null;
    try {
      const response = await this.deps.fetch(LIVE_PATH, { headers, signal: controller.signal, cache: 'no-store' });
      if (response.status === 401) {
        this.refusedToken = token;
        return;
      }
      if (response.status === 429) retryAfterMs = Number(response.headers.get('Retry-After') ?? 0) * 1000 || null;
      if (response.ok && response.body) await this.read(response.body, controller);
    } catch {
      // Cut (network, gateway gone) or closed on purpose: below.
    } finally {
      if (this.controller === controller) {
        this.controller = null;
        this.setUp(false);
        if (!controller.signal.aborted && this.refusedToken !== token) this.retryLater(retryAfterMs);
      }
    }
  }

  private async read(body: ReadableStream<Uint8Array>, controller: AbortController): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || controller.signal.aborted) return;
      for (const event of parser.push(decoder.decode(value, { stream: true }))) this.dispatch(event);
      if (parser.retryMs) this.retryMs = parser.retryMs;
    }
  }

  private dispatch(event: { id?: string; event: string; data: string }): void {
    if (event.id) this.lastEventId = event.id;
    if (event.event === LiveEventNames.ready) {
      this.attempt = 0;
      this.setUp(true);
    }
    let data: unknown;
    try {
      data = JSON.parse(event.data || '{}');
    } catch {
      return;
    }
    const message = { name: event.event as LiveEventName, data, id: event.id ?? '' } as LiveMessage;
    for (const listener of [...this.listeners]) listener(message);
  }

  private retryLater(retryAfterMs: number | null): void {
    if (!this.listeners.size) return;
    const wait = retryAfterMs ?? backoffMs(this.attempt, this.retryMs, this.deps.random);
    this.attempt += 1;
    this.retryTimer = this.deps.setTimeout(() => {
      this.retryTimer = null;
      this.ensureOpen();
    }, wait);
  }

  private setUp(up: boolean): void {
    if (up === this.isUp) return;
    this.isUp = up;
    for (const listener of [...this.statusListeners]) listener();
  }
}

/** The tab's stream. */
export const liveStream = new LiveStream({
  fetch: (...args) => fetch(...args),
  token: getToken,
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  random: Math.random,
});
subscribeSession(() => liveStream.sessionChanged());
