import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Db } from '@portal/db';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { setCarrierSecret, signCarrierWebhook } from '@portal/service-tracking';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/**
 * Tracking as the outside world drives it (all-in-one, and distributed on NATS): the warehouse
 * system feeds orders with its API key, a carrier posts a signed webhook, depositors' users search,
 * open and export, each seeing only their own depositors.
 */
describe('tracking API', () => {
  let target: ApiTarget;
  const run = randomBytes(3).toString('hex').toUpperCase();
  const ref = (n: number) => `API${run}${n}`;
  const secret = `secret-${run}`;
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));

  function order(n: number, depositorId: number) {
    const createdAt = new Date(Date.now() - (48 - n) * 3_600_000);
    return {
      reference: ref(n),
      depositorId,
      depositorCode: depositorId === 1 ? 'DEMO-A' : 'DEMO-B',
      platformId: 1,
      customerReference: `PO-${run}-${n}`,
      carrier: { code: 'GLS', name: 'GLS' },
      recipient: { company: 'Pharmacie du Centre', name: 'Camille Bernard', zip: '69003', town: 'Lyon', country: 'FR' },
      createdAt: createdAt.toISOString(),
      dates: { shippedAt: new Date(createdAt.getTime() + 3_600_000).toISOString() },
      lines: [{ reference: 'ART-SER', label: 'Lecteur', quantityOrdered: 1, quantitySent: 1, serials: [`SN${run}-${n}`] }],
      parcels: [{ trackingNumber: `GLS${run}${n}`, status: 90, weightKg: 2.5, packaging: 'CARTON' }],
      statuses: [
        { status: 0, at: createdAt.toISOString() },
        { status: 90, at: new Date(createdAt.getTime() + 3_600_000).toISOString() },
      ],
    };
  }
  const orders = [order(1, 1), order(2, 1), order(3, 2)];

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    const db = await Db.open({ service: 'tracking', entities: [], migrations: [], url: target.databaseUrl('tracking') });
    await setCarrierSecret(db, 'GLS', secret);
    await db.close();
  }, 90000);
  afterAll(() => target?.close());

  const feed = () => request(target.url).post('/api/feed/tracking/orders/bulk').set('X-Api-Key', DEMO_API_KEYS.warehouse);

  it('takes a bulk feed from the warehouse key, and a replay changes nothing', async () => {
    expect((await feed().send({ orders }).expect(200)).body).toEqual({ applied: 3, unchanged: 0, rejected: [] });
    expect((await feed().send({ orders }).expect(200)).body).toEqual({ applied: 0, unchanged: 3, rejected: [] });
    const bad = (
      await feed()
        .send({ orders: [{ ...order(4, 1), reference: 'not a reference' }] })
        .expect(200)
    ).body;
    expect(bad).toMatchObject({ applied: 0, rejected: [{ index: 0 }] });
    expect(typeof bad.rejected[0].key).toBe('string');
  });

  it('refuses the feed without the warehouse key', async () => {
    const res = await request(target.url).post('/api/feed/tracking/orders/bulk').set('X-Api-Key', DEMO_API_KEYS.carrier).send({ orders });
    expect(res.status).toBe(401);
    expect(res.body.error.key).toBe('invalidApiKey');
  });

  it('searches, opens and scopes by depositor', async () => {
    const alice = await loginAs(target, 'alice');
    const bob = await loginAs(target, 'bob');
    const mine = await alice.get(`/api/orders?filter=${q({ q: `API${run}` })}&sort=${q(['reference', 'ASC'])}`).expect(200);
    expect(mine.body.map((o: { reference: string }) => o.reference)).toEqual([ref(1), ref(2), ref(3)]);
    expect(mine.headers['content-range']).toBe('orders 0-2/*');
    const bobs = await bob.get(`/api/orders?filter=${q({ q: `API${run}` })}`).expect(200);
    expect(bobs.body.map((o: { reference: string }) => o.reference)).toEqual([ref(3)]);
    expect(bobs.body[0].depositorCode).toBe('DEMO-B');
    // The depositor filter takes codes as well as ids; another depositor's code names nothing for bob.
    const byCode = await alice.get(`/api/orders?filter=${q({ q: `API${run}`, depositor: ['demo-b'] })}`).expect(200);
    expect(byCode.body.map((o: { reference: string }) => o.reference)).toEqual([ref(3)]);
    const foreign = await bob.get(`/api/orders?filter=${q({ q: `API${run}`, depositor: 'DEMO-A' })}`).expect(400);
    expect(foreign.body.error).toMatchObject({ key: 'validationFailed', fields: { depositor: 'unknownCode' } });

    const id = mine.body[0].id as number;
    const detail = (await alice.get(`/api/orders/${id}`).expect(200)).body;
    expect(detail).toMatchObject({ reference: ref(1), status: 90, depositorCode: 'DEMO-A' });
    expect(detail.lines[0].serials).toEqual([`SN${run}-1`]);
    expect((await bob.get(`/api/orders/${id}`).expect(404)).body.error.key).toBe('deliveryNotFound');

    const serial = await alice.get(`/api/serials?filter=${q({ serial: `SN${run}-1` })}`).expect(200);
    expect(serial.body.map((h: { reference: string }) => h.reference)).toEqual([ref(1)]);
    expect((await bob.get(`/api/serials?filter=${q({ serial: `SN${run}-1` })}`)).status).toBe(403);

    const csv = await alice.get(`/api/orders/export?format=csv&filter=${q({ q: `API${run}` })}`).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain(ref(3));
    const bobCsv = await bob.get(`/api/orders/export?format=csv&filter=${q({ q: `API${run}` })}`).expect(200);
    expect(bobCsv.text).toContain(ref(3));
    expect(bobCsv.text).not.toContain(ref(1));
  });

  it('keeps the status the message lists last of two at the same instant, through later messages', async () => {
    const alice = await loginAs(target, 'alice');
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const tie = {
      ...order(5, 1),
      reference: `TIE${run}`,
      lines: [],
      parcels: [],
      statuses: [
        { status: 0, at },
        { status: 90, at },
      ],
    };
    await feed()
      .send({ orders: [tie] })
      .expect(200);
    const [found] = (await alice.get(`/api/orders?filter=${q({ q: `TIE${run}` })}`).expect(200)).body;
    const detail = async () => (await alice.get(`/api/orders/${found.id}`).expect(200)).body;
    expect(await detail()).toMatchObject({ status: 90 });
    // Another field changes: the status read back from the history does not move.
    expect(
      (
        await feed()
          .send({ orders: [{ ...tie, weightKg: 3 }] })
          .expect(200)
      ).body,
    ).toMatchObject({ applied: 1 });
    const after = await detail();
    expect(after.status).toBe(90);
    expect(after.history.map((h: { status: number }) => h.status).sort()).toEqual([0, 90]);
  });

  it('finds a delivery by its carrier tracking number only with USER_TRACKER_NUMBER_SEARCH', async () => {
    const alice = await loginAs(target, 'alice');
    const bob = await loginAs(target, 'bob');
    const found = await alice.get(`/api/orders?filter=${q({ q: `GLS${run}3` })}`).expect(200);
    expect(found.body.map((o: { reference: string }) => o.reference)).toEqual([ref(3)]);
    // Bob's own delivery, but bob has not the right: the number is no reference for him.
    expect((await bob.get(`/api/orders?filter=${q({ q: `GLS${run}3` })}`).expect(200)).body).toEqual([]);
    expect((await bob.get(`/api/orders?filter=${q({ q: ref(3) })}`).expect(200)).body).toHaveLength(1);
  });

  it('keeps the carriers’ public tracking pages in the carrier settings, changed by carrier administrators only', async () => {
    const admin = await loginAs(target, 'admin');
    const bob = await loginAs(target, 'bob');
    const template = 'https://gls-group.com/FR/fr/suivi-colis?match={trackingNumber}';
    const bad = await admin.put('/api/admin/carriers/GLS', { trackingUrlTemplate: 'http://gls.example/{trackingNumber}' }).expect(400);
    expect(bad.body.error).toMatchObject({ key: 'invalidTrackingUrlTemplate', fields: { trackingUrlTemplate: 'invalidFormat' } });
    expect((await admin.put('/api/admin/carriers/GLS', { trackingUrlTemplate: 'https://gls.example/' }).expect(400)).body.error.key).toBe(
      'invalidTrackingUrlTemplate',
    );
    expect((await admin.put('/api/admin/carriers/g%20l', { trackingUrlTemplate: template }).expect(400)).body.error.key).toBe(
      'validationFailed',
    );
    expect((await bob.put('/api/admin/carriers/GLS', { trackingUrlTemplate: template }).expect(403)).body.error.key).toBe(
      'permissionDenied',
    );
    expect((await admin.put('/api/admin/carriers/GLS', { trackingUrlTemplate: template }).expect(200)).body).toEqual({
      code: 'GLS',
      name: 'GLS',
      trackingUrlTemplate: template,
    });
    const carriers = (await bob.get('/api/carriers').expect(200)).body as { code: string; trackingUrlTemplate: string | null }[];
    expect(carriers.find((c) => c.code === 'GLS')?.trackingUrlTemplate).toBe(template);
    expect((await (await loginAs(target, 'carla')).get('/api/carriers').expect(403)).body.error.key).toBe('permissionDenied');
  });

  it('moves a delivery on a signed carrier webhook and refuses a bad signature or an unknown number', async () => {
    const post = (body: string, signature: string) =>
      request(target.url)
        .post('/api/webhooks/carriers/gls')
        .set('X-Api-Key', DEMO_API_KEYS.carrier)
        .set('X-Signature', signature)
        .set('Content-Type', 'application/json')
        .send(body);
    const event = (trackingNumber: string) =>
      JSON.stringify({ events: [{ id: `E-${trackingNumber}`, trackingNumber, status: 'DELIVERED', at: new Date().toISOString() }] });
    const good = event(`GLS${run}2`);
    expect((await post(good, signCarrierWebhook('forged', good)).expect(401)).body.error.key).toBe('invalidSignature');
    const unknown = event(`GLS${run}99`);
    const refused = await post(unknown, signCarrierWebhook(secret, unknown));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.error.key).toBeTruthy();
    expect((await post(good, signCarrierWebhook(secret, good)).expect(200)).body).toEqual({ received: 1, applied: 1 });

    const alice = await loginAs(target, 'alice');
    const [row] = (await alice.get(`/api/orders?filter=${q({ q: ref(2) })}`).expect(200)).body;
    expect(row).toMatchObject({ reference: ref(2), status: 100, tracerStatus: 'DELIVERED' });
  });

  it('counts the Tracer Route tabs per depositor, moves a changed row and keeps a private comment from the customer', async () => {
    const alice = await loginAs(target, 'alice');
    const tracerB = `tracer-b-${run.toLowerCase()}`;
    const customer = `tracer-a-${run.toLowerCase()}`;
    await addUser(target, { login: tracerB, roles: ['TRACERROUTE_USER'], depositorIds: [2] });
    await addUser(target, { login: customer, roles: ['TRACERROUTE_USER'], depositorIds: [1] });
    const other = await loginAs(target, tracerB);
    const counts = async (agent: typeof alice, filter: object = { q: `API${run}` }) =>
      (await agent.get(`/api/tracerroute/counts?filter=${q(filter)}`).expect(200)).body as {
        counts: Record<string, number>;
        total: number;
      };

    const before = await counts(alice);
    expect(before.total).toBe(3);
    expect((await counts(other)).total).toBe(1);
    const [row] = (await alice.get(`/api/tracerroute?filter=${q({ q: ref(1) })}`).expect(200)).body;
    await alice
      .put(`/api/tracerroute/${row.id}/status`)
      .send({ status: 'ANOMALY_CARRIER', comment: `privé ${run}`, commentPrivate: true })
      .expect(200);
    const after = await counts(alice);
    expect(after.counts.ANOMALY_CARRIER).toBe(before.counts.ANOMALY_CARRIER + 1);
    expect(after.counts[row.tracerStatus]).toBe(before.counts[row.tracerStatus] - 1);
    const tab = (await alice.get(`/api/tracerroute?filter=${q({ q: `API${run}`, tracerStatus: 'ANOMALY_CARRIER' })}`).expect(200)).body;
    expect(tab.map((o: { reference: string }) => o.reference)).toEqual([ref(1)]);
    // Another depositor's user neither counts nor changes it.
    expect((await counts(other)).counts.ANOMALY_CARRIER).toBe(0);
    expect((await other.put(`/api/tracerroute/${row.id}/status`).send({ status: 'DELIVERED' }).expect(404)).body.error.key).toBe(
      'deliveryNotFound',
    );
    expect((await other.get(`/api/tracerroute/counts?filter=${q({ depositor: [1] })}`)).status).toBeLessThan(500);

    const entry = (agent: typeof alice) =>
      agent
        .get(`/api/orders/${row.id}`)
        .then((r) =>
          (r.body.history as { tracerStatus?: string; comment: string | null }[]).find((h) => h.tracerStatus === 'ANOMALY_CARRIER'),
        );
    expect(await entry(alice)).toMatchObject({ comment: `privé ${run}` });
    expect(await entry(await loginAs(target, customer))).toMatchObject({ comment: null });
    expect(
      (await alice.put(`/api/tracerroute/${row.id}/status`).send({ status: 'DELIVERED', commentPrivate: 'yes' }).expect(400)).body.error
        .key,
    ).toBe('validationFailed');
  });

  it('says how many serial hits there are beyond the answered ones', async () => {
    const alice = await loginAs(target, 'alice');
    const res = await alice.get(`/api/serials?filter=${q({ serial: `SN${run}-` })}`).expect(200);
    expect(res.body).toHaveLength(3);
    expect(res.headers['content-range']).toBe('serials 0-2/3');
  });

  it('documents every tracking path in the OpenAPI description', async () => {
    const doc = (await request(target.url).get('/api/docs-json').expect(200)).body as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    for (const wanted of [
      '/api/orders',
      '/api/orders/export',
      '/api/orders/{id}',
      '/api/orders/{id}/classify',
      '/api/orders/{id}/documents',
      '/api/tracerroute',
      '/api/tracerroute/{id}/status',
      '/api/tracerroute/counts',
      '/api/tracerroute/pods/zip',
      '/api/serials',
      '/api/tracking-profiles',
      '/api/feed/tracking/orders',
      '/api/feed/tracking/orders/bulk',
      '/api/webhooks/carriers/{carrier}',
    ])
      expect(paths).toContain(wanted);
  });
});
