import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BusClient, OutboxRelay, recordAuditChange } from '@portal/bus';
import {
  adminReach,
  AppError,
  AuthSubjects,
  hasAnyRole,
  notFound,
  parseBody,
  WEBHOOK_LOG_PAGE,
  WEBHOOK_MANAGERS,
  WEBHOOK_MAX_ENDPOINTS_PER_DEPOSITOR,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT,
  webhookEndpointSchema,
  type CallerContext,
  type WebhookDeliveryDetailDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryPage,
  type WebhookEndpointDto,
  type WebhookEndpointInput,
  type WebhookSecretDto,
} from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { WebhookAddressGuard } from './webhook-address';
import { WebhookQueue } from './webhook-queue';
import {
  ENDPOINT_COLUMNS,
  presentAttempt,
  presentDelivery,
  presentEndpoint,
  type AttemptRow,
  type DeliveryRow,
  type EndpointRow,
} from './webhook-rows';
import { WebhookSecrets } from './webhook-secrets';
import { newWebhookSecret } from './webhook-signing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'];

/**
 * Settings > Intégrations, webhooks (issue 35 item 2): a depositor's endpoints, managed by the API
 * keys' managers within their back office reach (row-level security on the endpoints: one outside it
 * answers objectNotFound on every route), audited as the keys are, their secret answered once.
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
    private readonly outbox: OutboxRelay,
    private readonly secrets: WebhookSecrets,
    private readonly guard: WebhookAddressGuard,
    private readonly queue: WebhookQueue,
  ) {}

  async list(ctx: CallerContext): Promise<WebhookEndpointDto[]> {
    this.mayManage(ctx);
    const rows = await this.db.scopedQuery<EndpointRow>(
      adminReach(ctx),
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e ORDER BY e.created_at DESC, e.id`,
    );
    return rows.map(presentEndpoint);
  }

  async create(ctx: CallerContext, raw: unknown): Promise<WebhookSecretDto> {
    this.mayManage(ctx);
    const input = await this.checked(ctx, raw);
    const id = randomUUID();
    const secret = newWebhookSecret();
    const email = await this.callerEmail(ctx);
    const row = await this.write(ctx, async (em) => {
      await this.withinLimit(em, input.depositorIds);
      await em.query(
        `INSERT INTO webhook_endpoints (id, url, description, depositor_ids, event_types, secret_sealed, created_by, created_by_login,
                                        created_by_email, created_by_locale)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          input.url,
          input.description,
          input.depositorIds,
          input.eventTypes,
          this.secrets.seal(id, secret),
          ctx.user?.id ?? null,
          ctx.user?.login ?? null,
          email,
          ctx.locale,
        ],
      );
      const created = await this.read(em, id);
      await this.audit(em, ctx, created, 'created', null);
      return created;
    });
    return { ...presentEndpoint(row), secret };
  }

  async update(ctx: CallerContext, data: { id?: unknown; body?: unknown }): Promise<WebhookEndpointDto> {
    this.mayManage(ctx);
    const id = endpointId(data?.id);
    const input = await this.checked(ctx, data?.body);
    return presentEndpoint(
      await this.write(ctx, async (em) => {
        const before = await this.read(em, id, true);
        await this.withinLimit(
          em,
          input.depositorIds.filter((d) => !before.depositor_ids.includes(d)),
        );
        await em.query(
          `UPDATE webhook_endpoints SET url = $2, description = $3, depositor_ids = $4, event_types = $5, updated_at = now() WHERE id = $1`,
          [id, input.url, input.description, input.depositorIds, input.eventTypes],
        );
        const after = await this.read(em, id);
        await this.audit(em, ctx, after, 'updated', before);
        return after;
      }),
    );
  }

  async remove(ctx: CallerContext, data: { id?: unknown }): Promise<WebhookEndpointDto> {
    this.mayManage(ctx);
    const id = endpointId(data?.id);
    return presentEndpoint(
      await this.write(ctx, async (em) => {
        const before = await this.read(em, id, true);
        await em.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [id]);
        await this.audit(em, ctx, before, 'deleted', before, null);
        return before;
      }),
    );
  }

  /** A new secret, answered once; the previous one keeps signing beside it for WEBHOOK_ROTATION_OVERLAP_HOURS. */
  async rotate(ctx: CallerContext, data: { id?: unknown }): Promise<WebhookSecretDto> {
    this.mayManage(ctx);
    const id = endpointId(data?.id);
    const secret = newWebhookSecret();
    const row = await this.write(ctx, async (em) => {
      const before = await this.read(em, id, true);
      await em.query(
        `UPDATE webhook_endpoints SET previous_secret_sealed = secret_sealed, secret_sealed = $2,
                previous_secret_until = now() + $3 * interval '1 hour', updated_at = now() WHERE id = $1`,
        [id, this.secrets.seal(id, secret), WEBHOOK_ROTATION_OVERLAP_HOURS],
      );
      const after = await this.read(em, id);
      await this.audit(em, ctx, after, 'rotated', before);
      return after;
    });
    return { ...presentEndpoint(row), secret };
  }

  async enable(ctx: CallerContext, data: { id?: unknown }): Promise<WebhookEndpointDto> {
    const dto = await this.setStatus(ctx, data, true);
    this.queue.kick();
    return dto;
  }

  disable(ctx: CallerContext, data: { id?: unknown }): Promise<WebhookEndpointDto> {
    return this.setStatus(ctx, data, false);
  }

  /** A `webhook.test` message through the same queue as the others (every endpoint takes it). */
  async test(ctx: CallerContext, data: { id?: unknown }): Promise<WebhookDeliveryDto> {
    this.mayManage(ctx);
    const id = endpointId(data?.id);
    const delivery = await this.db.scoped(adminReach(ctx), async (em) => {
      const endpoint = await this.read(em, id, true);
      const timestamp = new Date().toISOString();
      const cause = `test:${randomUUID()}`;
      const body = { type: WEBHOOK_TEST_EVENT, timestamp, data: { endpointId: id, requestedBy: ctx.user?.login ?? null } };
      const [row] = await em.query<DeliveryRow[]>(
        `INSERT INTO webhook_deliveries (endpoint_id, depositor_id, cause, event_type, subject, ordering_key, payload)
         VALUES ($1, $2, $3, $4, $5, $3, $6) RETURNING *`,
        [id, endpoint.depositor_ids[0], cause, WEBHOOK_TEST_EVENT, 'test', JSON.stringify(body)],
      );
      return row;
    });
    this.queue.kick();
    return presentDelivery(delivery);
  }

  /** An endpoint's log, newest first, a page of WEBHOOK_LOG_PAGE before an opaque cursor. */
  async deliveries(ctx: CallerContext, data: { id?: unknown; status?: unknown; before?: unknown }): Promise<WebhookDeliveryPage> {
    this.mayManage(ctx);
    const id = endpointId(data?.id);
    const status = data?.status === undefined || data.status === '' ? null : String(data.status);
    if (status !== null && !DELIVERY_STATUSES.includes(status))
      throw new AppError('validationFailed', 'unknown status', undefined, { status: 'invalidFormat' });
    const before = data?.before === undefined || data.before === '' ? null : String(data.before);
    if (before !== null && !/^\d{1,18}$/.test(before))
      throw new AppError('validationFailed', 'bad cursor', undefined, { before: 'invalidFormat' });
    return this.db.scoped(adminReach(ctx), async (em) => {
      await this.read(em, id);
      const rows = await em.query<DeliveryRow[]>(
        `SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 AND ($2::text IS NULL OR status = $2)
            AND ($3::bigint IS NULL OR seq < $3) ORDER BY seq DESC LIMIT $4`,
        [id, status, before, WEBHOOK_LOG_PAGE + 1],
      );
      const page = rows.slice(0, WEBHOOK_LOG_PAGE);
      return { items: page.map(presentDelivery), next: rows.length > WEBHOOK_LOG_PAGE ? String(page[page.length - 1].seq) : null };
    });
  }

  async delivery(ctx: CallerContext, data: { id?: unknown; deliveryId?: unknown }): Promise<WebhookDeliveryDetailDto> {
    this.mayManage(ctx);
    const id = endpointId(data?.id);
    const deliveryId = endpointId(data?.deliveryId, 'delivery');
    return this.db.scoped(adminReach(ctx), async (em) => {
      await this.read(em, id);
      const delivery = await this.readDelivery(em, id, deliveryId);
      const attempts = await em.query<AttemptRow[]>(`SELECT * FROM webhook_attempts WHERE delivery_id = $1 ORDER BY id`, [deliveryId]);
      return { ...presentDelivery(delivery), payload: delivery.payload, attemptLog: attempts.map(presentAttempt) };
    });
  }

  /** "Renvoyer": one more attempt now, even of a delivered message, with the same webhook-id and a fresh schedule. */
  async redeliver(ctx: CallerContext, data: { id?: unknown; deliveryId?: unknown }): Promise<WebhookDeliveryDto> {
    this.mayManage(ctx);
    const id = endpointId(data?.id);
    const deliveryId = endpointId(data?.deliveryId, 'delivery');
    const row = await this.db.scoped(adminReach(ctx), async (em) => {
      await this.read(em, id);
      await this.readDelivery(em, id, deliveryId);
      const [[updated]] = (await em.query(
        `UPDATE webhook_deliveries SET status = 'pending', tries = 0, next_attempt_at = now() WHERE id = $1 RETURNING *`,
        [deliveryId],
      )) as [DeliveryRow[], number];
      return updated;
    });
    this.queue.kick();
    return presentDelivery(row);
  }

  private async setStatus(ctx: CallerContext, data: { id?: unknown }, active: boolean): Promise<WebhookEndpointDto> {
    this.mayManage(ctx);
    const id = endpointId(data?.id);
    return presentEndpoint(
      await this.write(ctx, async (em) => {
        const before = await this.read(em, id, true);
        await em.query(
          active
            ? `UPDATE webhook_endpoints SET status = 'active', disabled_reason = NULL, disabled_at = NULL, updated_at = now() WHERE id = $1`
            : `UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = 'manual', disabled_at = COALESCE(disabled_at, now()),
                      updated_at = now() WHERE id = $1`,
          [id],
        );
        const after = await this.read(em, id);
        await this.audit(em, ctx, after, active ? 'enabled' : 'disabled', before);
        return after;
      }),
    );
  }

  /** The body, its depositors within the caller's reach (else permissionDenied), its address acceptable. */
  private async checked(ctx: CallerContext, raw: unknown): Promise<WebhookEndpointInput> {
    const input = parseBody(webhookEndpointSchema, raw);
    input.depositorIds = [...new Set(input.depositorIds)].sort((a, b) => a - b);
    input.eventTypes = [...new Set(input.eventTypes)];
    const reach = adminReach(ctx);
    if (!reach.all && input.depositorIds.some((d) => !reach.depositorIds.includes(d)))
      throw new AppError('permissionDenied', 'an endpoint takes only events of depositors its creator administers');
    await this.guard.check(input.url);
    return input;
  }

  private async withinLimit(em: EntityManager, depositorIds: number[]): Promise<void> {
    if (!depositorIds.length) return;
    const [full] = await em.query<{ depositor: number }[]>(
      `SELECT d AS depositor FROM unnest($1::int[]) d
        WHERE (SELECT count(*) FROM webhook_endpoints e WHERE d = ANY (e.depositor_ids)) >= $2 LIMIT 1`,
      [depositorIds, WEBHOOK_MAX_ENDPOINTS_PER_DEPOSITOR],
    );
    if (full)
      throw new AppError('webhookEndpointLimit', 'too many endpoints for this depositor', {
        depositorId: full.depositor,
        max: WEBHOOK_MAX_ENDPOINTS_PER_DEPOSITOR,
      });
  }

  /** A write under the caller's reach, the audit event relayed once it commits. */
  private async write<T>(ctx: CallerContext, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.db.scoped(adminReach(ctx), fn);
    this.outbox.kick();
    this.queue.forgetEndpoints();
    return result;
  }

  /** The endpoint in the caller's reach (row-level security), locked when it is about to change. */
  private async read(em: EntityManager, id: string, lock = false): Promise<EndpointRow> {
    const [row] = await em.query<EndpointRow[]>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id = $1${lock ? ' FOR UPDATE OF e' : ''}`,
      [id],
    );
    if (!row) throw notFound('webhook endpoint');
    return row;
  }

  private async readDelivery(em: EntityManager, endpoint: string, id: string): Promise<DeliveryRow> {
    const [row] = rowsOf<DeliveryRow>(
      await em.query(`SELECT * FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2`, [id, endpoint]),
    );
    if (!row) throw notFound('webhook delivery');
    return row;
  }

  private audit(
    em: EntityManager,
    ctx: CallerContext,
    row: EndpointRow,
    action: string,
    before: EndpointRow | null,
    after: EndpointRow | null = row,
  ) {
    return recordAuditChange(em, ctx, 'alerts', {
      entity: 'webhook-endpoint',
      id: row.id,
      label: row.description || row.url,
      action,
      depositorIds: row.depositor_ids,
      before: before && audited(before),
      after: after && audited(after),
    });
  }

  /** Where the mail of a failing endpoint goes: the creator's contact mail, else their login e-mail. */
  private async callerEmail(ctx: CallerContext): Promise<string | null> {
    try {
      const me = await this.bus.request<{ email?: string | null; contactMail?: string | null }>(AuthSubjects.me, ctx, {});
      return me.contactMail || me.email || null;
    } catch (e) {
      this.logger.warn(`creator's e-mail unknown: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  }

  /** Users only, with the right to administer users (theirs or every depositor's): never a key making webhooks. */
  private mayManage(ctx: CallerContext): void {
    if (!ctx.user || ctx.client || !hasAnyRole(ctx.roles, WEBHOOK_MANAGERS)) throw new AppError('permissionDenied', 'permission denied');
  }
}

/** What the audit trail keeps of an endpoint: never a secret, only when it was rotated. */
function audited(row: EndpointRow): Record<string, unknown> {
  return {
    url: row.url,
    description: row.description,
    depositorIds: row.depositor_ids,
    eventTypes: row.event_types,
    status: row.status,
    disabledReason: row.disabled_reason,
    previousSecretUntil: row.previous_secret_until?.toISOString() ?? null,
  };
}

function endpointId(raw: unknown, what = 'webhook endpoint'): string {
  if (typeof raw !== 'string' || !UUID.test(raw)) throw notFound(what);
  return raw.toLowerCase();
}
