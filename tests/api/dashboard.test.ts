import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { loginAs, startTarget, type ApiTarget } from './support/target';

/**
 * Dashboard charts through the gateway: each source is computed by the service owning its data
 * (tracking, stock, admin) over the bus, for the caller's depositors only.
 */
describe('dashboard figures API', () => {
  let target: ApiTarget;
  const run = randomBytes(3).toString('hex').toUpperCase();
  const DAY = 86_400_000;

  /** A shipped order of carrier `carrier`, promised two days ago: late. */
  function lateOrder(n: number, depositorId: number, carrier: string) {
    const createdAt = new Date(Date.now() - 5 * DAY);
    const shippedAt = new Date(createdAt.getTime() + 3_600_000).toISOString();
    return {
      reference: `FIG${run}${n}`,
      depositorId,
      depositorCode: depositorId === 1 ? 'DEMO-A' : 'DEMO-B',
      platformId: 1,
      carrier: { code: carrier, name: carrier },
      recipient: { company: 'Pharmacie du Centre', name: 'Camille Bernard', zip: '69003', town: 'Lyon', country: 'FR' },
      createdAt: createdAt.toISOString(),
      dates: { shippedAt, promisedDeliveryAt: new Date(Date.now() - 2 * DAY).toISOString() },
      parcels: [{ trackingNumber: `FIG${run}${n}`, status: 90 }],
      statuses: [
        { status: 0, at: createdAt.toISOString() },
        { status: 90, at: shippedAt },
      ],
    };
  }

  beforeAll(async () => {
    target = await startTarget();
    const orders = [lateOrder(1, 1, `A${run}`), lateOrder(2, 1, `A${run}`), lateOrder(3, 2, `B${run}`)];
    await request(target.url).post('/api/feed/tracking/orders/bulk').set('X-Api-Key', DEMO_API_KEYS.warehouse).send({ orders }).expect(200);
  }, 90000);
  afterAll(() => target?.close());

  const ofRun = (series: { label: string; value: number }[]) => series.filter((p) => p.label.endsWith(run));

  it('answers the late deliveries from the tracking service, for the caller’s depositors only', async () => {
    const alice = await loginAs(target, 'alice');
    const bob = await loginAs(target, 'bob');
    const mine = (await alice.get('/api/dashboard/figures/late-deliveries').expect(200)).body;
    expect(mine.source).toBe('late-deliveries');
    expect(ofRun(mine.series)).toEqual([
      { label: `A${run}`, value: 2 },
      { label: `B${run}`, value: 1 },
    ]);
    const bobs = (await bob.get('/api/dashboard/figures/late-deliveries').expect(200)).body;
    expect(ofRun(bobs.series)).toEqual([{ label: `B${run}`, value: 1 }]);
  });

  it('answers the other operational sources from the service owning them', async () => {
    const bob = await loginAs(target, 'bob');
    for (const source of ['anomalies-by-carrier', 'week-deliveries-by-status', 'blocked-stock-by-code', 'depositor-stores']) {
      const body = (await bob.get(`/api/dashboard/figures/${source}`).expect(200)).body;
      expect(body.source).toBe(source);
      expect(Array.isArray(body.series)).toBe(true);
    }
    const blocked = (await bob.get('/api/dashboard/figures/blocked-stock-by-code').expect(200)).body.series;
    expect(blocked.every((p: { label: string }) => ['AC', 'BL', 'BQ', 'CQ', 'DC', 'NC', 'WE'].includes(p.label))).toBe(true);
  });

  it('refuses a source the roles do not read (403) and an unknown one (400)', async () => {
    const carla = await loginAs(target, 'carla');
    expect((await carla.get('/api/dashboard/figures/late-deliveries').expect(403)).body.error.key).toBe('permissionDenied');
    expect((await carla.get('/api/dashboard/figures/blocked-stock-by-code').expect(403)).body.error.key).toBe('permissionDenied');
    const bob = await loginAs(target, 'bob');
    const unknown = (await bob.get('/api/dashboard/figures/all-users').expect(400)).body.error;
    expect(unknown).toMatchObject({ key: 'validationFailed', fields: { source: 'invalidFormat' } });
  });

  it('starts the demo users on a dashboard of operational charts', async () => {
    const sources = async (login: string) =>
      (await (await loginAs(target, login)).get('/api/dashboard/list').expect(200)).body.map((t: { id_object: string }) => t.id_object);
    expect(await sources('denis')).toEqual([
      'late-deliveries',
      'week-deliveries-by-status',
      'anomalies-by-carrier',
      'blocked-stock-by-code',
    ]);
    expect(await sources('carla')).toEqual([]);
  });
});
