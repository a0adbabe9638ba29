import path from 'node:path';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { BusClient, Repeater } from '@portal/bus';
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
import type { WebhookMessage } from './webhook-messages';
import type { EndpointRow } from './webhook-rows';
import { WebhookSecrets } from './webhook-secrets';
import { WebhookSender, type WebhookAttempt } from './webhook-sender';
import { retryDelayMs, webhookHeaders } from './webhook-signing';

const SYSTEM = systemContext('webhooks');

/** A claimed delivery with what its attempt needs. */
interface Claimed {
  id: string;
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

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/**
 * The durable queue of webhook deliveries (rows of webhook_deliveries) and its worker. Every copy of
 * the alerts service runs one: a copy claims due rows in batches with FOR UPDATE SKIP LOCKED and a
 * lease (another copy never takes a leased row; a killed copy's rows come back when the lease runs
 * out), sends them concurrently (bounded), and records each attempt. Only the oldest pending message
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
  private wake?: NodeJS.Timeout;
  private stopping = false;
  private subscribers?: { at: number; rows: Subscriber[] };

  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly sender: WebhookSender,
    private readonly secrets: WebhookSecrets,
    @Inject(MailRelay) private readonly relay: MailRelay,
    @Inject(BusClient) private readonly bus: BusClient,
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
   * Queues an event's messages for the active endpoints subscribed to their type whose depositors
   * include the message's, once per (endpoint, event, type) whatever the redeliveries of the event.
   * Answers how many rows were queued.
   */
  async enqueue(event: DomainEvent, messages: WebhookMessage[]): Promise<number> {
    if (!messages.length) return 0;
    const endpoints = await this.activeSubscribers();
    const rows: Record<string, unknown>[] = [];
    for (const m of messages)
      for (const e of endpoints)
        if (e.depositor_ids.includes(m.depositorId) && e.event_types.includes(m.type))
          rows.push({
            endpoint_id: e.id,
            depositor_id: m.depositorId,
            cause: `${event.id}:${m.type}`,
            event_type: m.type,
            subject: m.subject.slice(0, 120),
            ordering_key: m.orderingKey.slice(0, 160),
            payload: { type: m.type, timestamp: m.timestamp, data: m.data(shortLocale(e.created_by_locale)) },
          });
    if (!rows.length) return 0;
    // One statement, one round trip: the consumer takes events one after the other, each waits for this commit.
    const inserted = await this.db.scopedQuery<unknown>(
      SYSTEM,
      `INSERT INTO webhook_deliveries (endpoint_id, depositor_id, cause, event_type, subject, ordering_key, payload)
         SELECT r.endpoint_id, r.depositor_id, r.cause, r.event_type, r.subject, r.ordering_key, r.payload
           FROM jsonb_to_recordset($1::jsonb) AS r(endpoint_id uuid, depositor_id int, cause text, event_type text, subject text,
                                                   ordering_key text, payload jsonb)
          -- An endpoint deleted meanwhile takes nothing.
          WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = r.endpoint_id)
         ON CONFLICT ("endpoint_id", "cause") DO NOTHING RETURNING 1`,
      [JSON.stringify(rows)],
    );
    if (inserted.length) this.kick();
    return inserted.length;
  }

  /** The active endpoints, read at most every WEBHOOK_ENDPOINTS_CACHE_MS (a second) rather than for each event. */
  private async activeSubscribers(): Promise<Subscriber[]> {
    const ttl = number('WEBHOOK_ENDPOINTS_CACHE_MS', 1000);
    if (!this.subscribers || Date.now() - this.subscribers.at >= ttl) {
      const at = Date.now();
      const rows = await this.db.scopedQuery<Subscriber>(
        SYSTEM,
        `SELECT id, depositor_ids, event_types, created_by_locale FROM webhook_endpoints WHERE status = 'active'`,
      );
      this.subscribers = { at, rows };
    }
    return this.subscribers.rows;
  }

  /** Claims what is due while there is room, and starts each attempt; an attempt's end kicks again. */
  private async drain(): Promise<void> {
    while (!this.stopping) {
      const room = this.concurrency - this.inFlight.size;
      if (room <= 0) return;
      const claimed = await this.claim(Math.min(room, 200));
      for (const row of claimed) {
        const attempt: Promise<void> = this.attempt(row)
          .catch((e: unknown) => this.logger.warn(`delivery ${row.id}: ${e instanceof Error ? e.message : String(e)}`))
          .finally(() => {
            this.inFlight.delete(attempt);
            this.kick();
          });
        this.inFlight.add(attempt);
      }
      if (claimed.length < room) {
        await this.planWake();
        return;
      }
    }
  }

  private async claim(limit: number): Promise<Claimed[]> {
    const leaseMs = number('WEBHOOK_LEASE_MS', number('WEBHOOK_TIMEOUT_MS', WEBHOOK_TIMEOUT_MS) + 20_000);
    return this.db.scoped(SYSTEM, async (em) =>
      rowsOf<Claimed>(
        await em.query(
          `WITH due AS (
             SELECT d.id FROM webhook_deliveries d
              WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.lease_until IS NULL OR d.lease_until < now())
                AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND e.status = 'active')
                AND NOT EXISTS (SELECT 1 FROM webhook_deliveries o
                                 WHERE o.endpoint_id = d.endpoint_id AND o.ordering_key = d.ordering_key
                                   AND o.status = 'pending' AND o.seq < d.seq)
              ORDER BY d.next_attempt_at, d.seq
              LIMIT $1
              FOR UPDATE OF d SKIP LOCKED)
           UPDATE webhook_deliveries w SET lease_until = now() + $2 * interval '1 millisecond'
             FROM due, webhook_endpoints e
            WHERE w.id = due.id AND e.id = w.endpoint_id
           RETURNING w.id, w.endpoint_id, w.payload, w.tries, e.url, e.secret_sealed, e.previous_secret_sealed,
                     COALESCE(e.previous_secret_until > now(), false) AS overlap, e.depositor_ids, e.created_by_email,
                     e.created_by_locale`,
          [limit, leaseMs],
        ),
      ),
    );
  }

  /** Sleeps until the next retry due when it comes before the next poll. */
  private async planWake(): Promise<void> {
    const [next] = await this.db.scopedQuery<{ wait: number | null }>(
      SYSTEM,
      `SELECT GREATEST(0, extract(epoch FROM min(next_attempt_at) - now()) * 1000)::float AS wait
         FROM webhook_deliveries WHERE status = 'pending'`,
    );
    const wait = next?.wait;
    if (wait === null || wait === undefined || wait >= number('WEBHOOK_POLL_MS', 1000)) return;
    clearTimeout(this.wake);
    this.wake = setTimeout(() => this.kick(), Math.max(wait, 20));
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
    await this.record(row, result);
  }

  /** The attempt's outcome and its log line, in one transaction; the last failed attempt disables the endpoint. */
  private async record(row: Claimed, result: WebhookAttempt): Promise<void> {
    const wait = result.delivered ? 0 : retryDelayMs(row.tries + 1, Number(process.env.WEBHOOK_RETRY_SCALE ?? 1) || 1);
    const status = result.delivered ? 'delivered' : wait === null ? 'failed' : 'pending';
    // Asked before the transaction (a bus request never holds a connection): only when the endpoint is about to stop.
    const recipients = status === 'failed' ? await this.recipients(row) : [];
    let mailed = false;
    await this.db.scoped(SYSTEM, async (em) => {
      const [recorded] = rowsOf<{ id: string }>(
        await em.query(
          `WITH d AS (
             UPDATE webhook_deliveries SET status = $2, attempts = attempts + 1, tries = tries + 1, lease_until = NULL,
                    next_attempt_at = now() + $3 * interval '1 millisecond', last_attempt_at = now(),
                    last_status_code = $4, last_duration_ms = $5, last_response = $6
              WHERE id = $1 AND status = 'pending' RETURNING id, depositor_id)
           INSERT INTO webhook_attempts (delivery_id, depositor_id, status_code, duration_ms, response)
           SELECT id, depositor_id, $4, $5, $6 FROM d RETURNING delivery_id AS id`,
          [row.id, status, wait ?? 0, result.statusCode, result.durationMs, result.response],
        ),
      );
      if (recorded && status === 'failed') mailed = await this.disableFailing(em, row.endpoint_id, result, recipients);
    });
    if (mailed) this.relay.kick();
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
