import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AlertsSubjects, AppError, Role, type AlertDto, type AlertMatchCount, type ListPage, type OrderSnapshot } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { randomUUID } from 'node:crypto';
import { AlertsServiceModule } from '../alerts.module';
import { ProjectionConsumer } from '../projection/projection.consumer';
import { MATCH_COUNT_CAP } from './match-count';

/** Alerts CRUD, rights, scope and the matching count on a real PostgreSQL (spec §3, §5, §6). */
describe('alerts', () => {
  let h: ServiceHarness;
  let db: Db;
  const alice = callerContext({ userId: 2, roles: [Role.ALERT_USER], depositorIds: [1, 2] });
  const premium = callerContext({
    userId: 2,
    roles: [Role.ALERT_USER, Role.USER_VIP_PREMIUM, Role.USER_CUSTOM_ALERT_SUBJECT],
    depositorIds: [1, 2],
  });
  const bob = callerContext({ userId: 3, roles: [Role.ALERT_USER], depositorIds: [2] });
  const carol = callerContext({ userId: 4, roles: [Role.ALERT_USER], depositorIds: [1, 2] });
  const admin = callerContext({ userId: 1, roles: [Role.ADMIN], all: true });
  const form = (more: object = {}) => ({
    kind: 'VIP',
    title: 'Livrées',
    depositorIds: [1],
    statuses: [100],
    recipients: [{ name: 'Service client', email: 'sc@demo-a.example' }],
    ...more,
  });
  const refused = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  };
  const create = (ctx = alice, more: object = {}) => h.call<AlertDto>(AlertsSubjects.create, ctx, form(more));

  beforeAll(async () => {
    h = await startServices([AlertsServiceModule]);
    db = h.app.get(Db);
  }, 90000);
  afterAll(() => h?.close());

  describe('the form', () => {
    it('creates an alert owned by the caller, with its zone and language, and lists it in Hello', async () => {
      const alert = await create();
      expect(alert).toMatchObject({
        ownerId: 2,
        kind: 'VIP',
        statuses: [100],
        depositorIds: [1],
        timezone: 'Europe/Paris',
        locale: 'fr_FR',
      });
      expect(alert).toMatchObject({ enabled: true, frequency: 'IMMEDIATE', sendOnlyIfData: true, time: null, nextSlotAt: null });
      const page = await h.call<ListPage<AlertDto>>(AlertsSubjects.list, alice, { filter: { screen: 'vip' } });
      expect(page.rows.map((r) => r.id)).toContain(alert.id);
      const doc = await h.call<ListPage<AlertDto>>(AlertsSubjects.list, alice, { filter: { screen: 'doc' } });
      expect(doc.rows.map((r) => r.id)).not.toContain(alert.id);
    });

    it('updates the whole form and plans the next slot of the new schedule at once; deletes', async () => {
      const alert = await create();
      await db.system.query(`UPDATE alerts SET next_slot_at = now() - interval '3 days' WHERE id = $1`, [alert.id]);
      const before = Date.now();
      const updated = await h.call<AlertDto>(AlertsSubjects.update, alice, {
        id: alert.id,
        alert: form({ title: 'Chaque semaine', frequency: 'WEEK', time: '01:00', weekday: 5 }),
      });
      expect(updated).toMatchObject({ title: 'Chaque semaine', frequency: 'WEEK', time: '01:00', weekday: 5 });
      // The next Friday 01:00 in Paris, within a week from now.
      const next = new Date(updated.nextSlotAt!);
      expect(next.getTime()).toBeGreaterThan(before);
      expect(next.getTime() - before).toBeLessThanOrEqual(7 * 86_400_000);
      expect(
        new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(next),
      ).toBe('vendredi 01:00');
      // Back to immediate: no slot.
      const immediate = await h.call<AlertDto>(AlertsSubjects.update, alice, { id: alert.id, alert: form({}) });
      expect(immediate.nextSlotAt).toBeNull();
      expect(await h.call(AlertsSubjects.delete, alice, { id: alert.id })).toEqual({ ok: true });
      expect((await refused(h.call(AlertsSubjects.get, alice, { id: alert.id }))).key).toBe('objectNotFound');
    });

    it.each([
      [{ title: '' }, 'title', 'required'],
      [{ title: 'x'.repeat(101) }, 'title', 'maxLength'],
      [{ depositorIds: [] }, 'depositorIds', 'required'],
      [{ depositorIds: [3] }, 'depositorIds', 'unknownCode'],
      [{ customerCodes: ['DUP ONT?'] }, 'customerCodes.0', 'invalidFormat'],
      [{ statuses: [], events: [] }, 'statuses', 'required'],
      [{ kind: 'DOC', documentTypes: [] }, 'documentTypes', 'required'],
      [{ kind: 'SLA' }, 'slaRule', 'required'],
      [{ kind: 'SLA', slaRule: 'PICKING_CUTOFF' }, 'cutoff', 'required'],
      [{ frequency: 'DAY' }, 'time', 'required'],
      [{ frequency: 'WEEK', time: '12:00' }, 'weekday', 'required'],
      [{ frequency: 'MONTH', time: '12:00' }, 'monthDay', 'required'],
      [{ frequency: 'YEAR', time: '12:00', monthDay: 'LAST' }, 'month', 'required'],
      [{ time: '13:00', frequency: 'DAY' }, 'time', 'invalidFormat'],
      [{ recipients: [] }, 'recipients', 'required'],
      [{ recipients: [{ email: 'a@b.example' }] }, 'recipients.0.name', 'required'],
      [{ recipients: [{ name: 'A', email: 'not-mail' }] }, 'recipients.0.email', 'invalidEmail'],
      [{ recipients: [{ name: 'A', email: 'a@b.example', phone: '06 12 ab' }] }, 'recipients.0.phone', 'phoneDigits'],
    ])('refuses %j: %s %s', async (more, field, key) => {
      const e = await refused(create(alice, more));
      expect([e.key, e.fields?.[field]]).toEqual(['validationFailed', key]);
    });

    it('asks VIP Premium to inform the final recipient, and its right for a custom subject (403)', async () => {
      expect((await refused(create(alice, { informFinalRecipient: true }))).key).toBe('vipPremiumRequired');
      expect((await refused(create(alice, { subject: 'Commande {orderReference}' }))).key).toBe('customSubjectRequired');
      const granted = await create(premium, { informFinalRecipient: true, subject: 'Commande {orderReference}' });
      expect(granted).toMatchObject({ informFinalRecipient: true, subject: 'Commande {orderReference}' });
      // Keeping what someone with the right set needs no right; changing it does.
      const kept = await h.call<AlertDto>(AlertsSubjects.update, alice, {
        id: granted.id,
        alert: form({ informFinalRecipient: true, subject: 'Commande {orderReference}', title: 'Renommée' }),
      });
      expect(kept.title).toBe('Renommée');
      const changed = h.call(AlertsSubjects.update, alice, { id: granted.id, alert: form({ subject: 'Autre' }) });
      expect((await refused(changed)).key).toBe('customSubjectRequired');
    });
  });

  describe('another user or depositor', () => {
    it('does not show, change or delete another user’s alert (404), an ADMIN does', async () => {
      const alert = await create();
      for (const [subject, data] of [
        [AlertsSubjects.get, { id: alert.id }],
        [AlertsSubjects.update, { id: alert.id, alert: form() }],
        [AlertsSubjects.delete, { id: alert.id }],
      ] as const) {
        expect((await refused(h.call(subject, carol, data))).key).toBe('objectNotFound');
      }
      expect((await h.call<ListPage<AlertDto>>(AlertsSubjects.list, carol, {})).rows.map((r) => r.id)).not.toContain(alert.id);
      expect((await h.call<AlertDto>(AlertsSubjects.get, admin, { id: alert.id })).title).toBe('Livrées');
    });

    it('hides an alert naming a depositor outside the scope, even from its owner, and row-level security says the same', async () => {
      const alert = await create(alice, { depositorIds: [1, 2] });
      const narrowed = callerContext({ userId: 2, roles: [Role.ALERT_USER], depositorIds: [2] });
      expect((await refused(h.call(AlertsSubjects.get, narrowed, { id: alert.id }))).key).toBe('objectNotFound');
      const raw = await db.scopedQuery(bob, `SELECT id FROM alerts WHERE id = $1`, [alert.id]);
      expect(raw).toEqual([]);
    });
  });

  describe('the matching count', () => {
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
    let n = 0;
    const snapshot = (more: Partial<OrderSnapshot>): OrderSnapshot => ({
      orderId: 9_000_000 + ++n,
      depositorId: 1,
      depositorCode: 'DEMO-A',
      platformId: 1,
      activityCode: 'ECOM',
      storeCode: 'MAG-MLV1',
      reference: `CMD${n}`,
      orderReference: null,
      customerReference: null,
      slipNumber: null,
      carrierCode: 'GLS',
      tourCode: 'T-GLS',
      customerCode: 'CDUPONT',
      recipientName: null,
      recipientEmail: null,
      articleCodes: ['ART-1'],
      status: 90,
      tracerStatus: 'SHIPPED',
      createdAt: daysAgo(1),
      promisedShippingAt: null,
      shippedAt: null,
      updatedAt: now.toISOString(),
      ...more,
    });
    const feed = (order: OrderSnapshot) =>
      h
        .get(ProjectionConsumer)
        .orderChanged({ id: randomUUID(), type: 'tracking.order.changed', source: 'tracking', occurredAt: '', payload: { order } });
    const count = async (criteria: object, ctx = alice) => (await h.call<AlertMatchCount>(AlertsSubjects.matchCount, ctx, criteria)).count;

    beforeAll(async () => {
      await feed(snapshot({ reference: 'MC-1', customerCode: 'CDUPONT' }));
      await feed(snapshot({ reference: 'MC-2', customerCode: 'CDUPUIS', articleCodes: ['ART-2', 'ART-3'], status: 100 }));
      await feed(snapshot({ reference: 'MC-3', customerCode: 'C_DUP%', carrierCode: 'DHL' }));
      await feed(snapshot({ reference: 'MC-OLD', createdAt: daysAgo(100) }));
      await feed(snapshot({ reference: 'MC-B', depositorId: 2, depositorCode: 'DEMO-B', customerCode: 'CMARTIN' }));
      const status = await h.get(ProjectionConsumer);
      await status.carrierEvent({
        id: randomUUID(),
        type: 'tracking.carrier.event-reported',
        source: 'tracking',
        occurredAt: '',
        payload: {
          orderId: 9_000_001,
          depositorId: 1,
          reference: 'MC-1',
          carrier: 'GLS',
          trackingNumber: 'X',
          status: 'DELIVERED',
          at: daysAgo(0.5),
          note: null,
        },
      });
    });

    it('counts the last 3 months of the caller’s depositors by each criterion', async () => {
      const mine = { kind: 'VIP', referencePrefix: 'MC-' };
      expect(await count(mine)).toBe(4);
      expect(await count({ ...mine, depositorIds: [1] })).toBe(3);
      expect(await count({ ...mine, depositorIds: [1] }, bob).catch((e: AppError) => e.fields)).toEqual({ depositorIds: 'unknownCode' });
      expect(await count(mine, bob)).toBe(1);
      expect(await count({ ...mine, customerCodes: ['CDUPONT'] })).toBe(1);
      expect(await count({ ...mine, customerCodes: ['CDUP*'] })).toBe(2);
      expect(await count({ ...mine, customerCodes: ['*UP*'] })).toBe(3);
      // `_` and `%` typed in a code are letters, not LIKE wildcards.
      expect(await count({ ...mine, customerCodes: ['C_DUP*'] })).toBe(1);
      expect(await count({ ...mine, articleCodes: ['ART-3', 'ART-9'] })).toBe(1);
      expect(await count({ ...mine, statuses: [100] })).toBe(1);
      expect(await count({ ...mine, events: ['DELIVERED'] })).toBe(1);
      expect(await count({ ...mine, statuses: [100], events: ['DELIVERED'] })).toBe(2);
      expect(await count({ ...mine, carrierCodes: ['DHL'] })).toBe(1);
      expect(await count({ ...mine, referencePrefix: 'MC-OLD' })).toBe(0);
    });

    const delivered = (order: OrderSnapshot) =>
      h.get(ProjectionConsumer).carrierEvent({
        id: randomUUID(),
        type: 'tracking.carrier.event-reported',
        source: 'tracking',
        occurredAt: '',
        payload: {
          orderId: order.orderId,
          depositorId: order.depositorId,
          reference: order.reference,
          carrier: 'GLS',
          trackingNumber: 'X',
          status: 'DELIVERED',
          at: daysAgo(0.5),
          note: null,
        },
      });

    it('counts only the caller’s scope, written out since it is read without row-level security', async () => {
      const a1 = snapshot({ reference: 'SC-A1' });
      const a2 = snapshot({ reference: 'SC-A2', activityCode: 'B2B', platformId: 2 });
      const b1 = snapshot({ reference: 'SC-B1', depositorId: 2, depositorCode: 'DEMO-B', status: 100 });
      for (const order of [a1, a2, b1]) await feed(order);
      await delivered(a1);
      await delivered(b1);
      const mine = { kind: 'VIP', referencePrefix: 'SC-' };
      expect(await count(mine)).toBe(3);
      expect(await count(mine, admin)).toBe(3);
      expect(await count({ ...mine, events: ['DELIVERED'] }, admin)).toBe(2);
      // bob sees DEMO-B only: not DEMO-A's orders, nor the events of DEMO-A's orders.
      expect(await count(mine, bob)).toBe(1);
      expect(await count({ ...mine, events: ['DELIVERED'] }, bob)).toBe(1);
      expect(await count({ ...mine, depositorIds: [2], customerCodes: ['*DUP*'], articleCodes: ['ART-1'] }, bob)).toBe(1);
      // An order reaching a followed status and a followed event counts once.
      expect(await count({ ...mine, statuses: [100], events: ['DELIVERED'] })).toBe(2);
      expect(await count({ ...mine, statuses: [100], events: ['DELIVERED'] }, bob)).toBe(1);
      // Narrowed to an activity of DEMO-A or to a platform, criteria naming no depositor: nothing outside it.
      const b2b = callerContext({ userId: 5, roles: [Role.ALERT_USER], depositorIds: [1, 2], activityKeys: ['1:B2B'] });
      expect(await count(mine, b2b)).toBe(2);
      expect(await count({ ...mine, events: ['DELIVERED'] }, b2b)).toBe(1);
      const platform = callerContext({ userId: 5, roles: [Role.ALERT_USER], depositorIds: [1, 2], platformIds: [2] });
      expect(await count(mine, platform)).toBe(1);
      expect(await count(mine, callerContext({ userId: 6, roles: [Role.ALERT_USER], depositorIds: [] }))).toBe(0);
    });

    it('stops past the cap and says the count is "at least"', async () => {
      const insert = (from: number, to: number) =>
        db.system.query(
          `INSERT INTO alert_orders (order_id, depositor_id, depositor_code, reference, status, tracer_status, created_at, updated_at)
           SELECT 8000000 + i, 1, 'DEMO-A', 'CAP-' || i, 90, 'SHIPPED', now() - interval '1 day', now() FROM generate_series($1::int, $2::int) i`,
          [from, to],
        );
      const answer = () => h.call<AlertMatchCount>(AlertsSubjects.matchCount, alice, { kind: 'VIP', referencePrefix: 'CAP-' });
      try {
        await insert(1, MATCH_COUNT_CAP);
        expect(await answer()).toMatchObject({ count: MATCH_COUNT_CAP, capped: false });
        await insert(MATCH_COUNT_CAP + 1, MATCH_COUNT_CAP + 1);
        expect(await answer()).toMatchObject({ count: MATCH_COUNT_CAP, capped: true });
        expect(await count({ kind: 'VIP', referencePrefix: 'CAP-' }, bob)).toBe(0);
      } finally {
        await db.system.query(`DELETE FROM alert_orders WHERE order_id BETWEEN 8000001 AND $1`, [8000000 + MATCH_COUNT_CAP + 1]);
      }
    });

    it('keeps the newest snapshot of an order whatever the order events come in', async () => {
      const newer = snapshot({ reference: 'ORD-NEW', status: 100, updatedAt: now.toISOString() });
      await feed(newer);
      await feed({ ...newer, status: 30, updatedAt: daysAgo(0.1) });
      const [row] = await db.system.query<{ status: number }>(`SELECT status FROM alert_orders WHERE order_id = $1`, [newer.orderId]);
      expect(row.status).toBe(100);
      await feed({ ...newer, status: 97, updatedAt: new Date(now.getTime() + 1000).toISOString() });
      const [after] = await db.system.query<{ status: number }>(`SELECT status FROM alert_orders WHERE order_id = $1`, [newer.orderId]);
      expect(after.status).toBe(97);
    });
  });
});
