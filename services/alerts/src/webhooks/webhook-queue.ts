import path from 'node:path';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { BusClient, Repeater, TrackingWordsCache } from '@portal/bus';
import {
  AdminUsersSubjects,
  hasAnyRole,
  shortLocale,
  systemContext,
  WEBHOOK_MANAGERS,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_TIMEOUT_MS,
  type AdminUserDto,
  type DomainEvent,
  type ListPage,
} from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';
import { MailRelay, MailTemplates, writeMails } from '@portal/mail';
import type { EntityManager } from 'typeorm';
import { GroupCommit } from './group-commit';
import { releaseLeases, writeOutcomes, type Outcome } from './webhook-outcomes';
import type { WebhookMessage } from './webhook-messages';
import type { EndpointRow } from './webhook-rows';
import { WebhookSecrets } from './webhook-secrets';
import { WebhookSender, type WebhookAttempt } from './webhook-sender';
import { retryDelayMs, webhookHeaders } from './webhook-signing';

const SYSTEM = systemContext('webhooks');

/** A claimed delivery with what its attempt needs. */
interface Claimed {
  id: string;
  /** The lease's end as the claim set it (text: to the microsecond): the row is still ours while it is unchanged. */
  lease: string;
  endpoint_id: string;
  payload: unknown;
  tries: number;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  overlap: boolean;
  depositor_ids: number[];
  created_by_email: string | null;
  created_by_locale: string;
}

/** Who is told that an endpoint was disabled, in their language. */
interface Recipient {
  email: string;
  locale: string;
}

type Subscriber = Pick<EndpointRow, 'id' | 'depositor_ids' | 'event_types' | 'created_by_locale'>;

/** A domain event and the webhook messages it stands for. */
export interface EventMessages {
  event: DomainEvent;
  messages: WebhookMessage[];
  /** The event's durable consumer and stream position: its deliveries wait until the consumer's ack floor reaches it. */
  position?: { consumer: string; seq: number };
}

/** Cached acknowledgement floors of the consumers, by consumer: as the bus told them, and as they hold deliveries. */
interface Floors {
  at: number;
  /** Each consumer's own floor. */
  raw: Record<string, number>;
  /** The lowest floor of the consumer's ordering group: what its deliveries wait for. */
  byConsumer: Record<string, number>;
}

/**
 * How long the bus waits for a webhook consumer's acknowledgement before handing its events to another
 * copy: a killed copy's events hold the later deliveries of their consumer (ack floor) this long at most.
 */
export const WEBHOOK_ACK_WAIT_MS = 10_000;
/** Past this a held delivery goes anyway (an event never acknowledged must not stop every webhook): logged. */
const MAX_HOLD_MS = 3 * WEBHOOK_ACK_WAIT_MS;
/** While deliveries are held, the worker looks again this soon (floors read at most this often). */
const HELD_WAKE_MS = 150;

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/**
 * The durable queue of webhook deliveries (rows of webhook_deliveries) and its worker. Every copy of
 * the alerts service runs one: a copy claims due rows in batches with FOR UPDATE SKIP LOCKED and a
 * lease (another copy never takes a leased row; a killed copy's rows come back when the lease runs
 * out), sends them concurrently (bounded), and records the attempts that end together in one statement
 * (group commit), each only while the row is still pending under its lease. Only the oldest pending message
 * of an (endpoint, ordering key) is due, so an order's or a shipment's messages arrive in order.
 * The worker wakes when a row is queued in this copy, when an attempt ends, at the next retry due,
 * and every WEBHOOK_POLL_MS (rows queued by another copy).
 */
@Injectable()
export class WebhookQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WebhookQueue');
  private readonly repeater = new Repeater(
    () => this.drain(),
    (e: unknown) => this.logger.warn(`webhook queue: ${e instanceof Error ? e.message : String(e)}`),
  );
  private readonly templates = new MailTemplates(path.join(__dirname, '..', '..', 'templates'));
  private readonly inFlight = new Set<Promise<void>>();
  /** Claimed rows waiting for an attempt to end (at most WEBHOOK_CONCURRENCY more than under way). */
  private readonly ready: Claimed[] = [];
  private wake?: NodeJS.Timeout;
  /** The consumers whose events became deliveries (their ack floors hold those deliveries). */
  private readonly streamConsumers = new Set<string>();
  /** Consumers whose messages share ordering keys (an order's status changes and carrier anomalies): by member. */
  private readonly orderingGroups = new Map<string, string[]>();
  private floors?: Floors;
  private floorsRead?: Promise<Floors>;
  private stopping = false;
  /** The active endpoints by depositor, read at most every WEBHOOK_ENDPOINTS_CACHE_MS. */
  private subscribers?: { at: number; byDepositor: Map<number, Subscriber[]> };
  /** The outcomes of attempts that end together, recorded together (one statement). */
  private readonly outcomes = new GroupCommit<Outcome, boolean>((outcomes) => writeOutcomes(this.db, outcomes));

  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly sender: WebhookSender,
    private readonly secrets: WebhookSecrets,
    @Inject(MailRelay) private readonly relay: MailRelay,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(TrackingWordsCache) private readonly words: Pick<TrackingWordsCache, 'get'>,
  ) {}

  private get concurrency() {
    return number('WEBHOOK_CONCURRENCY', 64);
  }

  onApplicationBootstrap(): void {
    this.repeater.start(number('WEBHOOK_POLL_MS', 1000), true);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.wake);
    await this.repeater.stop();
    // Rows claimed but not started go back to the queue now rather than when their lease runs out.
    await releaseLeases(this.db, this.ready.splice(0)).catch((e: unknown) =>
      this.logger.warn(`claimed deliveries kept until their lease ends: ${e instanceof Error ? e.message : String(e)}`),
    );
    // Attempts under way end (each within WEBHOOK_TIMEOUT_MS); a row not recorded comes back after its lease.
    await Promise.allSettled([...this.inFlight]);
    this.sender.close();
  }

  kick(): void {
    if (!this.stopping) this.repeater.kick();
  }

  /** Endpoints changed in this copy: the next event reads them again (other copies within the cache's second). */
  forgetEndpoints(): void {
    this.subscribers = undefined;
  }

  /**
   * The consumers whose floors the claim reads, whatever copy queued the rows (every copy runs the same
   * ones), in groups of those whose messages share ordering keys: a delivery waits until every consumer of
   * its group has handled the events before its own (an order's carrier anomaly made just before a status
   * change is sent first, though another consumer took it).
   */
  watchConsumers(groups: Iterable<readonly string[]>): void {
    for (const group of groups)
      for (const c of group) {
        this.streamConsumers.add(c);
        this.orderingGroups.set(c, [...group]);
      }
  }

  /**
   * Queues the messages of a batch of events for the active endpoints subscribed to their type whose
   * depositors include the message's, once per (endpoint, event, type) whatever the redeliveries of the
   * events, in one statement: the rows' `seq` follows the events' order (then their messages'), which is
   * the order an (endpoint, ordering key) gets them in. Answers how many rows were queued.
   */
  async enqueue(batch: EventMessages[]): Promise<number> {
    if (!batch.some((b) => b.messages.length)) return 0;
    const byDepositor = await this.activeSubscribers();
    const words = await this.words.get();
    const rows: Record<string, unknown>[] = [];
    for (const { event, messages, position } of batch)
      for (const m of messages)
        for (const e of byDepositor.get(m.depositorId) ?? [])
          if (e.event_types.includes(m.type))
            rows.push({
              endpoint_id: e.id,
              depositor_id: m.depositorId,
              cause: `${event.id}:${m.type}`,
              event_type: m.type,
              subject: m.subject.slice(0, 120),
              ordering_key: m.orderingKey.slice(0, 160),
              payload: { type: m.type, timestamp: m.timestamp, data: m.data(shortLocale(e.created_by_locale), words) },
              stream_consumer: position?.consumer ?? null,
              stream_seq: position?.seq ?? null,
            });
    for (const { position } of batch) if (position) this.streamConsumers.add(position.consumer);
    if (!rows.length) return 0;
    // One statement, one round trip, one commit for the batch; the rows take their seq in the list's order.
    const inserted = await this.db.scopedQuery<unknown>(
      SYSTEM,
      `INSERT INTO webhook_deliveries (endpoint_id, depositor_id, cause, event_type, subject, ordering_key, payload,
                                       stream_consumer, stream_seq)
         SELECT r.endpoint_id, r.depositor_id, r.cause, r.event_type, r.subject, r.ordering_key, r.payload,
                r.stream_consumer, r.stream_seq
           FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (endpoint_id uuid, depositor_id int, cause text, event_type text,
                                                              subject text, ordering_key text, payload jsonb,
                                                              stream_consumer text, stream_seq bigint))
                WITH ORDINALITY AS r(endpoint_id, depositor_id, cause, event_type, subject, ordering_key, payload,
                                     stream_consumer, stream_seq, n)
          -- An endpoint deleted meanwhile takes nothing.
          WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = r.endpoint_id)
          ORDER BY r.n
         ON CONFLICT ("endpoint_id", "cause") DO NOTHING RETURNING 1`,
      [JSON.stringify(rows)],
    );
    if (inserted.length) this.kick();
    return inserted.length;
  }

  /** The active endpoints by depositor, read at most every WEBHOOK_ENDPOINTS_CACHE_MS (a second) rather than for each batch. */
  private async activeSubscribers(): Promise<Map<number, Subscriber[]>> {
    const ttl = number('WEBHOOK_ENDPOINTS_CACHE_MS', 1000);
    if (!this.subscribers || Date.now() - this.subscribers.at >= ttl) {
      const at = Date.now();
      const rows = await this.db.scopedQuery<Subscriber>(
        SYSTEM,
        `SELECT id, depositor_ids, event_types, created_by_locale FROM webhook_endpoints WHERE status = 'active'`,
      );
      const byDepositor = new Map<number, Subscriber[]>();
      for (const row of rows) for (const d of row.depositor_ids) byDepositor.set(d, [...(byDepositor.get(d) ?? []), row]);
      this.subscribers = { at, byDepositor };
    }
    return this.subscribers.byDepositor;
  }

  /**
   * Keeps WEBHOOK_CONCURRENCY attempts under way and as many claimed rows ready behind them (leased), so
   * that an attempt's end starts the next at once instead of after a claim; claims again once half of the
   * rows ahead are gone (at once when nothing is under way), so that a claim takes many rows.
   */
  private async drain(): Promise<void> {
    while (!this.stopping) {
      this.startReady();
      const room = 2 * this.concurrency - this.inFlight.size - this.ready.length;
      const busy = this.inFlight.size + this.ready.length > 0;
      if (room < (busy ? this.concurrency / 2 : 1)) return;
      const claimed = await this.claim(Math.min(room, 200), await this.ackFloors());
      this.ready.push(...claimed);
      this.startReady();
      if (claimed.length < Math.min(room, 200)) {
        await this.planWake();
        return;
      }
    }
  }

  /** Starts the attempts of ready rows while there is room; an attempt's end starts the next and kicks the claims. */
  private startReady(): void {
    while (!this.stopping && this.ready.length && this.inFlight.size < this.concurrency) {
      const row = this.ready.shift()!;
      const attempt: Promise<void> = this.attempt(row)
        .catch((e: unknown) => this.logger.warn(`delivery ${row.id}: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => {
          this.inFlight.delete(attempt);
          this.startReady();
          this.kick();
        });
      this.inFlight.add(attempt);
    }
  }

  /**
   * The acknowledgement floors of the consumers that made deliveries, read from the bus at most every
   * WEBHOOK_FLOOR_MS (one consumer-info call each; the claims in between share them), each lowered to its
   * ordering group's lowest. A consumer whose floor is unknown (in-process, or the bus not answering and
   * never read) holds nothing.
   */
  private async ackFloors(): Promise<Record<string, number>> {
    const ttl = number('WEBHOOK_FLOOR_MS', 100);
    if (this.floors && Date.now() - this.floors.at < ttl) return this.floors.byConsumer;
    this.floorsRead ??= (async () => {
      const at = Date.now();
      const raw: Record<string, number> = {};
      await Promise.all(
        [...this.streamConsumers].map(async (consumer) => {
          try {
            const floor = await this.bus.ackFloor(consumer);
            if (floor !== null) raw[consumer] = floor;
          } catch (e) {
            const known = this.floors?.raw[consumer];
            if (known !== undefined) raw[consumer] = known;
            this.logger.warn(`ack floor of ${consumer} unknown: ${e instanceof Error ? e.message : String(e)}`);
          }
        }),
      );
      const byConsumer: Record<string, number> = {};
      for (const [consumer, floor] of Object.entries(raw))
        byConsumer[consumer] = Math.min(floor, ...(this.orderingGroups.get(consumer) ?? []).map((c) => raw[c] ?? floor));
      return (this.floors = { at, raw, byConsumer });
    })().finally(() => (this.floorsRead = undefined));
    return (await this.floorsRead).byConsumer;
  }

  private async claim(limit: number, floors: Record<string, number>): Promise<Claimed[]> {
    const leaseMs = number('WEBHOOK_LEASE_MS', number('WEBHOOK_TIMEOUT_MS', WEBHOOK_TIMEOUT_MS) + 20_000);
    const claimed = await this.db.scoped(SYSTEM, async (em) => {
      // Not compiled: the walk of a large backlog is estimated as if read to its end, past jit_above_cost, and
      // JIT took 50-100 ms of a 10 ms claim (128 rows at an 18,000-row backlog). Sent with BEGIN: no round trip more.
      await em.query(`SELECT set_config('jit', $1, true)`, ['off']);
      return rowsOf<Claimed & { forced: boolean }>(
        await em.query(
          `WITH due AS (
             SELECT d.id, COALESCE(d.stream_seq > ($3::jsonb ->> d.stream_consumer)::bigint, false) AS forced
               FROM webhook_deliveries d
              WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.lease_until IS NULL OR d.lease_until < now())
                -- Held until every earlier event of its consumer was handled (the consumer's ack floor reached it):
                -- an event a killed copy took comes back after the ack wait and goes first. Not past MAX_HOLD_MS.
                -- A consumer whose floor is unknown (in-process: events handled one after the other) holds nothing.
                AND (NOT COALESCE(d.stream_seq > ($3::jsonb ->> d.stream_consumer)::bigint, false)
                     OR d.created_at < now() - $4 * interval '1 millisecond')
                -- OFFSET 0 keeps this a check of each row (a subplan, not a join the planner may start from): the plan
                -- walks the due index in the claim's order and stops at the limit whatever the endpoints' statistics
                -- (without them it started from the endpoints and sorted every pending row: 50-90 ms a claim at a
                -- 12,000-row backlog instead of a few).
                AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND e.status = 'active' OFFSET 0)
                AND NOT EXISTS (SELECT 1 FROM webhook_deliveries o
                                 WHERE o.endpoint_id = d.endpoint_id AND o.ordering_key = d.ordering_key
                                   AND o.status = 'pending'
                                   -- In the events' order on the bus when both know it, else in the queue's.
                                   AND CASE WHEN o.stream_seq IS NULL OR d.stream_seq IS NULL THEN o.seq < d.seq
                                            ELSE (o.stream_seq, o.seq) < (d.stream_seq, d.seq) END)
              ORDER BY d.next_attempt_at, d.seq
              LIMIT $1
              FOR UPDATE OF d SKIP LOCKED)
           -- The endpoints are joined after the update, not in it: under row-level security the planner took the
           -- endpoints for a couple of rows and read every delivery of each (18,000) to find the claimed ones.
           , claimed AS (
             UPDATE webhook_deliveries w SET lease_until = now() + $2 * interval '1 millisecond'
               FROM due WHERE w.id = due.id
             RETURNING w.id, w.lease_until, w.endpoint_id, w.payload, w.tries)
           SELECT c.id, c.lease_until::text AS lease, c.endpoint_id, c.payload, c.tries, e.url, e.secret_sealed,
                  e.previous_secret_sealed, COALESCE(e.previous_secret_until > now(), false) AS overlap, e.depositor_ids,
                  e.created_by_email, e.created_by_locale, COALESCE(due.forced, false) AS forced
             FROM claimed c JOIN webhook_endpoints e ON e.id = c.endpoint_id JOIN due ON due.id = c.id`,
          [limit, leaseMs, JSON.stringify(floors), MAX_HOLD_MS],
        ),
      );
    });
    for (const row of claimed)
      if (row.forced) this.logger.warn(`delivery ${row.id} held over ${MAX_HOLD_MS} ms for an earlier event never handled: sent anyway`);
    return claimed;
  }

  /**
   * Sleeps until the next retry due when it comes before the next poll; while deliveries wait for their
   * consumer's ack floor, HELD_WAKE_MS (the floor moves without telling this copy).
   */
  private async planWake(): Promise<void> {
    const floors = this.floors?.byConsumer ?? {};
    const [next] = await this.db.scopedQuery<{ wait: number | null; held: boolean }>(
      SYSTEM,
      // No GREATEST(0, …) here: it passes over a NULL, so an empty queue answered 0 and woke every 20 ms
      // (an idle alerts service claimed some 40 times a second); a retry already due is at most 0 below.
      `SELECT (extract(epoch FROM min(next_attempt_at) - now()) * 1000)::float AS wait,
              COALESCE(bool_or(stream_seq > ($1::jsonb ->> stream_consumer)::bigint), false) AS held
         FROM webhook_deliveries WHERE status = 'pending'`,
      [JSON.stringify(floors)],
    );
    const wait = next?.wait;
    if (wait === null || wait === undefined || wait >= number('WEBHOOK_POLL_MS', 1000)) return;
    clearTimeout(this.wake);
    this.wake = setTimeout(() => this.kick(), Math.max(wait, next.held ? HELD_WAKE_MS : 20));
    this.wake.unref();
  }

  private async attempt(row: Claimed): Promise<void> {
    const secrets = [this.secrets.open(row.endpoint_id, row.secret_sealed)];
    if (row.overlap) secrets.push(this.secrets.open(row.endpoint_id, row.previous_secret_sealed));
    const usable = secrets.filter((s): s is string => !!s);
    const body = JSON.stringify(row.payload);
    const result: WebhookAttempt = usable.length
      ? await this.sender.send({ url: row.url, body, headers: webhookHeaders(usable, row.id, Math.floor(Date.now() / 1000), body) })
      : { delivered: false, statusCode: null, durationMs: 0, response: 'the endpoint secret cannot be opened (key changed): rotate it' };
    if (!result.delivered)
      this.logger.warn(`delivery ${row.id} to ${row.url} failed: ${result.statusCode ?? '-'} ${result.response ?? ''}`);
    if (!(await this.record(row, result)))
      this.logger.warn(`delivery ${row.id}: outcome not recorded, the row is no longer ours (lease ran out and taken again, or settled)`);
  }

  /**
   * The attempt's outcome and its log line, written with the outcomes of the attempts that ended
   * meanwhile (group commit); the last failed attempt, which disables the endpoint, on its own.
   * Not written when the row is no longer pending under our lease (it ran out and another copy took it).
   */
  private async record(row: Claimed, result: WebhookAttempt): Promise<boolean> {
    const wait = result.delivered ? 0 : retryDelayMs(row.tries + 1, Number(process.env.WEBHOOK_RETRY_SCALE ?? 1) || 1);
    const outcome: Outcome = {
      id: row.id,
      lease: row.lease,
      status: result.delivered ? 'delivered' : wait === null ? 'failed' : 'pending',
      wait: wait ?? 0,
      status_code: result.statusCode,
      duration_ms: result.durationMs,
      response: result.response,
    };
    return outcome.status === 'failed' ? this.recordLastFailure(row, outcome, result) : this.outcomes.add(outcome);
  }

  /** The last failed attempt: recorded, the endpoint disabled and its owner mailed, in one transaction. */
  private async recordLastFailure(row: Claimed, outcome: Outcome, result: WebhookAttempt): Promise<boolean> {
    // Asked before the transaction (a bus request never holds a connection).
    const recipients = await this.recipients(row);
    let mailed = false;
    const recorded = await this.db.scoped(SYSTEM, async (em) => {
      const [written] = rowsOf<{ id: string }>(
        await em.query(
          `WITH d AS (
             UPDATE webhook_deliveries SET status = 'failed', attempts = attempts + 1, tries = tries + 1, lease_until = NULL,
                    last_attempt_at = now(), last_status_code = $3, last_duration_ms = $4, last_response = $5
              WHERE id = $1 AND status = 'pending' AND lease_until = $2::timestamptz RETURNING id, depositor_id)
           INSERT INTO webhook_attempts (delivery_id, depositor_id, status_code, duration_ms, response)
           SELECT id, depositor_id, $3, $4, $5 FROM d RETURNING delivery_id AS id`,
          [row.id, row.lease, outcome.status_code, outcome.duration_ms, outcome.response],
        ),
      );
      if (written) mailed = await this.disableFailing(em, row.endpoint_id, result, recipients);
      return !!written;
    });
    if (mailed) this.relay.kick();
    return recorded;
  }

  /** After a day of failed attempts the endpoint stops, and its creator is told in their language. */
  private async disableFailing(em: EntityManager, endpointId: string, result: WebhookAttempt, recipients: Recipient[]): Promise<boolean> {
    const [endpoint] = rowsOf<EndpointRow>(
      await em.query(
        `UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = 'failing', disabled_at = now(), updated_at = now()
          WHERE id = $1 AND status = 'active' RETURNING *`,
        [endpointId],
      ),
    );
    this.forgetEndpoints();
    if (!endpoint) return false;
    this.logger.warn(`endpoint ${endpoint.id} (${endpoint.url}) disabled after ${WEBHOOK_RETRY_HOURS} h of failed deliveries`);
    if (!recipients.length) {
      this.logger.warn(`endpoint ${endpoint.id}: neither its creator nor its depositors' administrators have an e-mail, nobody mailed`);
      return false;
    }
    const vars = {
      name: endpoint.description || endpoint.url,
      url: endpoint.url,
      hours: WEBHOOK_RETRY_HOURS,
      disabledAt: endpoint.disabled_at?.toISOString() ?? new Date().toISOString(),
      lastResponse: result.statusCode ? `${result.statusCode} ${result.response ?? ''}` : (result.response ?? '-'),
      settingsUrl: `${process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`}/settings/integrations`,
    };
    const mails = recipients.map((r) => ({ to: r.email, ...this.templates.render('webhook-disabled', r.locale, vars) }));
    await writeMails(em, mails, 'webhook-disabled', {});
    return true;
  }

  /**
   * The endpoint's creator; a creator without e-mail (or gone): the administrators of users of its
   * depositors (their own, not the provider's), each in their language. None when auth does not answer.
   */
  private async recipients(row: Claimed): Promise<Recipient[]> {
    if (row.created_by_email) return [{ email: row.created_by_email, locale: row.created_by_locale }];
    const found = new Map<string, Recipient>();
    for (const depositor of row.depositor_ids) {
      try {
        const page = await this.bus.request<ListPage<AdminUserDto>>(AdminUsersSubjects.list, SYSTEM, {
          filter: { depositor, active: true },
          range: [0, 499],
        });
        for (const u of page.rows)
          if (u.depositors.length && hasAnyRole(u.effectiveRoles, WEBHOOK_MANAGERS) && (u.contactMail || u.email))
            found.set(u.uuid, { email: (u.contactMail || u.email)!, locale: u.language });
      } catch (e) {
        this.logger.warn(`administrators of depositor ${depositor} unknown: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return [...found.values()];
  }
}
