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
 * in January 2023, before any demo order, so the figures are exactly what this test fed.
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
    target = await startTarget();
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
