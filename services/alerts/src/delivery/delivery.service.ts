import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import {
  ALERT_LIMITS,
  AppError,
  AuthSubjects,
  hasAnyRole,
  notFound,
  Role,
  systemContext,
  type AlertMailDto,
  type AlertTestSendResult,
  type CallerContext,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { subMonths } from 'date-fns/subMonths';
import { MailRelay } from '@portal/mail';
import { recordDelivery } from './alert-mails';
import { AlertComposer } from './compose';
import { alertOrders, type AlertRow } from './matching';
import { mailOrder, PROJECTED_ORDER, type ProjectedOrder } from './orders';

/** Orders a test mail lists: the latest matching ones. */
const TEST_ORDERS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Test-send and mail history of an alert, for the caller who may see it: its owner, or an ADMIN,
 * and only when every depositor it names is in the caller's scope (row-level security); another
 * caller gets objectNotFound.
 */
@Injectable()
export class DeliveryService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(AlertComposer) private readonly composer: AlertComposer,
    @Inject(MailRelay) private readonly relay: MailRelay,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  /**
   * Sends the alert now by the same path as real mails (cause `test:<uuid>`), with its latest
   * matching orders, to its recipients, or to the caller alone when `toSelfOnly`.
   */
  async testSend(ctx: CallerContext, data: unknown): Promise<AlertTestSendResult> {
    const alert = await this.visible(ctx, data);
    const only = (data as { toSelfOnly?: unknown }).toSelfOnly === true ? [await this.callerEmail(ctx, alert)] : undefined;
    const w = alertOrders(alert, subMonths(new Date(), ALERT_LIMITS.matchMonths));
    const rows = await this.db.scopedQuery<ProjectedOrder & { updated_at: Date }>(
      systemContext(`alert-test:${alert.id}`),
      `SELECT ${PROJECTED_ORDER}, o.updated_at FROM alert_orders o WHERE ${w} ORDER BY o.updated_at DESC LIMIT ${TEST_ORDERS}`,
      w.params,
    );
    const orders = rows.map((o) => mailOrder(o, { kind: 'STATUS', code: String(o.status), at: new Date(o.updated_at).toISOString() }));
    const probe =
      alert.kind === 'NO_TEMPERATURE'
        ? {
            probeId: 0,
            mac: '00:00:00:00:00:00',
            label: 'TEST',
            depositorIds: alert.depositor_ids,
            platformId: null,
            zone: null,
            lastReadingAt: null,
            silentSince: new Date().toISOString(),
            silentHours: 12,
          }
        : undefined;
    const mails = await this.composer.compose({ alert, orders, only, probe });
    if (!mails.length) throw new AppError('mailIncomplete', 'the alert has no recipient');
    await this.db.scoped(systemContext(`alert-test:${alert.id}`), (em) =>
      recordDelivery(em, alert.id, `test:${randomUUID()}`, 'TEST', mails, orders.length),
    );
    this.relay.kick();
    return { recipients: mails.map((m) => m.to), orders: orders.length };
  }

  /** The alert's mails, newest first (at most 50). */
  async mails(ctx: CallerContext, data: unknown): Promise<AlertMailDto[]> {
    const alert = await this.visible(ctx, data);
    return this.db.scopedQuery<AlertMailDto>(
      systemContext(`alert-mails:${alert.id}`),
      `SELECT id::int, "to", subject, to_json(created_at) #>> '{}' AS "createdAt", to_json(sent_at) #>> '{}' AS "sentAt",
              attempts, error, order_count AS orders, jsonb_array_length(attachments) AS attachments
         FROM mail_outbox WHERE alert_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50`,
      [alert.id],
    );
  }

  /** The alert of `data.id` (number or uuid) if the caller may see it, else objectNotFound. */
  private async visible(ctx: CallerContext, data: unknown): Promise<AlertRow> {
    const id = (data as { id?: unknown } | null)?.id;
    const byUuid = typeof id === 'string' && UUID.test(id);
    const number = typeof id === 'number' ? id : typeof id === 'string' && /^\d{1,9}$/.test(id) ? Number(id) : NaN;
    if (!byUuid && !(Number.isSafeInteger(number) && number > 0 && number <= 2_147_483_647)) throw notFound('alert');
    const [alert] = await this.db.scopedQuery<AlertRow>(ctx, `SELECT * FROM alerts WHERE ${byUuid ? 'uuid = $1::uuid' : 'id = $1'}`, [
      byUuid ? id : number,
    ]);
    if (!alert || (alert.owner_id !== ctx.user?.id && !hasAnyRole(ctx.roles, [Role.ADMIN]))) throw notFound('alert');
    return alert;
  }

  /** The caller's address: the owner's as saved with the alert, else the one auth knows. */
  private async callerEmail(ctx: CallerContext, alert: AlertRow): Promise<string> {
    if (alert.owner_id === ctx.user?.id && alert.owner_email) return alert.owner_email;
    const me = await this.bus.request<{ email?: string | null }>(AuthSubjects.me, ctx, {}).catch(() => null);
    if (!me?.email) throw new AppError('mailIncomplete', 'the caller has no e-mail address');
    return me.email;
  }
}
