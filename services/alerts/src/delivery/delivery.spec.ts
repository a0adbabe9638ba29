import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import {
  AlertsEvents,
  AlertsSubjects,
  AppError,
  FeverEvents,
  TrackingEvents,
  TrackingSubjects,
  TRACKING_STATUS_LABELS,
  type AlertMailDto,
  type AlertTestSendResult,
  type DomainEvent,
  type OrderStatusChangedEvent,
  type ProbeSilentEvent,
} from '@portal/contracts';
import { InProcessTransport, TrackingWordsCache } from '@portal/bus';
import { Db, withDatabase } from '@portal/db';
import { Mailer, MailRelay, writeMails, type MailRelayOptions } from '@portal/mail';
import { startSmtp } from '../../../../tests/support/smtp';
import { callerContext, startServices, testServerUrl, type ServiceHarness } from '@portal/testing';
import { AlertsServiceModule } from '../alerts.module';
import { AlertComposer } from './compose';
import { ImmediateConsumer } from './immediate.consumer';
import { AlertScheduler } from './scheduler.job';
import { insertAlert, projectOrder, snapshot } from './test/alerts.fixtures';

const statusChanged = (order = snapshot(), id: string = randomUUID()): DomainEvent<OrderStatusChangedEvent> => ({
  id,
  type: TrackingEvents.orderStatusChanged,
  source: 'tracking',
  occurredAt: new Date().toISOString(),
  payload: {
    orderId: order.orderId,
    depositorId: order.depositorId,
    depositorCode: order.depositorCode,
    reference: order.reference,
    previousStatus: 70,
    status: order.status,
    tracerStatus: order.tracerStatus,
    source: 'feed',
    at: '2026-11-20T09:30:00.000Z',
    order,
  },
});

describe('alerts delivery on a real database', () => {
  let h: ServiceHarness;
  let db: Db;
  let second: Db;
  const mailsTo = (to: string) =>
    db.system.query<{ subject: string; text: string; alert_id: number; order_count: number }>(
      `SELECT subject, text, alert_id, order_count FROM mail_outbox WHERE "to" = $1 ORDER BY id`,
      [to],
    );

  beforeAll(async () => {
    process.env.ALERTS_SCHEDULER_INTERVAL_MS = '0';
    process.env.ALERTS_IMMEDIATE_CACHE_MS = '0';
    h = await startServices([AlertsServiceModule]);
    db = h.get(Db);
    const [{ name }] = await db.system.query<{ name: string }>('SELECT current_database() AS name');
    second = await Db.open({ service: 'alerts', entities: [], migrations: [], url: withDatabase(testServerUrl(), name), poolSize: 3 });
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
  });

  describe('immediate alerts', () => {
    it('mails a matching status change once, even redelivered or after a restart, with the subject filled', async () => {
      const alert = await insertAlert(db, {
        statuses: [90],
        customer_codes: ['DUP*'],
        recipients: [{ name: 'Quai', email: 'once@demo-a.example' }],
        subject: '{alertName}: {deliveryNoteReference} / {customerOrderReference} ({depositorLabel})',
      });
      const order = snapshot({ customerCode: 'DUPUIS' });
      const event = statusChanged(order);
      const consumer = h.get(ImmediateConsumer);
      expect(await consumer.statusChanged(event)).toBe(1);
      expect(await consumer.statusChanged(event)).toBe(0);
      // A new copy of the consumer (a restart, or the second copy of the service) finds it handled.
      const restarted = new ImmediateConsumer(second, h.get(AlertComposer), h.get(MailRelay));
      expect(await restarted.statusChanged(event)).toBe(0);
      const mails = await mailsTo('once@demo-a.example');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ alert_id: alert.id, order_count: 1 });
      expect(mails[0].subject).toBe(`Clients VIP: ${order.reference} / ${order.customerReference} (DEMO-A)`);
      expect(mails[0].text).toContain(order.reference);
      expect(mails[0].text).toContain(TRACKING_STATUS_LABELS[90].fr);
    });

    it('names the status in the provider’s words (« Traductions du suivi ») when it has some', async () => {
      await insertAlert(db, { statuses: [90], customer_codes: ['WORDS*'], recipients: [{ name: 'Quai', email: 'words@demo-a.example' }] });
      const words = jest
        .spyOn(h.get(TrackingWordsCache), 'get')
        .mockResolvedValue({ trackingStatus: { '90': { fr: 'Remis au transporteur (mot du prestataire)' } } });
      try {
        expect(await h.get(ImmediateConsumer).statusChanged(statusChanged(snapshot({ customerCode: 'WORDS1' })))).toBe(1);
      } finally {
        words.mockRestore();
      }
      const [mail] = await mailsTo('words@demo-a.example');
      expect(mail.text).toContain('Remis au transporteur (mot du prestataire)');
      expect(mail.text).not.toContain(TRACKING_STATUS_LABELS[90].fr);
    });

    it('takes its events from the bus (the durable consumer), once per alert', async () => {
      await insertAlert(db, { statuses: [100], recipients: [{ name: 'Bus', email: 'bus@demo-a.example' }] });
      const event = statusChanged(snapshot({ status: 100 }));
      await h.transport.publish(event);
      await h.transport.publish(event);
      for (let i = 0; i < 40 && (await mailsTo('bus@demo-a.example')).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      expect(await mailsTo('bus@demo-a.example')).toHaveLength(1);
    });

    it('leaves out what the alert does not follow: another depositor, another customer, another status', async () => {
      await insertAlert(db, { statuses: [95], customer_codes: ['DUP*'], recipients: [{ name: 'Scope', email: 'scope@demo-a.example' }] });
      const consumer = h.get(ImmediateConsumer);
      expect(await consumer.statusChanged(statusChanged(snapshot({ status: 95, depositorId: 2, depositorCode: 'DEMO-B' })))).toBe(0);
      expect(await consumer.statusChanged(statusChanged(snapshot({ status: 95, customerCode: 'MARTIN' })))).toBe(0);
      expect(await consumer.statusChanged(statusChanged(snapshot({ status: 96 })))).toBe(0);
      expect(await mailsTo('scope@demo-a.example')).toHaveLength(0);
    });

    it('mails the final recipient (VIP Premium) with the public template and that order alone', async () => {
      await insertAlert(db, {
        statuses: [97],
        inform_final_recipient: true,
        recipients: [{ name: 'Staff', email: 'staff97@demo-a.example' }],
      });
      const order = snapshot({ status: 97, recipientEmail: 'final97@client.example', recipientName: 'Jeanne' });
      expect(await h.get(ImmediateConsumer).statusChanged(statusChanged(order))).toBe(1);
      const [mail] = await mailsTo('final97@client.example');
      expect(mail.subject).toBe(`Votre livraison ${order.reference}`);
      expect(mail.text).toContain('Bonjour Jeanne');
      expect(mail.text).not.toContain('Clients VIP');
      // Tracking did not answer for the links: the mails went without them.
      expect(mail.text).not.toContain('/suivi/');
    });

    it('gives each order its recipient’s public tracking link, in the staff’s mail and the final recipient’s', async () => {
      const token = 'Tr4ck1ngT0kenOfTheOrder_';
      const order = snapshot({ status: 98, recipientEmail: 'final98@client.example', recipientName: 'Jeanne' });
      const asked: unknown[] = [];
      const transport = h.transport as InProcessTransport;
      await transport.serve(TrackingSubjects.publicTrackingLinks, async (message) => {
        asked.push((message as { data: unknown }).data);
        return { ok: true, data: [{ orderId: order.orderId, token }] };
      });
      process.env.PUBLIC_URL = 'https://portail.example/';
      try {
        await insertAlert(db, {
          statuses: [98],
          inform_final_recipient: true,
          recipients: [{ name: 'Staff', email: 'staff98@demo-a.example' }],
        });
        expect(await h.get(ImmediateConsumer).statusChanged(statusChanged(order))).toBe(1);
      } finally {
        transport.unserve(TrackingSubjects.publicTrackingLinks);
        delete process.env.PUBLIC_URL;
      }
      expect(asked).toEqual([{ orderIds: [order.orderId] }]);
      const link = `https://portail.example/suivi/${token}`;
      const [staff] = await db.system.query<{ html: string }>(`SELECT html FROM mail_outbox WHERE "to" = 'staff98@demo-a.example'`);
      expect(staff.html).toContain(`<th>Suivi destinataire</th>`);
      expect(staff.html).toContain(`<a href="${link}">Lien</a>`);
      const [final] = await mailsTo('final98@client.example');
      expect(final.text).toContain(`Suivez votre livraison à tout moment : ${link}`);
    });

    it('mails "no temperature for 12 h" to the alerts of the probe depositors', async () => {
      await insertAlert(db, { kind: 'NO_TEMPERATURE', depositor_ids: [3], recipients: [{ name: 'Froid', email: 'cold@demo-c.example' }] });
      const probe: ProbeSilentEvent = {
        probeId: 7,
        mac: 'AA:BB:CC:00:00:07',
        label: 'Chambre froide 2-8',
        depositorIds: [3],
        platformId: 1,
        zone: 'Z1',
        lastReadingAt: null,
        silentSince: '2026-11-20T00:00:00Z',
        silentHours: 12,
      };
      const event = {
        id: randomUUID(),
        type: FeverEvents.probeSilent,
        source: 'fever',
        occurredAt: new Date().toISOString(),
        payload: probe,
      };
      expect(await h.get(ImmediateConsumer).probeSilent(event)).toBe(1);
      const [mail] = await mailsTo('cold@demo-c.example');
      expect(mail.subject).toBe('[Température] Chambre froide 2-8 : aucune mesure depuis 12 h');
    });
  });

  describe('an alert that cannot be written yet', () => {
    it('lets the others go, and is written when the event comes again, none twice', async () => {
      await insertAlert(db, { depositor_ids: [20], statuses: [90], recipients: [{ name: 'Vip', email: 'vip20@demo-t.example' }] });
      await insertAlert(db, {
        kind: 'DOC',
        depositor_ids: [20],
        statuses: [90],
        document_types: ['PACKING_LIST'],
        recipients: [{ name: 'Doc', email: 'doc20@demo-t.example' }],
      });
      const event = statusChanged(snapshot({ depositorId: 20, depositorCode: 'DEMO-T' }));
      const consumer = h.get(ImmediateConsumer);
      // No tracking service answers for the documents: the event fails, to come again.
      await expect(consumer.statusChanged(event)).rejects.toMatchObject({ key: 'serverUnavailable' });
      expect(await mailsTo('vip20@demo-t.example')).toHaveLength(1);
      expect(await mailsTo('doc20@demo-t.example')).toHaveLength(0);
      await h.transport.serve(TrackingSubjects.orderDocumentFiles, async () => ({ ok: true, data: [] }));
      expect(await consumer.statusChanged(event)).toBe(1);
      expect(await consumer.statusChanged(event)).toBe(0);
      expect(await mailsTo('vip20@demo-t.example')).toHaveLength(1);
      expect(await mailsTo('doc20@demo-t.example')).toHaveLength(1);
    });
  });

  describe('scheduled alerts', () => {
    const slotNoon = new Date('2026-11-20T11:00:00.000Z'); // 12:00 in Paris

    it('fires a slot once with two copies of the scheduler on one database, the digest of the period', async () => {
      const alert = await insertAlert(db, {
        depositor_ids: [4],
        frequency: 'DAY',
        time: '12:00',
        statuses: [90],
        recipients: [{ name: 'Digest', email: 'digest@demo-d.example' }],
        next_slot_at: slotNoon,
        last_slot_at: new Date('2026-11-19T11:00:00.000Z'),
      });
      await projectOrder(db, snapshot({ depositorId: 4, depositorCode: 'DEMO-D', reference: 'BLIN' }), [
        { code: '90', at: '2026-11-20T08:00:00Z' },
      ]);
      await projectOrder(db, snapshot({ depositorId: 4, depositorCode: 'DEMO-D', reference: 'BLBEFORE' }), [
        { code: '90', at: '2026-11-19T08:00:00Z' },
      ]);
      await projectOrder(db, snapshot({ depositorId: 4, depositorCode: 'DEMO-D', reference: 'BLOTHER' }), [
        { code: '50', at: '2026-11-20T08:00:00Z' },
      ]);
      await projectOrder(db, snapshot({ depositorId: 5, depositorCode: 'DEMO-E', reference: 'BLFOREIGN' }), [
        { code: '90', at: '2026-11-20T08:00:00Z' },
      ]);
      const now = new Date('2026-11-20T11:00:10.000Z');
      const one = h.get(AlertScheduler);
      const two = new AlertScheduler(second, h.get(AlertComposer), h.get(MailRelay));
      const runs = await Promise.all([one.run(now), two.run(now), one.run(now), two.run(now)]);
      expect(runs.reduce<number>((n, r) => n + (r ?? 0), 0)).toBe(1);
      expect(await one.run(now)).toBe(0);
      const mails = await mailsTo('digest@demo-d.example');
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('BLIN');
      for (const absent of ['BLBEFORE', 'BLOTHER', 'BLFOREIGN']) expect(mails[0].text).not.toContain(absent);
      const [after] = await db.system.query<{ last_slot_at: Date; next_slot_at: Date }>(`SELECT * FROM alerts WHERE id = $1`, [alert.id]);
      expect([after.last_slot_at, after.next_slot_at]).toEqual([slotNoon, new Date('2026-11-21T11:00:00.000Z')]);
    });

    it('after a stop, catches up the latest missed slot only, with every change since the last one sent', async () => {
      const alert = await insertAlert(db, {
        depositor_ids: [6],
        frequency: 'DAY',
        time: '01:00',
        recipients: [{ name: 'Late', email: 'catchup@demo-f.example' }],
        next_slot_at: new Date('2026-11-10T00:00:00.000Z'),
        last_slot_at: new Date('2026-11-09T00:00:00.000Z'),
      });
      await projectOrder(db, snapshot({ depositorId: 6, reference: 'BLEARLY' }), [{ code: '50', at: '2026-11-09T08:00:00Z' }]);
      await projectOrder(db, snapshot({ depositorId: 6, reference: 'BLLATE' }), [{ code: '60', at: '2026-11-19T08:00:00Z' }]);
      const now = new Date('2026-11-20T09:00:00.000Z');
      expect(await h.get(AlertScheduler).run(now)).toBe(1);
      const mails = await mailsTo('catchup@demo-f.example');
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('BLEARLY');
      expect(mails[0].text).toContain('BLLATE');
      const triggers = await db.system.query<{ cause: string }>(`SELECT cause FROM alert_triggers WHERE alert_id = $1`, [alert.id]);
      expect(triggers.map((t) => t.cause)).toEqual(['slot:2026-11-20T00:00:00.000Z']);
    });

    it('sends nothing on an empty period when the alert sends only with data, an empty digest otherwise', async () => {
      const base = {
        depositor_ids: [8],
        frequency: 'DAY',
        time: '12:00',
        next_slot_at: slotNoon,
        last_slot_at: new Date('2026-11-19T11:00:00Z'),
      };
      await insertAlert(db, { ...base, recipients: [{ name: 'Quiet', email: 'quiet@demo-h.example' }] });
      await insertAlert(db, { ...base, send_only_if_data: false, recipients: [{ name: 'Loud', email: 'loud@demo-h.example' }] });
      await h.get(AlertScheduler).run(new Date('2026-11-20T11:00:05Z'));
      expect(await mailsTo('quiet@demo-h.example')).toHaveLength(0);
      const [loud] = await mailsTo('loud@demo-h.example');
      expect(loud.text).toContain('Aucune commande sur la période');
    });

    it('gives a new scheduled alert its next slot', async () => {
      const alert = await insertAlert(db, { depositor_ids: [9], frequency: 'WEEK', time: '23:50', weekday: 1 });
      await h.get(AlertScheduler).run(new Date('2026-11-20T11:00:00Z'));
      const [row] = await db.system.query<{ next_slot_at: Date }>(`SELECT next_slot_at FROM alerts WHERE id = $1`, [alert.id]);
      expect(row.next_slot_at).toEqual(new Date('2026-11-23T22:50:00.000Z'));
    });
  });

  describe('preparation SLA', () => {
    it('lists at the cut-off the orders received before it that day and not picked, once', async () => {
      await insertAlert(db, {
        kind: 'SLA',
        sla_rule: 'PICKING_CUTOFF',
        cutoff: '14:00',
        depositor_ids: [11],
        recipients: [{ name: 'Sla', email: 'sla@demo-k.example' }],
      });
      const day = { depositorId: 11, depositorCode: 'DEMO-K' };
      await projectOrder(db, snapshot({ ...day, reference: 'BLWAIT', status: 30, createdAt: '2026-11-20T08:00:00Z' }));
      await projectOrder(db, snapshot({ ...day, reference: 'BLPICKED', status: 60, createdAt: '2026-11-20T08:00:00Z' }));
      await projectOrder(db, snapshot({ ...day, reference: 'BLAFTER', status: 10, createdAt: '2026-11-20T13:30:00Z' }));
      await projectOrder(db, snapshot({ ...day, reference: 'BLCANCEL', status: -1, createdAt: '2026-11-20T08:00:00Z' }));
      const scheduler = h.get(AlertScheduler);
      expect(await scheduler.run(new Date('2026-11-20T12:59:00Z'))).toBe(0); // 13:59 in Paris
      expect(await scheduler.run(new Date('2026-11-20T13:00:30Z'))).toBe(1);
      expect(await scheduler.run(new Date('2026-11-20T15:00:00Z'))).toBe(0);
      const mails = await mailsTo('sla@demo-k.example');
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('BLWAIT');
      for (const absent of ['BLPICKED', 'BLAFTER', 'BLCANCEL']) expect(mails[0].text).not.toContain(absent);
    });

    it('mails once per order whose tour left without it', async () => {
      await insertAlert(db, {
        kind: 'SLA',
        sla_rule: 'TOUR_MISSED',
        depositor_ids: [12],
        created_at: new Date('2026-11-01T00:00:00Z'),
        recipients: [{ name: 'Tour', email: 'tour@demo-l.example' }],
      });
      const o = { depositorId: 12, depositorCode: 'DEMO-L', tourCode: 'LYON-AM' };
      await projectOrder(db, snapshot({ ...o, reference: 'BLMISSED', status: 70, promisedShippingAt: '2026-11-20T07:00:00Z' }));
      await projectOrder(db, snapshot({ ...o, reference: 'BLGONE', status: 90, promisedShippingAt: '2026-11-20T07:00:00Z' }));
      await projectOrder(db, snapshot({ ...o, reference: 'BLLATER', status: 70, promisedShippingAt: '2026-11-20T18:00:00Z' }));
      const scheduler = h.get(AlertScheduler);
      expect(await scheduler.run(new Date('2026-11-20T12:00:00Z'))).toBe(1);
      expect(await scheduler.run(new Date('2026-11-20T12:00:20Z'))).toBe(0);
      const mails = await mailsTo('tour@demo-l.example');
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('BLMISSED');
      expect(mails[0].text).toContain('LYON-AM');
    });
  });

  describe('mail retries', () => {
    it('retries a failed send with a doubling backoff, then gives it up: logged and published', async () => {
      const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      const refused = new Mailer(db, 'smtp://127.0.0.1:9', undefined);
      const events: string[] = [];
      const relay = new MailRelay(db, refused, {
        attempts: 3,
        backoffMs: 1000,
        onGiveUp: async (_em, mail) => void events.push(`${mail.to}:${mail.attempts}`),
      });
      await db.system.query(`UPDATE mail_outbox SET sent_at = now() WHERE sent_at IS NULL`);
      const t0 = new Date(Date.now() + 60_000);
      const [id] = await db.system.transaction((em) =>
        writeMails(em, [{ to: 'nobody@demo-a.example', subject: 'S', html: '<p>x</p>', text: 'x' }], 'alert-vip'),
      );
      const state = async () =>
        (
          await db.system.query<{ attempts: number; next_attempt_at: Date; given_up_at: Date | null }>(
            `SELECT * FROM mail_outbox WHERE id = $1`,
            [id],
          )
        )[0];
      await relay.drain(t0);
      expect((await state()).attempts).toBe(1);
      await relay.drain(new Date(t0.getTime() + 500));
      expect((await state()).attempts).toBe(1);
      await relay.drain(new Date(t0.getTime() + 1000));
      const second = await state();
      expect(second.attempts).toBe(2);
      expect(second.next_attempt_at.getTime()).toBe(t0.getTime() + 3000);
      await relay.drain(new Date(t0.getTime() + 3000));
      expect((await state()).given_up_at).not.toBeNull();
      expect(events).toEqual(['nobody@demo-a.example:3']);
      expect(errors.mock.calls.some(([m]) => String(m).includes('given up after 3 attempts'))).toBe(true);
      errors.mockRestore();
    });

    it('the service publishes alerts.mail.sent once, in the transaction that marks the mail sent', async () => {
      const smtp = await startSmtp();
      try {
        const alert = await insertAlert(db, { depositor_ids: [15, 16] });
        const service = h.get(MailRelay) as unknown as { options: MailRelayOptions };
        const relay = new MailRelay(db, new Mailer(db, smtp.url), service.options);
        await db.system.query(`UPDATE mail_outbox SET sent_at = now() WHERE sent_at IS NULL`);
        const [id] = await db.system.transaction((em) =>
          writeMails(em, [{ to: 'sent15@demo-o.example', subject: 'Envoyé', html: '<p>x</p>', text: 'x' }], 'alert-vip', {
            alert_id: alert.id,
          }),
        );
        expect(await relay.drain()).toBe(1);
        expect(await relay.drain()).toBe(0);
        await smtp.waitForMail('sent15@demo-o.example');
        const [mail] = await db.system.query<{ sent_at: Date | null; attempts: number }>(`SELECT * FROM mail_outbox WHERE id = $1`, [id]);
        expect(mail).toMatchObject({ sent_at: expect.any(Date), attempts: 1 });
        const events = await db.system.query<{ payload: object }>(
          `SELECT payload FROM outbox WHERE type = $1 AND payload->>'alertId' = $2`,
          [AlertsEvents.mailSent, String(alert.id)],
        );
        expect(events.map((e) => e.payload)).toEqual([
          { alertId: alert.id, ownerId: 10, depositorIds: [15, 16], to: 'sent15@demo-o.example', subject: 'Envoyé', attempts: 1 },
        ]);
        // A mail of no alert (a webhook endpoint disabled) is sent and published as nothing of the alerts'.
        const before = await db.system.query(`SELECT count(*)::int AS n FROM outbox WHERE type = $1`, [AlertsEvents.mailSent]);
        await db.system.transaction((em) =>
          writeMails(em, [{ to: 'hook15@demo-o.example', subject: 'Webhook', html: '<p>x</p>', text: 'x' }], 'webhook-disabled', {}),
        );
        expect(await relay.drain()).toBe(1);
        await smtp.waitForMail('hook15@demo-o.example');
        expect(await db.system.query(`SELECT count(*)::int AS n FROM outbox WHERE type = $1`, [AlertsEvents.mailSent])).toEqual(before);
      } finally {
        await smtp.close();
      }
    });

    it('the service publishes alerts.mail.failed when it gives a mail up', async () => {
      const alert = await insertAlert(db, { depositor_ids: [13] });
      const relay = h.get(MailRelay) as unknown as { options: { onGiveUp: (em: unknown, mail: object) => Promise<void> } };
      await db.system.transaction((em) =>
        relay.options.onGiveUp(em, {
          id: '1',
          to: 'x@y.example',
          subject: 'S',
          attempts: 6,
          error: 'refused',
          row: { alert_id: alert.id },
        }),
      );
      const [event] = await db.system.query<{ payload: { alertId: number; depositorIds: number[] } }>(
        `SELECT payload FROM outbox WHERE type = $1 ORDER BY occurred_at DESC LIMIT 1`,
        [AlertsEvents.mailFailed],
      );
      expect(event.payload).toMatchObject({ alertId: alert.id, ownerId: 10, depositorIds: [13], attempts: 6, error: 'refused' });
    });
  });

  describe('test-send and mail history, for whoever may see the alert', () => {
    const owner = callerContext({ userId: 10, roles: ['ALERT_USER'], depositorIds: [14] });

    it('sends now to the recipients, or to the caller alone, and lists the mails newest first', async () => {
      const alert = await insertAlert(db, {
        depositor_ids: [14],
        recipients: [{ name: 'R', email: 'r14@demo-n.example' }],
        owner_email: 'owner14@demo-n.example',
      });
      await projectOrder(db, snapshot({ depositorId: 14, updatedAt: new Date().toISOString() }));
      const all = await h.call<AlertTestSendResult>(AlertsSubjects.testSend, owner, { id: alert.id });
      expect(all).toEqual({ recipients: ['r14@demo-n.example'], orders: 1 });
      const self = await h.call<AlertTestSendResult>(AlertsSubjects.testSend, owner, { id: alert.uuid, toSelfOnly: true });
      expect(self.recipients).toEqual(['owner14@demo-n.example']);
      const mails = await h.call<AlertMailDto[]>(AlertsSubjects.mails, owner, { id: alert.id });
      expect(mails.map((m) => [m.to, m.orders, m.sentAt])).toEqual([
        ['owner14@demo-n.example', 1, null],
        ['r14@demo-n.example', 1, null],
      ]);
    });

    it('answers objectNotFound to another user, to a scope without the depositor, and for a malformed id', async () => {
      const alert = await insertAlert(db, { depositor_ids: [15] });
      const cases = [
        [callerContext({ userId: 99, roles: ['ALERT_USER'], depositorIds: [15] }), { id: alert.id }],
        [callerContext({ userId: 10, roles: ['ALERT_USER'], depositorIds: [16] }), { id: alert.id }],
        [owner, { id: 'DROP TABLE' }],
        [owner, { id: 99_999_999_999 }],
      ] as const;
      for (const [ctx, data] of cases) {
        for (const subject of [AlertsSubjects.testSend, AlertsSubjects.mails]) {
          const e = await h.call(subject, ctx, data).catch((x: unknown) => x);
          expect([subject, (e as AppError).key]).toEqual([subject, 'objectNotFound']);
        }
      }
      const admin = callerContext({ userId: 1, roles: ['ADMIN'], all: true });
      expect(await h.call<AlertMailDto[]>(AlertsSubjects.mails, admin, { id: alert.id })).toEqual([]);
    });

    it('refuses a test-send without any recipient (mailIncomplete)', async () => {
      const alert = await insertAlert(db, { depositor_ids: [14], recipients: [], owner_email: null, copy_to_self: true });
      const e = await h.call(AlertsSubjects.testSend, owner, { id: alert.id }).catch((x: unknown) => x);
      expect((e as AppError).key).toBe('mailIncomplete');
    });
  });
});
