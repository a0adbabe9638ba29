import { Logger } from '@nestjs/common';
import { AppError, type DomainEvent } from '@portal/contracts';
import { addReadinessCheck } from '@portal/ops';
import {
  AckPolicy,
  connect,
  createInbox,
  DeliverPolicy,
  Events,
  headers as natsHeaders,
  type ConsumerMessages,
  type JetStreamClient,
  type JsMsg,
  type JetStreamManager,
  type Msg,
  type NatsConnection,
  NatsError,
  RetentionPolicy,
  StringCodec,
} from 'nats';
import {
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type BusTransport,
  type ConsumeOptions,
  type EventBatchHandler,
  type EventHandler,
  type FollowHandler,
  type FollowStart,
  type Reply,
  type RequestHandler,
  type RequestOptions,
} from './transport';

const codec = StringCodec();
const NOTHING_WAITING = Symbol('nothing waiting');
/** Settles after the microtasks of this turn (in which a message the client holds is handed over). */
const nothingWaiting = () => new Promise<typeof NOTHING_WAITING>((resolve) => setImmediate(resolve, NOTHING_WAITING));
const encode = (value: unknown): Uint8Array => codec.encode(JSON.stringify(value));
const decode = <T>(data: Uint8Array): T => JSON.parse(codec.decode(data)) as T;

interface PendingRequest {
  subject: string;
  resolve: (reply: Reply) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
  /** When the request's budget ends (ms since the epoch). */
  endsAt: number;
  /** When its responder last said it was working on it (or when it was sent). */
  heardAt: number;
  /** Sends it again (to whichever copy NATS picks): a retryable request whose responder fell silent, once. */
  resend?: () => void;
}

/**
 * A responder says every PROGRESS_EVERY_MS that it is still working on a request (an empty message
 * with this header on the reply subject), so that a requester whose responder died (killed, its
 * machine gone) learns it within RESPONDER_SILENCE_MS instead of waiting out a budget meant for the
 * longest work (a bulk feed's 120 s): it answers 503 serverUnavailable then. A request answered
 * within the first second costs no extra message.
 */
export const PROGRESS_EVERY_MS = 1000;
export const RESPONDER_SILENCE_MS = 4500;
const PROGRESS_HEADER = 'Portal-Progress';
const PROGRESS_BODY = new Uint8Array(0);

export interface NatsTransportOptions {
  url: string;
  /**
   * Isolates one deployment from others on the same NATS server: prefixes request subjects and
   * event subjects, and names the stream after it (tests, several environments on one server).
   */
  namespace?: string;
  /** JetStream stream holding the domain events. */
  stream?: string;
  /** Subject prefix of events in the stream (`<prefix>.<event type>`). */
  eventPrefix?: string;
  name?: string;
  /** How long a responder may stay silent before its request answers 503 (tests shorten it). */
  responderSilenceMs?: number;
}

/**
 * Distributed transport: core NATS request/reply with queue groups (copies of a service share the
 * load) and JetStream for events (one durable consumer per consuming service and handler).
 */
export class NatsTransport implements BusTransport {
  readonly kind = 'nats' as const;
  private readonly logger = new Logger('NatsTransport');
  private readonly consumers: ConsumerMessages[] = [];
  private readonly stream: string;
  private readonly prefix: string;
  private readonly subjectPrefix: string;
  private readonly silenceMs: number;
  /** False between a disconnect and the reconnect (readiness). */
  private connected = true;
  private readonly unwatch: () => void;
  /**
   * Requests waiting for their reply, by the token ending their reply subject. One subscription
   * (`<inbox>.*`) takes every reply, as nats.js's own request does, but without its per-request
   * cost: it builds a cancellation error (stack trace included) for every request that succeeds.
   */
  private readonly pending = new Map<string, PendingRequest>();
  private readonly inbox = createInbox();
  private nextToken = 0;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    options: NatsTransportOptions,
  ) {
    const ns = options.namespace?.replace(/[^A-Za-z0-9_-]/g, '_');
    this.stream = options.stream ?? (ns ? `PORTAL_EVENTS_${ns}` : 'PORTAL_EVENTS');
    this.prefix = options.eventPrefix ?? (ns ? `${ns}.events` : 'events');
    this.subjectPrefix = ns ? `${ns}.` : '';
    this.silenceMs = options.responderSilenceMs ?? RESPONDER_SILENCE_MS;
    this.unwatch = addReadinessCheck('bus', () => this.connected && !this.nc.isClosed());
    this.nc.subscribe(`${this.inbox}.*`, { callback: (err, msg) => this.onReply(err, msg) });
    void this.followStatus();
  }

  private async followStatus(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === Events.Disconnect) {
        this.connected = false;
        // Their replies would not come: the callers hear serverUnavailable now rather than at their timeout.
        this.failPending('NATS disconnected');
      }
      if (status.type === Events.Reconnect) this.connected = true;
    }
  }

  static async connect(options: NatsTransportOptions): Promise<NatsTransport> {
    // noAsyncTraces: otherwise nats.js builds an Error per request to keep its stack (a fifth of
    // the gateway's CPU under load).
    const nc = await connect({
      servers: options.url,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      noAsyncTraces: true,
    });
    const jsm = await nc.jetstreamManager();
    const transport = new NatsTransport(nc, nc.jetstream(), jsm, options);
    await transport.ensureStream();
    return transport;
  }

  private async ensureStream(): Promise<void> {
    const config = {
      name: this.stream,
      subjects: [`${this.prefix}.>`],
      retention: RetentionPolicy.Limits,
      max_age: 7 * 24 * 3600 * 1e9, // a week of history, in nanoseconds
      duplicate_window: 2 * 60 * 1e9,
    };
    try {
      await this.jsm.streams.info(this.stream);
    } catch {
      await this.jsm.streams.add(config).catch(async (e: unknown) => {
        // A sibling created it in the meantime.
        await this.jsm.streams.info(this.stream).catch(() => {
          throw e;
        });
      });
    }
  }

  request(subject: string, payload: unknown, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS, options: RequestOptions = {}): Promise<Reply> {
    if (!this.connected) return Promise.reject(new AppError('serverUnavailable', `NATS unreachable for ${subject}`));
    const token = (this.nextToken++).toString(36);
    const data = encode(payload);
    // Same reply subject: whichever copy answers first settles it, a late answer is dropped.
    const send = () => this.nc.publish(this.subjectPrefix + subject, data, { reply: `${this.inbox}.${token}` });
    return new Promise<Reply>((resolve, reject) => {
      const now = Date.now();
      const timer = setTimeout(() => this.overdue(token), Math.min(timeoutMs, this.silenceMs));
      this.pending.set(token, {
        subject,
        resolve,
        reject,
        timer,
        endsAt: now + timeoutMs,
        heardAt: now,
        resend: options.retryable ? send : undefined,
      });
      try {
        send();
      } catch (e) {
        this.settle(token);
        reject(e instanceof NatsError ? new AppError('serverUnavailable', e.message) : e);
      }
    });
  }

  /**
   * A request's time is up, or its responder has been silent too long (gone with the request), or it
   * is still working: then the check comes back when one of the two may be over.
   */
  private overdue(token: string): void {
    const request = this.pending.get(token);
    if (!request) return;
    const now = Date.now();
    const silentUntil = request.heardAt + this.silenceMs;
    if (now < request.endsAt && now < silentUntil) {
      request.timer = setTimeout(() => this.overdue(token), Math.min(request.endsAt, silentUntil) - now);
      return;
    }
    // A read whose copy died with it: another copy is asked, once (if none is left, NATS says so at once),
    // and given a silence's time to answer even past the budget: at most twice the silence in all (9 s).
    if (now < request.endsAt && request.resend) {
      const resend = request.resend;
      request.resend = undefined;
      request.heardAt = now;
      request.endsAt = Math.max(request.endsAt, now + this.silenceMs);
      try {
        resend();
        this.logger.warn(`the service answering ${request.subject} stopped responding: asked again`);
        request.timer = setTimeout(() => this.overdue(token), Math.min(request.endsAt, now + this.silenceMs) - now);
        return;
      } catch {
        // Disconnected: answered unavailable below.
      }
    }
    this.pending.delete(token);
    request.reject(
      new AppError(
        'serverUnavailable',
        now >= request.endsAt ? `no service answers ${request.subject}` : `the service answering ${request.subject} stopped responding`,
      ),
    );
  }

  /** A reply, or the server's "no responders" status (503 without a payload): nobody serves the subject. */
  private onReply(err: NatsError | null, msg: Msg): void {
    const token = msg?.subject.slice(this.inbox.length + 1) ?? '';
    // The responder is still at work: not a reply.
    if (!err && msg.headers?.has(PROGRESS_HEADER)) {
      const waiting = this.pending.get(token);
      if (waiting) waiting.heardAt = Date.now();
      return;
    }
    const request = this.settle(token);
    if (!request) return; // late: its caller has timed out already
    if (err) return request.reject(new AppError('serverUnavailable', err.message));
    if (msg.data.length === 0 && msg.headers?.code === 503) {
      return request.reject(new AppError('serverUnavailable', `no service answers ${request.subject}`));
    }
    try {
      request.resolve(decode<Reply>(msg.data));
    } catch (e) {
      request.reject(e);
    }
  }

  /** Takes a waiting request off the list (its timer stopped); undefined when it is no longer waiting. */
  private settle(token: string): PendingRequest | undefined {
    const request = this.pending.get(token);
    if (!request) return undefined;
    this.pending.delete(token);
    clearTimeout(request.timer);
    return request;
  }

  private failPending(why: string): void {
    for (const token of [...this.pending.keys()]) {
      const request = this.settle(token);
      request?.reject(new AppError('serverUnavailable', `${why} before ${request.subject} was answered`));
    }
  }

  async serve(subject: string, handler: RequestHandler): Promise<void> {
    this.nc.subscribe(this.subjectPrefix + subject, {
      queue: subject,
      callback: (err, msg) => {
        if (err) return this.logger.error(err.message);
        void (async () => {
          const progress = msg.reply ? setInterval(() => this.sayProgress(msg.reply!), PROGRESS_EVERY_MS) : undefined;
          let reply: Reply;
          try {
            reply = await handler(decode(msg.data));
          } catch (e) {
            this.logger.error(e instanceof Error ? e.stack : String(e));
            reply = { ok: false, error: { key: 'unexpectedError', message: 'unexpected error' } };
          } finally {
            clearInterval(progress);
          }
          msg.respond(encode(reply));
        })();
      },
    });
    await this.nc.flush();
  }

  private readonly progressHeaders = (() => {
    const h = natsHeaders();
    h.set(PROGRESS_HEADER, '1');
    return h;
  })();

  private sayProgress(replyTo: string): void {
    try {
      this.nc.publish(replyTo, PROGRESS_BODY, { headers: this.progressHeaders });
    } catch {
      // Disconnected: the requester hears of it from its own connection.
    }
  }

  async publish(event: DomainEvent): Promise<void> {
    // msgID lets JetStream drop a re-sent copy of the same event (outbox relay retried).
    await this.js.publish(`${this.prefix}.${event.type}`, encode(event), { msgID: event.id });
  }

  consume(consumer: string, types: string[], handler: EventHandler): Promise<void> {
    return this.consumeBatches(consumer, types, ([event]) => handler(event), 1);
  }

  async consumeBatches(
    consumer: string,
    types: string[],
    handler: EventBatchHandler,
    maxBatch: number,
    options: ConsumeOptions = {},
  ): Promise<void> {
    const durable = this.durable(consumer);
    const ackWait = Math.round((options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS) * 1e6); // nanoseconds
    const subjects = types.map((t) => `${this.prefix}.${t}`);
    // One type goes in `filter_subject`, which every JetStream server knows; several need server 2.10+.
    const filter =
      subjects.length === 1
        ? { filter_subject: subjects[0], filter_subjects: undefined }
        : { filter_subject: undefined, filter_subjects: subjects };
    const existing = await this.jsm.consumers.info(this.stream, durable).catch(() => undefined);
    if (existing) {
      await this.jsm.consumers.update(this.stream, durable, { ...filter, ack_wait: ackWait });
    } else {
      await this.jsm.consumers.add(this.stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: ackWait,
        max_deliver: -1,
        ...filter,
      });
    }
    // The client buffers what it pulls: a batch can only take what is there.
    const messages = await (await this.js.consumers.get(this.stream, durable)).consume({ max_messages: Math.max(64, maxBatch) });
    this.consumers.push(messages);
    void this.deliver(consumer, messages, handler, Math.max(1, maxBatch));
  }

  /**
   * Hands the messages over in batches: the first one that comes, then those the client already holds
   * (the iterator answers them without waiting: within this turn of the event loop), up to `maxBatch`.
   * A next message that is not there yet starts the following batch.
   */
  private async deliver(consumer: string, messages: ConsumerMessages, handler: EventBatchHandler, maxBatch: number): Promise<void> {
    const iterator = messages[Symbol.asyncIterator]();
    let next: Promise<IteratorResult<JsMsg>> | undefined;
    try {
      for (let ended = false; !ended;) {
        const first = await (next ?? iterator.next());
        next = undefined;
        if (first.done) return;
        const batch = [first.value];
        while (batch.length < maxBatch) {
          next = iterator.next();
          const more = await Promise.race([next, nothingWaiting()]);
          if (more === NOTHING_WAITING) break; // `next` stays: the first of the next batch
          next = undefined;
          if (more.done) {
            ended = true;
            break;
          }
          batch.push(more.value);
        }
        await this.handleBatch(consumer, batch, handler);
      }
    } catch (e) {
      this.logger.error(`${consumer} stopped: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private async handleBatch(consumer: string, batch: JsMsg[], handler: EventBatchHandler): Promise<void> {
    try {
      await handler(
        batch.map((m) => decode<DomainEvent>(m.data)),
        { consumer, positions: batch.map((m) => m.seq) },
      );
      for (const m of batch) m.ack();
    } catch (e) {
      this.logger.warn(`${consumer}: ${e instanceof Error ? e.message : String(e)}; redelivery in 1 s`);
      // The connection may be closing: the unacknowledged messages come back after ack_wait anyway.
      try {
        for (const m of batch) m.nak(1000);
      } catch {
        /* closed */
      }
    }
  }

  private durable(consumer: string): string {
    return consumer.replace(/[^A-Za-z0-9_-]/g, '_');
  }

  /**
   * The stream sequence at or below which every event of the consumer is acknowledged: its ack floor, or,
   * when it has nothing pending nor unacknowledged, the stream's last sequence read just before (an idle
   * consumer has handled everything of its own up to there, however far its last event lies behind).
   */
  async ackFloor(consumer: string): Promise<number | null> {
    const last = await this.jsm.streams.info(this.stream).then(
      (s) => s.state.last_seq,
      () => 0,
    );
    const info = await this.jsm.consumers.info(this.stream, this.durable(consumer)).catch(() => undefined);
    if (!info) return null;
    const idle = info.num_pending === 0 && info.num_ack_pending === 0;
    return idle ? Math.max(info.ack_floor.stream_seq, last) : info.ack_floor.stream_seq;
  }

  async listen(types: string[], handler: EventHandler): Promise<void> {
    for (const type of types) {
      // A plain subscription hears the JetStream publishes as they pass; nothing is kept for it.
      this.nc.subscribe(`${this.prefix}.${type}`, {
        callback: (err, msg) => {
          if (err) return this.logger.warn(err.message);
          handler(decode<DomainEvent>(msg.data)).catch((e: unknown) => this.logger.warn(`listener: ${String(e)}`));
        },
      });
    }
    await this.nc.flush();
  }

  /**
   * An ordered consumer of this instance alone (ephemeral, no acknowledgements; nats.js recreates it
   * where it stopped after a reconnect), from the stream's last event on: each event with its stream
   * sequence, which every instance reads the same. One wildcard filter, the types picked here: several
   * filter subjects would need a 2.10 server.
   */
  async follow(types: string[], handler: FollowHandler): Promise<FollowStart> {
    const info = await this.jsm.streams.info(this.stream);
    const from = info.state.last_seq;
    const wanted = new Set(types.map((t) => `${this.prefix}.${t}`));
    const consumer = await this.js.consumers.get(this.stream, {
      filterSubjects: `${this.prefix}.>`,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: from + 1,
    });
    const messages = await consumer.consume();
    this.consumers.push(messages);
    void (async () => {
      for await (const m of messages) {
        if (!wanted.has(m.subject)) continue;
        try {
          handler(decode<DomainEvent>(m.data), m.seq);
        } catch (e) {
          this.logger.warn(`follower: ${String(e)}`);
        }
      }
    })().catch((e: unknown) => this.logger.error(`follower stopped: ${String(e)}`));
    return { epoch: Date.parse(info.created).toString(36), from };
  }

  async close(): Promise<void> {
    this.unwatch();
    for (const c of this.consumers) await c.close().catch(() => undefined);
    await this.nc.drain().catch(() => undefined);
    this.failPending('the bus connection closed');
  }
}
