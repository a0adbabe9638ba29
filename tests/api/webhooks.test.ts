import {
  Role,
  WEBHOOK_MAX_ENDPOINTS_PER_DEPOSITOR,
  type AuditEntryDto,
  type WebhookDeliveryDetailDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryPage,
  type WebhookEndpointDto,
  type WebhookSecretDto,
} from '@portal/contracts';
import { Db } from '@portal/db';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { waitForMail } from '../support/smtp';
import { bodyOf, feedStatusChanges, waitUntil, webhookReceiver, type Received } from '../support/webhooks';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

type Agent = Awaited<ReturnType<typeof loginAs>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

/**
 * Signed webhooks (issue 35 item 2) through the whole portal: endpoints managed by the administrators
 * of users within their depositors, domain events of tracking turned into deliveries by the alerts
 * service, signed per Standard Webhooks (checked with the `standardwebhooks` package), delivered in
 * order per order from a durable queue, retried, the endpoint disabled and its creator mailed after
 * the schedule (scaled down by WEBHOOK_RETRY_SCALE), and never towards an internal address.
 */
describe('signed webhooks', () => {
  let target: ApiTarget;
  let dora: Agent;
  let ben: Agent;
  let bob: Agent;
  let admin: Agent;
  let carla: Agent;
  const run = Date.now().toString(36).toUpperCase();
  const doraLogin = `dora${run}`.toLowerCase();
  /** Calls to /flaky answered 500 before it recovers. */
  let flakyFailures = 3;
  const receiver = webhookReceiver((path, _req, res) => {
    if (path === '/dead') return 500;
    if (path === '/flaky' && flakyFailures > 0) {
      flakyFailures--;
      return 500;
    }
    if (path === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${counterPort}/stolen` }).end();
      return null;
    }
    return 204;
  });
  let counterPort = 0;
  const counter = webhookReceiver(() => 200);
  let base = '';
  let doraEndpoint: WebhookSecretDto;
  let benEndpoint: WebhookSecretDto;
  const received = async () => (await receiver).received;

  const create = async (who: Agent, body: object, status = 201) => (await who.post('/api/settings/webhooks', body).expect(status)).body;
  const feedOrder = (reference: string, depositorId: number, status: number) =>
    feedStatusChanges(target.url, [{ reference, depositorId, status }]).expect(200);
  /** Waits for what `find` looks for among the receiver's calls. */
  const waitFor = <T>(what: string, find: (all: Received[]) => T | undefined, timeoutMs = 30_000): Promise<T> =>
    waitUntil(what, async () => find(await received()), timeoutMs);
  const deliveries = async (who: Agent, id: string, query = '') =>
    (await who.get(`/api/settings/webhooks/${id}/deliveries${query}`).expect(200)).body as WebhookDeliveryPage;

  beforeAll(async () => {
    const [r, c] = await Promise.all([receiver, counter]);
    counterPort = c.port;
    base = `http://127.0.0.1:${r.port}`;
    // The provider allows plain http to the local receiver only (not to the counting listener).
    process.env.WEBHOOK_HTTP_HOSTS = `127.0.0.1:${r.port}`;
    // A day of retries in about ten seconds.
    process.env.WEBHOOK_RETRY_SCALE = '0.0001';
    target = await startTarget();
    // DEMO-A's and DEMO-B's own administrators of users (the demo has only the provider's, carla).
    await addUser(target, { login: doraLogin, roles: [Role.ADMIN_USERS], depositorIds: [1] });
    await addUser(target, { login: `ben${run}`.toLowerCase(), roles: [Role.ADMIN_USERS], depositorIds: [2] });
    [dora, ben, bob, admin, carla] = await Promise.all(
      [doraLogin, `ben${run}`.toLowerCase(), 'bob', 'admin', 'carla'].map((l) => loginAs(target, l)),
    );
    doraEndpoint = await create(dora, {
      url: `${base}/a`,
      description: `ERP A ${run}`,
      depositorIds: [1],
      eventTypes: ['order.status_changed', 'order.delivered'],
    });
    benEndpoint = await create(ben, {
      url: `${base}/b`,
      description: `ERP B ${run}`,
      depositorIds: [2],
      eventTypes: ['order.status_changed'],
    });
    // The demo's events go through the durable consumers first (a long backlog on NATS): the tests start once a change fed now arrives.
    await feedOrder(`WH${run}W`, 1, 90);
    await waitFor('the warm-up change', (all) => all.find((r) => r.path === '/a' && bodyOf(r).data.reference === `WH${run}W`), 170_000);
  }, 240_000);
  afterAll(async () => {
    await target?.close();
    await Promise.all([(await receiver).close(), (await counter).close()]);
  });

  it('creates an endpoint with its secret answered once, lists it without, changes and deletes it, audited', async () => {
    expect(doraEndpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(doraEndpoint).toMatchObject({
      status: 'active',
      depositorIds: [1],
      createdBy: doraLogin,
      pending: 0,
      previousSecretUntil: null,
    });
    const listed = (await dora.get('/api/settings/webhooks').expect(200)).body as WebhookEndpointDto[];
    expect(listed.map((e) => e.id)).toEqual([doraEndpoint.id]);
    expect(JSON.stringify(listed)).not.toContain(doraEndpoint.secret);
    const spare = (await create(dora, { url: `${base}/spare`, depositorIds: [1], eventTypes: ['stock.line_blocked'] })) as WebhookSecretDto;
    const changed = (
      await dora
        .put(`/api/settings/webhooks/${spare.id}`, {
          url: `${base}/spare2`,
          description: 'Changed',
          depositorIds: [1],
          eventTypes: ['claim.status_changed'],
        })
        .expect(200)
    ).body as WebhookEndpointDto;
    expect(changed).toMatchObject({ url: `${base}/spare2`, description: 'Changed', eventTypes: ['claim.status_changed'] });
    expect((await dora.post(`/api/settings/webhooks/${spare.id}/disable`).expect(200)).body).toMatchObject({
      status: 'disabled',
      disabledReason: 'manual',
    });
    expect((await dora.post(`/api/settings/webhooks/${spare.id}/enable`).expect(200)).body).toMatchObject({
      status: 'active',
      disabledReason: null,
    });
    await dora.delete(`/api/settings/webhooks/${spare.id}`).expect(200);
    await dora.get(`/api/settings/webhooks/${spare.id}/deliveries`).expect(404);
    let entries: AuditEntryDto[] = [];
    for (let i = 0; i < 100 && entries.length < 5; i++) {
      entries = (await admin.get(`/api/admin/audit?filter=${q({ entity: 'webhook-endpoint', entityId: spare.id })}`).expect(200)).body;
      if (entries.length < 5) await sleep(100);
    }
    expect(entries.map((e) => [e.action, e.actorLogin]).sort()).toEqual([
      ['created', doraLogin],
      ['deleted', doraLogin],
      ['disabled', doraLogin],
      ['enabled', doraLogin],
      ['updated', doraLogin],
    ]);
    expect(JSON.stringify(entries)).not.toContain('whsec_');
  });

  it('answers every error with its key', async () => {
    const ok = { url: `${base}/x`, depositorIds: [1], eventTypes: ['order.delivered'] };
    const key = async (body: object, status: number) => (await dora.post('/api/settings/webhooks', body).expect(status)).body.error.key;
    expect(await key({ ...ok, eventTypes: ['order.exploded'] }, 400)).toBe('validationFailed');
    expect(await key({ ...ok, eventTypes: [] }, 400)).toBe('validationFailed');
    expect(await key({ ...ok, extra: 1 }, 400)).toBe('validationFailed');
    expect(await key({ url: ok.url, eventTypes: ok.eventTypes }, 400)).toBe('validationFailed');
    expect(await key({ ...ok, depositorIds: [2] }, 403)).toBe('permissionDenied');
    expect(await key({ ...ok, url: 'http://erp.example.com/hook' }, 400)).toBe('webhookHttpsRequired');
    // Not a web address at all: the form's own refusal, at the field.
    const ftp = (await dora.post('/api/settings/webhooks', { ...ok, url: 'ftp://erp.example.com/hook' }).expect(400)).body.error;
    expect(ftp).toMatchObject({ key: 'validationFailed', fields: { url: 'invalidFormat' } });
    expect((await dora.post('/api/settings/webhooks', { ...ok, eventTypes: [] }).expect(400)).body.error.fields).toEqual({
      eventTypes: 'required',
    });
    // Plain http to a host:port the provider did not allow (the counting listener).
    expect(await key({ ...ok, url: `http://127.0.0.1:${counterPort}/` }, 400)).toBe('webhookHttpsRequired');
    for (const url of [
      'https://127.0.0.1/',
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://localhost/',
    ])
      expect([url, await key({ ...ok, url }, 400)]).toEqual([url, 'webhookAddressRefused']);
    expect(
      (await dora.put(`/api/settings/webhooks/${doraEndpoint.id}`, { ...ok, url: 'https://192.168.1.10/' }).expect(400)).body.error.key,
    ).toBe('webhookAddressRefused');
    // A user without the right, and a client key: never.
    expect((await bob.get('/api/settings/webhooks').expect(403)).body.error.key).toBe('permissionDenied');
    const clientKey = (
      await dora
        .post('/api/settings/api-keys', { name: `ERP ${run}`, depositorIds: [1], rights: ['orders', 'stock', 'claims'] })
        .expect(201)
    ).body.secret as string;
    const asKey = await request(target.url).get('/api/settings/webhooks').set('X-Api-Key', clientKey).expect(403);
    expect(asKey.body.error.key).toBe('permissionDenied');
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      await dora.put(`/api/settings/webhooks/${id}`, ok).expect(404);
      await dora.delete(`/api/settings/webhooks/${id}`).expect(404);
      await dora.post(`/api/settings/webhooks/${id}/rotate`).expect(404);
      await dora.get(`/api/settings/webhooks/${id}/deliveries`).expect(404);
    }
    await dora.get(`/api/settings/webhooks/${doraEndpoint.id}/deliveries/nope`).expect(404);
    expect((await dora.get(`/api/settings/webhooks/${doraEndpoint.id}/deliveries?status=lost`).expect(400)).body.error.key).toBe(
      'validationFailed',
    );
    expect((await dora.get(`/api/settings/webhooks/${doraEndpoint.id}/deliveries?before=x`).expect(400)).body.error.key).toBe(
      'validationFailed',
    );
    // WEBHOOK_MAX_ENDPOINTS_PER_DEPOSITOR for DEMO-A (dora has one, ben's are DEMO-B's).
    const made: string[] = [];
    for (let i = 1; i < WEBHOOK_MAX_ENDPOINTS_PER_DEPOSITOR; i++)
      made.push((await create(dora, { url: `${base}/n${i}`, depositorIds: [1], eventTypes: ['stock.line_unblocked'] })).id);
    expect(await key({ ...ok, eventTypes: ['stock.line_unblocked'] }, 409)).toBe('webhookEndpointLimit');
    for (const id of made) await dora.delete(`/api/settings/webhooks/${id}`).expect(200);
  });

  it('delivers tracking events signed per Standard Webhooks; a tampered body, an old timestamp, a rotated-away secret fail', async () => {
    const reference = `WH${run}A`;
    await feedOrder(reference, 1, 90);
    const call = await waitFor('the DEMO-A status change', (all) =>
      all.find((r) => r.path === '/a' && bodyOf(r).data.reference === reference && bodyOf(r).type === 'order.status_changed'),
    );
    const body = bodyOf(call);
    expect(body.data).toMatchObject({ reference, depositorCode: 'DEMO-A', status: { code: 90 }, carrier: 'GLS' });
    expect(new Webhook(doraEndpoint.secret).verify(call.body, call.headers)).toEqual(body);
    expect(() => new Webhook(doraEndpoint.secret).verify(call.body.replace(reference, `${reference}X`), call.headers)).toThrow();
    expect(() => new Webhook(benEndpoint.secret).verify(call.body, call.headers)).toThrow();
    // The same message checked ten minutes later (a replay): too old.
    const now = Date.now();
    const later = jest.spyOn(Date, 'now').mockReturnValue(now + 600_000);
    try {
      expect(() => new Webhook(doraEndpoint.secret).verify(call.body, call.headers)).toThrow(/too old/i);
    } finally {
      later.mockRestore();
    }
    // Delivered: order.delivered besides the status change.
    await feedOrder(reference, 1, 100);
    const delivered = await waitFor('order.delivered', (all) =>
      all.find((r) => r.path === '/a' && bodyOf(r).data.reference === reference && bodyOf(r).type === 'order.delivered'),
    );
    expect(bodyOf(delivered).data).toMatchObject({ status: { code: 100 } });

    // A rotation: the new secret answered once, both sign during the overlap; two rotations later the first is gone.
    const first = doraEndpoint.secret;
    const rotated = (await dora.post(`/api/settings/webhooks/${doraEndpoint.id}/rotate`).expect(200)).body as WebhookSecretDto;
    expect(rotated.secret).not.toBe(first);
    expect(Date.parse(rotated.previousSecretUntil!) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const test1 = (await dora.post(`/api/settings/webhooks/${doraEndpoint.id}/test`).expect(200)).body as WebhookDeliveryDto;
    const during = await waitFor('the test event after a rotation', (all) => all.find((r) => r.headers['webhook-id'] === test1.id));
    expect(bodyOf(during).type).toBe('webhook.test');
    expect(during.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(rotated.secret).verify(during.body, during.headers)).not.toThrow();
    expect(() => new Webhook(first).verify(during.body, during.headers)).not.toThrow();
    const again = (await dora.post(`/api/settings/webhooks/${doraEndpoint.id}/rotate`).expect(200)).body as WebhookSecretDto;
    const test2 = (await dora.post(`/api/settings/webhooks/${doraEndpoint.id}/test`).expect(200)).body as WebhookDeliveryDto;
    const after = await waitFor('the test event after two rotations', (all) => all.find((r) => r.headers['webhook-id'] === test2.id));
    expect(() => new Webhook(again.secret).verify(after.body, after.headers)).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(after.body, after.headers)).not.toThrow();
    expect(() => new Webhook(first).verify(after.body, after.headers)).toThrow();
    doraEndpoint = { ...doraEndpoint, secret: again.secret };
  });

  it('keeps the order of an order’s messages while the receiver fails for a while', async () => {
    flakyFailures = 3;
    const flaky = (await create(dora, {
      url: `${base}/flaky`,
      depositorIds: [1],
      eventTypes: ['order.status_changed'],
    })) as WebhookSecretDto;
    const reference = `WH${run}F`;
    const statuses = [10, 30, 50, 60, 70];
    for (const [n, status] of statuses.entries()) {
      await feedOrder(reference, 1, status);
      // Each change queued before the next is fed: the queue's order is the events' order.
      for (let i = 0; i < 100 && (await deliveries(dora, flaky.id)).items.length < n + 1; i++) await sleep(100);
    }
    await waitFor('every status at /flaky', (all) =>
      all.filter((r) => r.path === '/flaky' && r.status === 204).length === statuses.length ? true : undefined,
    );
    const calls = (await received()).filter((r) => r.path === '/flaky');
    const seen = calls.map((r) => (bodyOf(r).data.status as { code: number }).code);
    // Every attempt, failed ones included, in order: no later status before an earlier one was delivered.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(calls.filter((r) => r.status === 204).map((r) => (bodyOf(r).data.status as { code: number }).code)).toEqual(statuses);
    expect(calls.filter((r) => r.status === 500)).toHaveLength(3);
    // The retries of one message carry its id.
    const firstId = calls[0].headers['webhook-id'];
    expect(calls.slice(0, 4).every((r) => r.headers['webhook-id'] === firstId)).toBe(true);
    const log = await deliveries(dora, flaky.id);
    const oldest = log.items[log.items.length - 1];
    expect(oldest).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 204 });
    const detail = (await dora.get(`/api/settings/webhooks/${flaky.id}/deliveries/${oldest.id}`).expect(200))
      .body as WebhookDeliveryDetailDto;
    expect(detail.attemptLog.map((a) => a.statusCode)).toEqual([500, 500, 500, 204]);
    expect(detail.attemptLog[0].response).toBe('receiver down for maintenance');
    expect(detail.payload).toMatchObject({ type: 'order.status_changed', data: { reference } });
    await dora.delete(`/api/settings/webhooks/${flaky.id}`).expect(200);
  });

  it('disables an endpoint after the whole retry schedule and mails its creator, else its depositors’ administrators', async () => {
    const dead = (await create(dora, { url: `${base}/dead`, depositorIds: [1], eventTypes: ['order.status_changed'] })) as WebhookSecretDto;
    // Made by the provider's administrator whose e-mail the service does not have: DEMO-B's administrator is told.
    const orphan = (await create(carla, {
      url: `${base}/dead`,
      depositorIds: [2],
      eventTypes: ['order.status_changed'],
    })) as WebhookSecretDto;
    const alertsDb = await Db.open({ service: 'alerts', entities: [], migrations: [], url: target.databaseUrl('alerts') });
    try {
      await alertsDb.system.query(`UPDATE webhook_endpoints SET created_by_email = NULL WHERE id = $1`, [orphan.id]);
    } finally {
      await alertsDb.close();
    }
    const since = Date.now();
    await Promise.all([feedOrder(`WH${run}D`, 1, 90), feedOrder(`WH${run}G`, 2, 90)]);
    const disabled = async (who: Agent, id: string) => {
      let endpoint: WebhookEndpointDto | undefined;
      for (let i = 0; i < 600 && endpoint?.status !== 'disabled'; i++) {
        await sleep(100);
        endpoint = ((await who.get('/api/settings/webhooks').expect(200)).body as WebhookEndpointDto[]).find((e) => e.id === id);
      }
      return endpoint;
    };
    expect(await disabled(dora, dead.id)).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    expect(await disabled(carla, orphan.id)).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    const [failed] = (await deliveries(dora, dead.id, '?status=failed')).items;
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, lastStatusCode: 500, nextAttemptAt: null });
    const mail = await waitForMail(target.mailbox, `${doraLogin}@test.example`, {
      since,
      match: (m) => m.subject.includes('Webhook'),
      timeoutMs: 30_000,
    });
    expect(mail.text).toContain(`${base}/dead`);
    await waitForMail(target.mailbox, `ben${run}@test.example`.toLowerCase(), {
      since,
      match: (m) => m.subject.includes('Webhook'),
      timeoutMs: 30_000,
    });
    expect(target.mailbox.filter((m) => m.at >= since && m.subject.includes('Webhook')).flatMap((m) => m.to)).not.toContain(
      'carla.rossi@portal.localhost',
    );
    // Disabled: nothing more is queued for it.
    const before = (await deliveries(dora, dead.id)).items.length;
    await feedOrder(`WH${run}E`, 1, 90);
    await waitFor('the other endpoint to take the next change', (all) =>
      all.find((r) => r.path === '/a' && bodyOf(r).data.reference === `WH${run}E`),
    );
    expect((await deliveries(dora, dead.id)).items).toHaveLength(before);
    await dora.delete(`/api/settings/webhooks/${dead.id}`).expect(200);
    await carla.delete(`/api/settings/webhooks/${orphan.id}`).expect(200);
  }, 120_000);

  it('never follows a redirect: the attempt fails and the address it names sees no call', async () => {
    const redirecting = (await create(dora, {
      url: `${base}/redirect`,
      depositorIds: [1],
      eventTypes: ['order.delivered'],
    })) as WebhookSecretDto;
    const test = (await dora.post(`/api/settings/webhooks/${redirecting.id}/test`).expect(200)).body as WebhookDeliveryDto;
    let detail: WebhookDeliveryDetailDto | undefined;
    for (let i = 0; i < 100 && !detail?.attemptLog.length; i++) {
      await sleep(100);
      detail = (await dora.get(`/api/settings/webhooks/${redirecting.id}/deliveries/${test.id}`).expect(200)).body;
    }
    expect(detail!.attemptLog[0]).toMatchObject({ statusCode: 302 });
    expect(detail!.attemptLog[0].response).toMatch(/redirect .* not followed/);
    expect(detail!.status).toBe('pending');
    await dora.post(`/api/settings/webhooks/${redirecting.id}/disable`).expect(200);
    await sleep(500);
    expect((await counter).received).toHaveLength(0);
    await dora.delete(`/api/settings/webhooks/${redirecting.id}`).expect(200);
  });

  it('sends a test event and "Renvoyer" again through the same queue, with the same webhook-id', async () => {
    const test = (await dora.post(`/api/settings/webhooks/${doraEndpoint.id}/test`).expect(200)).body as WebhookDeliveryDto;
    expect(test).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await waitFor('the test event', (all) => all.find((r) => r.headers['webhook-id'] === test.id));
    let shown: WebhookDeliveryDetailDto | undefined;
    for (let i = 0; i < 50 && shown?.status !== 'delivered'; i++) {
      shown = (await dora.get(`/api/settings/webhooks/${doraEndpoint.id}/deliveries/${test.id}`).expect(200)).body;
      if (shown?.status !== 'delivered') await sleep(100);
    }
    expect(shown).toMatchObject({ status: 'delivered', attempts: 1 });
    const again = (await dora.post(`/api/settings/webhooks/${doraEndpoint.id}/deliveries/${test.id}/redeliver`).expect(200)).body;
    expect(again).toMatchObject({ id: test.id, status: 'pending' });
    await waitFor('the redelivery', (all) => (all.filter((r) => r.headers['webhook-id'] === test.id).length === 2 ? true : undefined));
    const calls = (await received()).filter((r) => r.headers['webhook-id'] === test.id);
    for (const call of calls) expect(() => new Webhook(doraEndpoint.secret).verify(call.body, call.headers)).not.toThrow();
    for (let i = 0; i < 50 && shown?.attemptLog.length !== 2; i++) {
      shown = (await dora.get(`/api/settings/webhooks/${doraEndpoint.id}/deliveries/${test.id}`).expect(200)).body;
      if (shown?.attemptLog.length !== 2) await sleep(100);
    }
    expect(shown).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('keeps depositors apart: DEMO-B’s administrator reaches none of DEMO-A’s endpoints, and a DEMO-B endpoint takes no DEMO-A event', async () => {
    const id = doraEndpoint.id;
    const listed = (await ben.get('/api/settings/webhooks').expect(200)).body as WebhookEndpointDto[];
    expect(listed.map((e) => e.id)).toEqual([benEndpoint.id]);
    const [anyDelivery] = (await deliveries(dora, id)).items;
    const body = { url: `${base}/taken`, depositorIds: [2], eventTypes: ['order.delivered'] };
    for (const call of [
      ben.put(`/api/settings/webhooks/${id}`, body),
      ben.delete(`/api/settings/webhooks/${id}`),
      ben.post(`/api/settings/webhooks/${id}/rotate`),
      ben.post(`/api/settings/webhooks/${id}/enable`),
      ben.post(`/api/settings/webhooks/${id}/disable`),
      ben.post(`/api/settings/webhooks/${id}/test`),
      ben.get(`/api/settings/webhooks/${id}/deliveries`),
      ben.get(`/api/settings/webhooks/${id}/deliveries/${anyDelivery.id}`),
      ben.post(`/api/settings/webhooks/${id}/deliveries/${anyDelivery.id}/redeliver`),
      // His own endpoint's path with DEMO-A's delivery.
      ben.get(`/api/settings/webhooks/${benEndpoint.id}/deliveries/${anyDelivery.id}`),
    ])
      expect((await call.expect(404)).body.error.key).toBe('objectNotFound');
    expect((await dora.get('/api/settings/webhooks').expect(200)).body.find((e: WebhookEndpointDto) => e.id === id)).toMatchObject({
      url: `${base}/a`,
      status: 'active',
    });
    // A DEMO-B change reaches ben's endpoint only; none of DEMO-A's ever did.
    const referenceB = `WH${run}B`;
    await feedOrder(referenceB, 2, 90);
    const call = await waitFor('the DEMO-B change', (all) => all.find((r) => r.path === '/b' && bodyOf(r).data.reference === referenceB));
    expect(new Webhook(benEndpoint.secret).verify(call.body, call.headers)).toMatchObject({ data: { depositorCode: 'DEMO-B' } });
    const all = await received();
    expect(all.filter((r) => r.path === '/b').every((r) => bodyOf(r).data.depositorCode === 'DEMO-B')).toBe(true);
    expect(all.some((r) => r.path === '/a' && bodyOf(r).data.reference === referenceB)).toBe(false);
    expect(
      all.filter((r) => r.path === '/a' && bodyOf(r).type !== 'webhook.test').every((r) => bodyOf(r).data.depositorCode === 'DEMO-A'),
    ).toBe(true);
  });
});
