import request from 'supertest';
import { Role, type ReportDefinitionDto, type ReportResultDto } from '@portal/contracts';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/**
 * The reports library through the gateway (all-in-one, and distributed on NATS): orders and stock
 * movements fed like the warehouse system feeds them reach the reporting projection through the
 * owners' events; a report's figures, its rights (REPORT_USER, numbered rights, named roles, read
 * turnover), another depositor's user seeing none of them, and the CSV export. The orders are dated
 * in January 2023, before any demo order, so the figures are exactly what this test fed. Alert mails
 * sent (1050) and a Loop reservation's stock (197) are DEMO-C's, a depositor without demo alerts.
 */
describe('reports API', () => {
  let target: ApiTarget;
  type Client = Awaited<ReturnType<typeof loginAs>>;
  let user: Client;
  let numbered: Client;
  let money: Client;
  let other: Client;
  let nobody: Client;
  const run = Date.now().toString(36).toUpperCase();
  const WEEK = 'from=2023-01-09&to=2023-01-15';

  const order = (n: number, depositorId: number, more: object) => ({
    reference: `RP${run}-${n}`,
    depositorId,
    depositorCode: depositorId === 1 ? 'DEMO-A' : 'DEMO-B',
    platformId: 1,
    carrier: { code: 'GLS', name: 'GLS' },
    recipient: { company: 'Pharmacie', name: 'Camille', zip: '69003', town: 'Lyon', country: 'FR', customerCode: 'CRP' },
    createdAt: '2023-01-10T09:00:00.000Z',
    lines: [{ reference: 'ART-RP', label: 'Sérum', quantityOrdered: 1, quantitySent: 1 }],
    parcels: [{ trackingNumber: `TN${run}${n}` }],
    ...more,
  });
  const report = async (client: Client, id: string, query = WEEK) =>
    (await client.get(`/api/reports/${id}?${query}`).expect(200)).body as ReportResultDto;

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    const depositors = [1, 2];
    await addUser(target, { login: 'reports-user', roles: [Role.REPORT_USER], depositorIds: depositors });
    await addUser(target, { login: 'reports-1002', roles: [Role.REPORT_USER_1002], depositorIds: [1] });
    await addUser(target, {
      login: 'reports-money',
      roles: [Role.REPORT_USER, Role.READ_TURNOVER, Role.STOCK_MVT_DETAILS],
      depositorIds: [1],
    });
    await addUser(target, { login: 'reports-b', roles: [Role.REPORT_USER, Role.STOCK_MVT_DETAILS], depositorIds: [2] });
    await addUser(target, { login: 'reports-none', roles: [Role.PGT_USER], depositorIds: depositors });
    // One at a time: password hashing is admitted a few at once.
    user = await loginAs(target, 'reports-user');
    numbered = await loginAs(target, 'reports-1002');
    money = await loginAs(target, 'reports-money');
    other = await loginAs(target, 'reports-b');
    nobody = await loginAs(target, 'reports-none');
    const delivered = (at: string) => [
      { status: 0, at: '2023-01-10T09:00:00.000Z' },
      { status: 90, at: '2023-01-10T15:00:00.000Z' },
      { status: 100, at },
    ];
    await request(target.url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', DEMO_API_KEYS.warehouse)
      .send({
        orders: [
          order(1, 1, {
            dates: {
              shippedAt: '2023-01-10T15:00:00.000Z',
              promisedDeliveryAt: '2023-01-12T18:00:00.000Z',
              deliveredAt: '2023-01-11T15:00:00.000Z',
            },
            statuses: delivered('2023-01-11T15:00:00.000Z'),
          }),
          order(2, 1, {
            parcels: [{ trackingNumber: `TN${run}2a` }, { trackingNumber: `TN${run}2b` }],
            dates: {
              shippedAt: '2023-01-10T15:00:00.000Z',
              promisedDeliveryAt: '2023-01-11T18:00:00.000Z',
              deliveredAt: '2023-01-12T15:00:00.000Z',
            },
            statuses: delivered('2023-01-12T15:00:00.000Z'),
          }),
          order(3, 1, { createdAt: '2023-01-11T09:00:00.000Z', statuses: [{ status: 10, at: '2023-01-11T09:00:00.000Z' }] }),
          order(4, 2, { statuses: [{ status: 10, at: '2023-01-10T09:00:00.000Z' }] }),
        ],
      })
      .expect(200);
    const movement = (id: string, depositorId: number, type: string, quantity: number) => ({
      id: `RP${run}-${id}`,
      depositorId,
      platformId: 1,
      reference: `ART-RP-${depositorId}`,
      movedAt: '2023-01-10T10:00:00.000Z',
      type,
      quantity,
    });
    await request(target.url)
      .post('/api/feed/stock/movements')
      .set('X-Api-Key', DEMO_API_KEYS.warehouse)
      .send({ movements: [movement('1', 1, 'entry', 40), movement('2', 1, 'exit', 15), movement('3', 2, 'exit', 7)] })
      .expect(200);
    // The events reach the projection a moment later.
    for (let i = 0; i < 150; i++) {
      const [orders, moves] = await Promise.all([report(user, '1005'), report(money, '1064')]);
      if (Number(orders.totals?.orders) >= 3 && orders.totals?.delivered === 2 && Number(moves.totals?.movements) >= 2) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);
  afterAll(() => target?.close());

  it('lists the reports the caller may open, with their columns', async () => {
    const ids = async (client: Client) => ((await client.get('/api/reports').expect(200)).body as ReportDefinitionDto[]).map((r) => r.id);
    const list = await ids(user);
    expect(list).toEqual(expect.arrayContaining(['1005', '10', '1010', '1064']));
    expect(list).not.toContain('1002');
    expect(await ids(numbered)).toEqual(['1002']);
    expect(await ids(nobody)).toEqual([]);
    const [status] = ((await money.get('/api/reports').expect(200)).body as ReportDefinitionDto[]).filter((r) => r.id === '1010');
    expect(status).toMatchObject({ displayNumber: 'S1', chart: 'bars', money: true, asOfNow: true });
    expect(status.columns!.map((c) => c.key)).toContain('value');
  });

  it('computes a report’s figures from the events the owners published', async () => {
    const r = await report(user, '1005', `${WEEK}&depositorIds=1`);
    expect(r).toMatchObject({
      reportId: '1005',
      from: '2023-01-09',
      to: '2023-01-15',
      depositorIds: [1],
      chart: { type: 'line', x: 'day' },
    });
    expect(r.rows).toEqual([
      { day: '2023-01-10', orders: 2, shipped: 2, delivered: 2, onTimeRate: 50, late: 1, anomalies: 0, returns: 0 },
      { day: '2023-01-11', orders: 1, shipped: 0, delivered: 0, onTimeRate: null, late: 0, anomalies: 0, returns: 0 },
    ]);
    expect((await report(numbered, '1002')).rows).toEqual([
      { day: '2023-01-10', orders: 2, parcels: 3, weightKg: 0 },
      { day: '2023-01-11', orders: 1, parcels: 1, weightKg: 0 },
    ]);
    expect((await report(money, '1064')).rows).toEqual([
      { movementType: 'entry', movements: 1, quantity: 40, share: 50 },
      { movementType: 'exit', movements: 1, quantity: 15, share: 50 },
    ]);
  });

  it('answers 403 for a report the caller may not open, and money columns to read turnover only', async () => {
    expect((await user.get(`/api/reports/1002?${WEEK}`).expect(403)).body.error.key).toBe('permissionDenied');
    expect((await user.get(`/api/reports/1011?${WEEK}`).expect(403)).body.error.key).toBe('permissionDenied');
    expect((await nobody.get(`/api/reports/1005?${WEEK}`).expect(403)).body.error.key).toBe('permissionDenied');
    expect((await report(user, '1010', '')).columns.map((c) => c.key)).not.toContain('value');
    expect((await report(money, '1010', '')).columns.map((c) => c.key)).toContain('value');
    expect((await report(money, '1011')).rows.map((row) => [row.movementType, row.quantity])).toEqual([
      ['exit', 15],
      ['entry', 40],
    ]);
  });

  it('shows another depositor’s user only its own figures, and refuses the other’s depositor', async () => {
    expect((await report(other, '1005')).rows).toEqual([
      { day: '2023-01-10', orders: 1, shipped: 0, delivered: 0, onTimeRate: null, late: 0, anomalies: 0, returns: 0 },
    ]);
    expect((await report(other, '1011')).rows.map((row) => row.reference)).toEqual(['ART-RP-2']);
    const refused = await other.get(`/api/reports/1005?${WEEK}&depositorIds=1`).expect(400);
    expect(refused.body.error).toMatchObject({ key: 'validationFailed', fields: { depositorIds: 'unknownCode' } });
  });

  it('answers clear errors to an unknown report or malformed parameters', async () => {
    expect((await user.get(`/api/reports/424242?${WEEK}`).expect(404)).body.error.key).toBe('objectNotFound');
    expect((await user.get(`/api/reports/1005?${WEEK}&depositorIds=1;2`).expect(400)).body.error.fields).toEqual({
      depositorIds: 'invalidFormat',
    });
    expect((await user.get('/api/reports/1005?range=always').expect(400)).body.error.fields).toEqual({ range: 'invalidFormat' });
    expect((await user.get('/api/reports/1005?from=2023-02-30&to=2023-03-01').expect(400)).body.error.key).toBe('invalidDate');
    expect((await user.get('/api/reports/1005?from=2020-01-01&to=2023-03-01').expect(400)).body.error.fields).toEqual({ to: 'max' });
    await user.get('/api/reports/1005?from=%00&to=2023-03-01').expect(400);
    await user.get('/api/reports/1005?range=yesterday').expect(200);
  });

  /** A report's figures once `ready` accepts them (the events reach the projection a moment later). */
  const reportOnce = async (client: Client, id: string, query: string, ready: (r: ReportResultDto) => boolean) => {
    let r = await report(client, id, query);
    for (let i = 0; i < 100 && !ready(r); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      r = await report(client, id, query);
    }
    return r;
  };

  it('counts in 1050 the alert mails sent, from the alerts service’s events, for its depositors only', async () => {
    // DEMO-C: no demo alert mails for it, so the figures are this test's.
    await addUser(target, { login: 'reports-internal', roles: [Role.ALERT_USER, Role.REPORT_INTERNAL], depositorIds: [3] });
    const internal = await loginAs(target, 'reports-internal');
    const alert = (
      await internal
        .post('/api/alerts', {
          kind: 'VIP',
          title: `Rapport ${run}`,
          depositorIds: [3],
          statuses: [100],
          recipients: [{ name: 'Quai', email: `quai.${run.toLowerCase()}@demo-c.example` }],
        })
        .expect(201)
    ).body as { id: number };
    await internal.post(`/api/alerts/${alert.id}/test-send`, { toSelfOnly: true }).expect(200);
    await internal.post(`/api/alerts/${alert.id}/test-send`, {}).expect(200);
    const r = await reportOnce(internal, '1050', 'range=today', (x) => Number(x.totals?.mailsSent) >= 2);
    expect(r.rows).toEqual([{ day: r.from, mailsSent: 2, mailsFailed: 0, mailFailureRate: 0 }]);
    expect(r.chart).toMatchObject({ type: 'bars', x: 'day', y: ['mailsSent', 'mailsFailed'] });
    // Only its depositors' figures (the demo's alerts mail DEMO-A and DEMO-B); REPORT_USER does not open the internal report.
    const refused = await internal.get('/api/reports/1050?range=today&depositorIds=1').expect(400);
    expect(refused.body.error).toMatchObject({ key: 'validationFailed', fields: { depositorIds: 'unknownCode' } });
    expect((await user.get('/api/reports/1050?range=today').expect(403)).body.error.key).toBe('permissionDenied');
  });

  it('follows a Loop reservation in the stock reports with the stock service’s own figures', async () => {
    const reference = `RPL${run}`;
    await addUser(target, {
      login: 'reports-loop',
      roles: [Role.DASHTOWER_USER, Role.USER_CREATE_LOOP_ORDER, Role.STOCK_USER, Role.REPORT_USER],
      depositorIds: [3],
    });
    const loop = await loginAs(target, 'reports-loop');
    const wms = (path: string, body: object) =>
      request(target.url).post(`/api/feed/stock/${path}`).set('X-Api-Key', DEMO_API_KEYS.warehouse).send(body).expect(200);
    await wms('items', { items: [{ depositorId: 3, reference, label: 'Câble Loop' }] });
    await wms('snapshot', {
      depositorId: 3,
      platformId: 1,
      lines: [
        // Enough to be among the report's 100 most stocked items whatever the demo stock of DEMO-C.
        { reference, lot: 'L1', bestBefore: '2030-01-01', quantityInStock: 10, quantityAvailable: 10, unitPrice: 2 },
        { reference, lot: 'L2', bestBefore: '2031-01-01', quantityInStock: 900_000, quantityAvailable: 900_000, unitPrice: 2 },
      ],
    });
    const line = (r: ReportResultDto) => r.rows.find((row) => row.reference === reference);
    expect(line(await reportOnce(loop, '197', '', (r) => line(r)?.available === 900_010))).toMatchObject({ inStock: 900_010, reserved: 0 });
    const recipient = (
      await loop
        .post('/api/dashtower/addresses')
        .send({
          book: 'recipient',
          depositor_id: 3,
          company_name: 'Atelier Loop',
          address1: '1 rue Garibaldi',
          zip: '69003',
          town: 'LYON',
          country: 'FR',
        })
        .expect(201)
    ).body.uuid as string;
    const order = (
      await loop
        .post('/api/dashtower/loop-orders')
        .send({ depositor_id: 3, platform_id: 1, uuid_address_recipient: recipient, lines: [{ reference, quantity: 12 }] })
        .expect(201)
    ).body as { uuid: string };
    await loop.post(`/api/dashtower/loop-orders/${order.uuid}/submit`).expect(201);
    let status = 'submitted';
    for (let i = 0; i < 100 && status === 'submitted'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await loop.get(`/api/dashtower/loop-orders/${order.uuid}`).expect(200)).body.status;
    }
    expect(status).toBe('integrated');

    // The stock service's own lines (My Stocks), and the report's figures of the item.
    const filter = encodeURIComponent(JSON.stringify({ reference, depositor: 3, platform: 1 }));
    const lines = (await loop.get(`/api/stock?filter=${filter}&range=[0,99]`).expect(200)).body as {
      reference: string;
      quantityInStock: number;
      quantityReserved: number;
      quantityBlocked: number;
      quantityAvailable: number;
    }[];
    const own = lines.filter((l) => l.reference === reference);
    const sum = (key: keyof (typeof own)[number]) => own.reduce((s, l) => s + Number(l[key]), 0);
    expect([sum('quantityInStock'), sum('quantityReserved'), sum('quantityAvailable')]).toEqual([900_010, 12, 899_998]);
    const after = line(await reportOnce(loop, '197', '', (r) => line(r)?.reserved === 12));
    expect(after).toMatchObject({
      lines: own.length,
      inStock: sum('quantityInStock'),
      reserved: sum('quantityReserved'),
      blocked: sum('quantityBlocked'),
      available: sum('quantityAvailable'),
    });
    // Another depositor's user sees none of it.
    expect((await report(other, '197', '')).rows.map((row) => row.reference)).not.toContain(reference);
  });

  it('exports a report as CSV in the user’s language, with its rights', async () => {
    const csv = await user.get(`/api/reports/1005/export?format=csv&${WEEK}&depositorIds=1`).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Jour;Commandes;Expédiées;Livrées;Livrées à l’heure;En retard;Anomalies;Retours expéditeur');
    expect(lines.slice(1)).toEqual(['10/01/2023;2;2;2;50;1;0;0', '11/01/2023;1;0;0;;0;0;0']);
    expect((await user.get(`/api/reports/1002/export?format=csv&${WEEK}`).expect(403)).body.error.key).toBe('permissionDenied');
    const xlsx = await money.get(`/api/reports/1011/export?format=xlsx&${WEEK}`).expect(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
  });
});
