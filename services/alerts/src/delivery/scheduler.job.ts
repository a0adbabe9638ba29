import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { ALERT_LIMITS, dayIn, dayStart, systemContext, TrackingStatus, zonedInstant } from '@portal/contracts';
import { Repeater } from '@portal/bus';
import { Db } from '@portal/db';
import { MailRelay } from '@portal/mail';
import type { EntityManager } from 'typeorm';
import { recordDelivery, type TriggerKind } from './alert-mails';
import { AlertComposer, type AlertDelivery, type MailOrder } from './compose';
import { alertOrders, followedEvents, type AlertRow, type Occurrence } from './matching';
import { mailOrder, PROJECTED_ORDER, type ProjectedOrder } from './orders';
import { nextSlotAfter, scheduleOf, slotAtOrBefore } from './slots';

/** The advisory lock of the scheduler: one copy of the service runs it at a time (in this database). */
const SCHEDULER_LOCK = 1_400_001;
const CTX = systemContext('alerts-scheduler');
/** Digests and tour breaches read changes, whenever the order was created. */
const EVER = new Date(0);
/** Alerts composed and written at the same time (each holds a connection while it writes). */
const PARALLEL_ALERTS = 4;
/** Tour breaches mailed per run (the next run takes the rest). */
const TOUR_BATCH = 200;

/**
 * Scheduled alerts and preparation SLAs, every ALERTS_SCHEDULER_INTERVAL_MS (15 s), under an
 * advisory lock (one copy at a time; the triggers' key is the guarantee, the lock saves the work):
 * - a digest alert (day, week, month, year) fires once per slot (`slot:<ISO>`): the matching orders
 *   whose status or events changed since its previous slot. After a stop it catches up the latest
 *   slot missed only, with every change since the last slot it sent (not one mail per missed slot);
 * - PICKING_CUTOFF: at the cut-off of each day (owner's zone), the orders received that day before it
 *   and not picked yet (`sla:<day>`; only today's, once past its cut-off);
 * - TOUR_MISSED: an order whose tour was to leave and that is not shipped, once (`tour:<order>`).
 */
@Injectable()
export class AlertScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('AlertScheduler');
  private readonly repeater = new Repeater(
    () => this.run(new Date()),
    (e: unknown) => this.logger.error(`scheduler failed: ${e instanceof Error ? e.message : String(e)}`),
  );

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(AlertComposer) private readonly composer: AlertComposer,
    @Inject(MailRelay) private readonly relay: MailRelay,
  ) {}

  onApplicationBootstrap(): void {
    this.repeater.start(Number(process.env.ALERTS_SCHEDULER_INTERVAL_MS ?? 15_000), false);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.repeater.stop();
  }

  /** One run: answers the alerts that fired, or null when another copy holds the lock. */
  async run(now: Date): Promise<number | null> {
    return this.db.scoped(CTX, async (lock) => {
      const [{ locked }] = await lock.query<{ locked: boolean }[]>(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [SCHEDULER_LOCK]);
      if (!locked) return null;
      await this.fillNextSlots(now);
      const due = await this.alerts(`kind IN ('VIP', 'DOC') AND frequency <> 'IMMEDIATE' AND next_slot_at <= $1`, [now]);
      const sla = await this.alerts(`kind = 'SLA' AND sla_rule IS NOT NULL`, []);
      const fired =
        (await this.each(due, (alert) => this.fireSlot(alert, now))) +
        (await this.each(sla, (alert) =>
          alert.sla_rule === 'PICKING_CUTOFF' ? this.pickingCutoff(alert, now) : this.toursMissed(alert, now),
        ));
      if (fired) this.relay.kick();
      return fired;
    });
  }

  /**
   * Runs alerts a few at a time (their queries and templates overlap); one alert's failure (tracking
   * away for its documents) is logged and retried next run, the others go on. Answers how many fired.
   */
  private async each(alerts: AlertRow[], fn: (alert: AlertRow) => Promise<number>): Promise<number> {
    let fired = 0;
    const queue = [...alerts];
    const worker = async () => {
      for (let alert = queue.shift(); alert; alert = queue.shift()) {
        try {
          const n = await fn(alert); // not `fired += await`: it would read `fired` before the wait
          fired += n;
        } catch (e) {
          this.logger.error(`alert ${alert.id}: ${e instanceof Error ? e.message : String(e)}; retried next run`);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_ALERTS }, worker));
    return fired;
  }

  private alerts(where: string, params: unknown[]): Promise<AlertRow[]> {
    return this.db.scopedQuery<AlertRow>(CTX, `SELECT * FROM alerts WHERE enabled AND ${where} ORDER BY id`, params);
  }

  /** Alerts saved without their next slot (new or changed) get it: the first after now. */
  private async fillNextSlots(now: Date): Promise<void> {
    const missing = await this.alerts(`frequency <> 'IMMEDIATE' AND kind IN ('VIP', 'DOC') AND next_slot_at IS NULL`, []);
    for (const a of missing) {
      const next = nextSlotAfter(scheduleOf(a), now, a.timezone);
      if (next) await this.db.scopedQuery(CTX, `UPDATE alerts SET next_slot_at = $2 WHERE id = $1 AND next_slot_at IS NULL`, [a.id, next]);
    }
  }

  private async fireSlot(alert: AlertRow, now: Date): Promise<number> {
    const schedule = scheduleOf(alert);
    const due = alert.next_slot_at!;
    const latest = slotAtOrBefore(schedule, now, alert.timezone);
    const slot = latest && latest > due ? latest : due;
    if (slot > due) this.logger.warn(`alert ${alert.id}: slots from ${due.toISOString()} missed, catching up ${slot.toISOString()} only`);
    const from = alert.last_slot_at ?? slotAtOrBefore(schedule, new Date(slot.getTime() - 1), alert.timezone) ?? alert.created_at;
    const { orders, total } = await this.changedOrders(alert, from, slot);
    const fired = await this.send(
      alert,
      `slot:${slot.toISOString()}`,
      'SLOT',
      { alert, orders, period: { from, to: slot } },
      total,
      async (em) => {
        await em.query(`UPDATE alerts SET last_slot_at = $2, next_slot_at = $3 WHERE id = $1`, [
          alert.id,
          slot,
          nextSlotAfter(schedule, slot, alert.timezone),
        ]);
      },
    );
    return fired;
  }

  /** The matching orders whose followed status or events changed in (from, to], the latest change of each. */
  private async changedOrders(alert: AlertRow, from: Date, to: Date): Promise<{ orders: MailOrder[]; total: number }> {
    const w = alertOrders(alert, EVER);
    const events = `e.depositor_id = ANY(${w.param(alert.depositor_ids)}::int[]) AND e.at > ${w.param(from)} AND e.at <= ${w.param(to)}
      AND ${followedEvents(alert, w)}`;
    const rows = await this.db.scopedQuery<ProjectedOrder & { kind: Occurrence['kind']; code: string; at: Date; total: number }>(
      CTX,
      `SELECT x.*, count(*) OVER ()::int AS total FROM (
         SELECT DISTINCT ON (e.order_id) ${PROJECTED_ORDER}, e.kind, e.code, e.at
         FROM alert_order_events e JOIN alert_orders o ON o.order_id = e.order_id
         WHERE ${events} AND ${w}
         ORDER BY e.order_id, e.at DESC) x
       ORDER BY x.at LIMIT ${ALERT_LIMITS.digestOrders}`,
      w.params,
    );
    return {
      orders: rows.map((r) => mailOrder(r, { kind: r.kind, code: r.code, at: new Date(r.at).toISOString() })),
      total: rows[0]?.total ?? 0,
    };
  }

  private async pickingCutoff(alert: AlertRow, now: Date): Promise<number> {
    const day = dayIn(alert.timezone, now);
    const cutoffAt = zonedInstant(`${day}T${alert.cutoff}`, alert.timezone);
    const cause = `sla:${day}`;
    if (!cutoffAt || now < cutoffAt || (await this.fired(alert.id, cause))) return 0;
    const w = alertOrders(alert, dayStart(day, alert.timezone)!);
    w.and(`o.created_at < ${w.param(cutoffAt)} AND o.status >= 0 AND o.status < ${TrackingStatus.Packing}`);
    const rows = await this.db.scopedQuery<ProjectedOrder & { created_at: Date; total: number }>(
      CTX,
      `SELECT ${PROJECTED_ORDER}, o.created_at, count(*) OVER ()::int AS total FROM alert_orders o
        WHERE ${w} ORDER BY o.created_at LIMIT ${ALERT_LIMITS.digestOrders}`,
      w.params,
    );
    const orders = rows.map((r) => mailOrder(r, { kind: 'STATUS', code: String(r.status), at: new Date(r.created_at).toISOString() }));
    return this.send(alert, cause, 'SLA', { alert, orders, sla: { cutoff: alert.cutoff ?? undefined } }, rows[0]?.total ?? 0);
  }

  private async toursMissed(alert: AlertRow, now: Date): Promise<number> {
    const w = alertOrders(alert, EVER);
    w.and(`o.tour_code IS NOT NULL AND o.promised_shipping_at < ${w.param(now)} AND o.promised_shipping_at >= ${w.param(alert.created_at)}
      AND o.status >= 0 AND o.status < ${TrackingStatus.Shipped}
      AND NOT EXISTS (SELECT 1 FROM alert_triggers t WHERE t.alert_id = ${w.param(alert.id)} AND t.cause = 'tour:' || o.order_id)`);
    const rows = await this.db.scopedQuery<ProjectedOrder>(
      CTX,
      `SELECT ${PROJECTED_ORDER} FROM alert_orders o WHERE ${w} ORDER BY o.promised_shipping_at LIMIT ${TOUR_BATCH}`,
      w.params,
    );
    let fired = 0;
    for (const o of rows) {
      const orders = [mailOrder(o, { kind: 'STATUS', code: String(o.status), at: now.toISOString() })];
      fired += await this.send(
        alert,
        `tour:${o.orderId}`,
        'SLA',
        { alert, orders, sla: { tour: o.tourCode, promisedAt: o.promisedShippingAt } },
        1,
      );
    }
    return fired;
  }

  private async fired(alertId: number, cause: string): Promise<boolean> {
    const rows = await this.db.scopedQuery(CTX, `SELECT 1 FROM alert_triggers WHERE alert_id = $1 AND cause = $2`, [alertId, cause]);
    return rows.length > 0;
  }

  /** Composes (nothing when there is no order and the alert sends only with data) and records once. */
  private async send(
    alert: AlertRow,
    cause: string,
    kind: TriggerKind,
    delivery: AlertDelivery,
    total: number,
    also?: (em: EntityManager) => Promise<void>,
  ): Promise<number> {
    const quiet = delivery.orders.length === 0 && alert.send_only_if_data;
    const mails = quiet ? [] : await this.composer.compose({ ...delivery, total });
    const first = await this.db.scoped(CTX, async (em) => {
      const recorded = await recordDelivery(em, alert.id, cause, kind, mails, total);
      await also?.(em);
      return recorded;
    });
    return first && mails.length ? 1 : 0;
  }
}
