import request from 'supertest';
import { Role, type AlertDto } from '@portal/contracts';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/**
 * My VIP and My DOC alerts through the gateway (all-in-one, and distributed on NATS): the form with
 * its §5 keys and rights, Hello, another depositor's user neither seeing nor changing an alert, and
 * the matching count fed by tracking's events (the feed's order reaches the alerts projection).
 */
describe('alerts API', () => {
  let target: ApiTarget;
  let alice: Awaited<ReturnType<typeof loginAs>>;
  let premium: Awaited<ReturnType<typeof loginAs>>;
  let other: Awaited<ReturnType<typeof loginAs>>;
  let plain: Awaited<ReturnType<typeof loginAs>>;
  let noAlerts: Awaited<ReturnType<typeof loginAs>>;
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));
  const run = Date.now().toString(36).toUpperCase();
  const form = (more: object = {}) => ({
    kind: 'VIP',
    title: `Livrées ${run}`,
    depositorIds: [1],
    statuses: [100],
    customerCodes: 'CDUP*, CMARTIN',
    recipients: [{ name: 'Service client', email: 'sc@demo-a.example', phone: '04 72 00 00 00' }],
    ...more,
  });

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    alice = await loginAs(target, 'alice');
    // The demo users have the alert rights (alice VIP Premium and custom subjects, bob ALERT_USER): users without them.
    await addUser(target, { login: 'alerts-plain', roles: [Role.ALERT_USER], depositorIds: [1, 2] });
    plain = await loginAs(target, 'alerts-plain');
    await addUser(target, { login: 'alerts-none', roles: [Role.PGT_USER], depositorIds: [1, 2] });
    noAlerts = await loginAs(target, 'alerts-none');
    await addUser(target, { login: 'alerts-b', roles: [Role.ALERT_USER], depositorIds: [2] });
    other = await loginAs(target, 'alerts-b');
    await addUser(target, {
      login: 'alerts-premium',
      roles: [Role.ALERT_USER, Role.USER_VIP_PREMIUM, Role.USER_CUSTOM_ALERT_SUBJECT],
      depositorIds: [1, 2],
    });
    premium = await loginAs(target, 'alerts-premium');
  }, 90000);
  afterAll(() => target?.close());

  it('creates, reads, lists in Hello, updates and deletes an alert', async () => {
    const created = (await alice.post('/api/alerts', form()).expect(201)).body as AlertDto;
    expect(created).toMatchObject({ kind: 'VIP', ownerLogin: 'alice', customerCodes: ['CDUP*', 'CMARTIN'], depositorIds: [1] });
    expect(created.recipients).toEqual([{ name: 'Service client', email: 'sc@demo-a.example', phone: '0472000000' }]);
    expect((await alice.get(`/api/alerts/${created.id}`).expect(200)).body).toEqual(created);
    const list = await alice.get(`/api/alerts?filter=${q({ screen: 'vip', q: 'Livrées' })}&range=${q([0, 9])}`).expect(200);
    expect(list.headers['content-range']).toMatch(/^alerts 0-\d+\/\d+$/);
    expect((list.body as AlertDto[]).map((a) => a.id)).toContain(created.id);
    const updated = await alice.put(`/api/alerts/${created.id}`, form({ frequency: 'MONTH', time: '23:50', monthDay: 'LAST' })).expect(200);
    expect(updated.body).toMatchObject({ frequency: 'MONTH', time: '23:50', monthDay: 'LAST' });
    // Its next slot is planned at the save: the last day of a month at 23:50 in Paris, in the future.
    const next = new Date((updated.body as AlertDto).nextSlotAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('23:50');
    await alice.delete(`/api/alerts/${created.id}`).expect(200);
    expect((await alice.get(`/api/alerts/${created.id}`).expect(404)).body.error.key).toBe('objectNotFound');
  });

  it('answers the §5 keys of the form, and unknownCode for a depositor outside the scope', async () => {
    const bad = await alice.post('/api/alerts', form({ title: '', depositorIds: [], recipients: [{ name: 'X', email: 'x' }] })).expect(400);
    expect(bad.body.error).toMatchObject({ key: 'validationFailed', fields: { title: 'required', 'recipients.0.email': 'invalidEmail' } });
    const foreign = await other.post('/api/alerts', form({ depositorIds: [1] })).expect(400);
    expect(foreign.body.error.fields).toEqual({ depositorIds: 'unknownCode' });
    const none = await other.post('/api/alerts', form({ depositorIds: [] })).expect(400);
    expect(none.body.error.fields).toEqual({ depositorIds: 'required' });
  });

  it('needs ALERT_USER, VIP Premium to inform the final recipient and its right for a custom subject', async () => {
    expect((await noAlerts.get('/api/alerts').expect(403)).body.error.key).toBe('permissionDenied');
    expect((await plain.post('/api/alerts', form({ informFinalRecipient: true })).expect(403)).body.error.key).toBe('vipPremiumRequired');
    expect((await plain.post('/api/alerts', form({ subject: '{alertName} {orderReference}' })).expect(403)).body.error.key).toBe(
      'customSubjectRequired',
    );
    const granted = await premium
      .post('/api/alerts', form({ informFinalRecipient: true, subject: '{alertName} {orderReference}' }))
      .expect(201);
    expect(granted.body).toMatchObject({ informFinalRecipient: true, subject: '{alertName} {orderReference}' });
  });

  it('hides an alert from another depositor’s user: 404 to read, change, delete, send or list its mails', async () => {
    const alert = (await alice.post('/api/alerts', form({ depositorIds: [1, 2] })).expect(201)).body as AlertDto;
    const paths = [
      () => other.get(`/api/alerts/${alert.id}`),
      () => other.put(`/api/alerts/${alert.id}`, form({ depositorIds: [2] })),
      () => other.delete(`/api/alerts/${alert.id}`),
      () => other.post(`/api/alerts/${alert.id}/test-send`, {}),
      () => other.get(`/api/alerts/${alert.id}/mails`),
    ];
    for (const call of paths) expect((await call().expect(404)).body.error.key).toBe('objectNotFound');
    expect(((await other.get('/api/alerts').expect(200)).body as AlertDto[]).map((a) => a.id)).not.toContain(alert.id);
    expect((await alice.get(`/api/alerts/${alert.id}`).expect(200)).body.title).toBe(alert.title);
  });

  it('counts the orders of the last 3 months that match, from the projection tracking’s events feed', async () => {
    const reference = `AL${run}`;
    const createdAt = new Date(Date.now() - 3_600_000).toISOString();
    const order = (n: number, customer: string, article: string) => ({
      reference: `${reference}-${n}`,
      depositorId: 1,
      depositorCode: 'DEMO-A',
      platformId: 1,
      activityCode: 'ECOM',
      carrier: { code: 'GLS', name: 'GLS' },
      recipient: { company: 'Pharmacie', name: 'Camille', zip: '69003', town: 'Lyon', country: 'FR', customerCode: customer },
      createdAt,
      lines: [{ reference: article, label: 'Sérum', quantityOrdered: 1, quantitySent: 1 }],
      statuses: [{ status: 0, at: createdAt }],
    });
    await request(target.url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', DEMO_API_KEYS.warehouse)
      .send({ orders: [order(1, 'CDUPONT', 'ART-AL-1'), order(2, 'CDUPUIS', 'ART-AL-2'), order(3, 'CMARTIN', 'ART-AL-1')] })
      .expect(200);
    const criteria = { kind: 'VIP', referencePrefix: `${reference}-` };
    const count = async (more: object, client = alice) =>
      (await client.post('/api/alerts/match-count', { ...criteria, ...more }).expect(200)).body;
    let answer = await count({});
    for (let i = 0; i < 100 && answer.count < 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await count({});
    }
    expect(answer.count).toBe(3);
    expect(Date.parse(answer.since)).toBeLessThan(Date.now() - 80 * 86_400_000);
    expect((await count({ customerCodes: ['CDUP*'] })).count).toBe(2);
    expect((await count({ articleCodes: ['ART-AL-1'] })).count).toBe(2);
    expect((await count({ statuses: [0] })).count).toBe(3);
    expect((await count({ statuses: [100] })).count).toBe(0);
    expect((await count({}, other)).count).toBe(0);
    const refused = await other.post('/api/alerts/match-count', { ...criteria, depositorIds: [1] }).expect(400);
    expect(refused.body.error.fields).toEqual({ depositorIds: 'unknownCode' });
  });
});
