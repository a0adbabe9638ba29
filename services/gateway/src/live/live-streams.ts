import { PassThrough } from 'node:stream';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { BUS_TRANSPORT, type BusTransport } from '@portal/bus';
import {
  AppError,
  EventTypes,
  LIVE_RETRY_MS,
  LiveEventNames,
  type CallerContext,
  type DomainEvent,
  type LiveEventName,
} from '@portal/contracts';
import { viewOf, type LiveFact } from './live-facts';
import { cursorId, LiveFeed, parseCursor, type LiveCursor } from './live-feed';

const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** Open streams per user on one gateway (a tab each; LIVE_MAX_STREAMS_PER_USER) and on the whole gateway (LIVE_MAX_STREAMS). */
export const LIVE_LIMITS = {
  perUser: envNumber('LIVE_MAX_STREAMS_PER_USER', 10),
  perGateway: envNumber('LIVE_MAX_STREAMS', 5000),
  /** A comment this often keeps proxies from closing a quiet stream, and closes streams whose token ran out. */
  heartbeatMs: envNumber('LIVE_HEARTBEAT_MS', 15_000),
  /** Dashboard hints of one stream at most this often: a feed of 10,000 orders is one refetch, not 10,000. */
  dashboardHintMs: envNumber('LIVE_DASHBOARD_HINT_MS', 5000),
};
/** Bytes a stream may have waiting for a slow reader before it is closed (the client resumes from its last id). */
const MAX_BUFFERED_BYTES = 1 << 20;
/** What a refused stream is told to wait before it tries again, seconds. */
const FULL_RETRY_AFTER_SECONDS = 30;

interface OpenStream {
  caller: CallerContext;
  /** The session token's end (ms since the epoch): the stream closes then, the client comes back with its renewed token. */
  endsAt: number;
  out: PassThrough;
  /** Facts up to this position were sent (or were not this caller's): later ones only go out. */
  sent: number;
  /** Dashboard sources waiting for the stream's next hint, and when that hint goes. */
  sources: Set<string>;
  hintTimer?: NodeJS.Timeout;
  lastHintAt: number;
}

/**
 * The open live streams of this gateway: opened for a resolved session within the limits, fed with
 * what each caller's scope and roles show (live-facts viewOf), kept open by heartbeats, closed when
 * the session ends (logout, revocation, a changed scope, the token's expiry) or the reader is too slow.
 * A stream holds no bus request and no rate-limit turn: it only waits on this gateway's memory.
 */
@Injectable()
export class LiveStreams implements OnModuleInit, OnModuleDestroy {
  private readonly open = new Set<OpenStream>();
  private readonly perUser = new Map<string, number>();
  private heartbeat?: NodeJS.Timeout;
  private unsubscribe?: () => void;

  constructor(
    private readonly feed: LiveFeed,
    @Inject(BUS_TRANSPORT) private readonly transport: BusTransport,
  ) {}

  async onModuleInit(): Promise<void> {
    this.unsubscribe = this.feed.subscribe((fact) => {
      for (const stream of this.open) this.deliver(stream, fact);
    });
    // Every gateway hears a logout or a changed scope: its streams of that session or user end now.
    await this.transport.listen([EventTypes.userSessionsRevoked, EventTypes.userContextChanged], async (event: DomainEvent) => {
      const { userUuid, sessionId } = (event.payload ?? {}) as { userUuid?: string; sessionId?: string };
      for (const stream of [...this.open]) {
        const user = stream.caller.user!;
        if (sessionId ? user.sessionId === sessionId : user.uuid === userUuid) this.end(stream);
      }
    });
    this.heartbeat = setInterval(() => this.beat(), LIVE_LIMITS.heartbeatMs);
    this.heartbeat.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe?.();
    for (const stream of [...this.open]) this.end(stream);
  }

  /** How many streams are open (tests, metrics). */
  get size(): number {
    return this.open.size;
  }

  /**
   * Opens a stream for this session, resuming after `lastEventId` when it names a position this
   * gateway still holds (a `reset` event otherwise); 429 `tooManyRequests` past the limits.
   */
  start(caller: CallerContext, tokenEndsAt: number, lastEventId: string | undefined): PassThrough {
    const user = caller.user;
    if (!user) throw new AppError('permissionDenied', 'live screens are for signed-in users');
    const mine = this.perUser.get(user.uuid) ?? 0;
    if (mine >= LIVE_LIMITS.perUser || this.open.size >= LIVE_LIMITS.perGateway) {
      const limit = mine >= LIVE_LIMITS.perUser ? LIVE_LIMITS.perUser : LIVE_LIMITS.perGateway;
      throw new AppError('tooManyRequests', 'too many live streams open', { seconds: FULL_RETRY_AFTER_SECONDS, limit });
    }
    const now = this.feed.cursor();
    const stream: OpenStream = {
      caller,
      endsAt: tokenEndsAt,
      out: new PassThrough(),
      sent: now.position,
      sources: new Set(),
      lastHintAt: 0,
    };
    this.open.add(stream);
    this.perUser.set(user.uuid, mine + 1);
    stream.out.on('close', () => this.forget(stream));
    stream.out.write(`retry: ${LIVE_RETRY_MS}\n\n`);
    this.resume(stream, lastEventId, now);
    return stream.out;
  }

  /** The first events of a stream: what it missed since its Last-Event-ID, or `ready` (fresh) / `reset` (too old) at the head. */
  private resume(stream: OpenStream, lastEventId: string | undefined, now: LiveCursor): void {
    const cursor = lastEventId === undefined ? null : parseCursor(lastEventId);
    const missed = cursor ? this.feed.since(cursor) : null;
    if (!missed) {
      this.send(stream, lastEventId === undefined ? LiveEventNames.ready : LiveEventNames.reset, {}, cursorId(now));
      return;
    }
    // Resumed: nothing at or before its cursor again (it may be ahead of this gateway), and its
    // missed counters in one hint at the end.
    stream.sent = Math.max(cursor!.position, ...missed.map((f) => f.position));
    for (const fact of missed) {
      const view = viewOf(fact, stream.caller);
      if (view?.event) this.send(stream, view.event.name, view.event.data, cursorId({ epoch: now.epoch, position: fact.position }));
      view?.sources.forEach((s) => stream.sources.add(s));
    }
    if (stream.sources.size) this.hint(stream);
    this.send(stream, LiveEventNames.ready, {}, cursorId({ epoch: now.epoch, position: stream.sent }));
  }

  private deliver(stream: OpenStream, fact: LiveFact): void {
    if (fact.position <= stream.sent) return;
    stream.sent = fact.position;
    const view = viewOf(fact, stream.caller);
    if (!view) return;
    if (view.event)
      this.send(stream, view.event.name, view.event.data, cursorId({ epoch: this.feed.cursor().epoch, position: fact.position }));
    if (!view.sources.length) return;
    view.sources.forEach((s) => stream.sources.add(s));
    if (stream.hintTimer) return;
    const wait = stream.lastHintAt + LIVE_LIMITS.dashboardHintMs - Date.now();
    if (wait <= 0) this.hint(stream);
    else stream.hintTimer = setTimeout(() => this.hint(stream), wait);
  }

  /** The waiting dashboard sources in one event; its id is where the stream stands (every fact so far was weighed). */
  private hint(stream: OpenStream): void {
    clearTimeout(stream.hintTimer);
    stream.hintTimer = undefined;
    if (!this.open.has(stream) || !stream.sources.size) return;
    const sources = [...stream.sources].sort();
    stream.sources.clear();
    stream.lastHintAt = Date.now();
    const position = Math.max(stream.sent, this.feed.cursor().position);
    stream.sent = position;
    this.send(stream, LiveEventNames.dashboard, { sources }, cursorId({ epoch: this.feed.cursor().epoch, position }));
  }

  private send(stream: OpenStream, name: LiveEventName, data: unknown, id: string): void {
    this.write(stream, `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private write(stream: OpenStream, chunk: string): void {
    if (!this.open.has(stream)) return;
    // A reader this far behind (a tab asleep, a choked link) is let go: it resumes from its last id.
    if (stream.out.writableLength > MAX_BUFFERED_BYTES) return this.end(stream);
    stream.out.write(chunk);
  }

  /** Keeps quiet streams open through proxies; ends those whose session token has run out. */
  private beat(): void {
    const now = Date.now();
    for (const stream of [...this.open]) {
      if (now >= stream.endsAt) this.end(stream);
      else this.write(stream, ': \n\n');
    }
  }

  private end(stream: OpenStream): void {
    this.forget(stream);
    stream.out.end();
  }

  private forget(stream: OpenStream): void {
    if (!this.open.delete(stream)) return;
    clearTimeout(stream.hintTimer);
    const user = stream.caller.user!.uuid;
    const left = (this.perUser.get(user) ?? 1) - 1;
    if (left > 0) this.perUser.set(user, left);
    else this.perUser.delete(user);
  }
}
