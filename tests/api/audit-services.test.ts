import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Role, type AuditEntryDto } from '@portal/contracts';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { feedOrder } from '../support/feed-stream';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

type Agent = Awaited<ReturnType<typeof loginAs>>;
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

/**
 * The audit trail of fever, tracking and huby through the whole portal (all-in-one, and distributed
 * on NATS): a depositor's user changes a zone, a delivery and a shipment; the provider's trail has
 * each change with before and after, a colleague of the same depositor sees them in Settings,
 * another depositor's user does not.
 */
describe('audit trail of fever, tracking and huby', () => {
  let target: ApiTarget;
  let admin: Agent;
  let actor: Agent;
  let colleague: Agent;
  let stranger: Agent;
  const run = randomBytes(3).toString('hex').toUpperCase();
  const ids: { zone?: number; delivery?: number; shipment?: string } = {};

  /** The entries of one row as `who` reads them at `path`, newest first, once `count` are in. */
  const trail = async (who: Agent, path: string, f: { service: string; entity: string; entityId: string }, count: number) => {
    let rows: AuditEntryDto[] = [];
    for (let i = 0; i < 100; i++) {
      rows = (await who.get(`${path}?${filter(f)}`).expect(200)).body as AuditEntryDto[];
      if (rows.length >= count) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return rows;
  };

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    await addUser(target, {
      login: 'audit-actor',
      roles: [
        Role.ADMIN_SONDE,
        Role.FEVER_USER,
        Role.PGT_USER,
        Role.TRACERROUTE_USER,
        Role.USER_DELETE_TRACKING_LINE,
        Role.DASHTOWER_USER,
        Role.USER_CREATE_HUBY_ORDER,
      ],
      depositorIds: [1],
    });
    await addUser(target, { login: 'audit-colleague', roles: [Role.PGT_USER], depositorIds: [1] });
    await addUser(target, { login: 'audit-stranger', roles: [Role.PGT_USER, Role.FEVER_USER, Role.DASHTOWER_USER], depositorIds: [2] });
    [admin, actor, colleague, stranger] = await Promise.all(
      ['admin', 'audit-actor', 'audit-colleague', 'audit-stranger'].map((l) => loginAs(target, l)),
    );
  }, 90000);
  afterAll(() => target?.close());

  /** Both readings a depositor's users make: the colleague sees the actor's entries, the stranger none. */
  const expectColleaguesOnly = async (f: { service: string; entity: string; entityId: string }, actions: string[]) => {
    const seen = await trail(colleague, '/api/settings/activity', f, actions.length);
    expect(seen.map((r) => [r.action, r.actorLogin])).toEqual(actions.map((a) => [a, 'audit-actor']));
    expect(await trail(stranger, '/api/settings/activity', f, 0)).toEqual([]);
  };

  it('records a fever zone created, edited and deleted, with its thresholds before and after', async () => {
    const zone = { depositorId: 1, platformId: 8, code: `AUD-${run}`, label: `Chambre ${run}`, minTemperature: 2, maxTemperature: 8 };
    ids.zone = (await actor.post('/api/fever/zones', zone).expect(201)).body.id as number;
    await actor.put(`/api/fever/zones/${ids.zone}`, { ...zone, maxTemperature: 6 }).expect(200);
    // Saved as it was: nothing changed, nothing told.
    await actor.put(`/api/fever/zones/${ids.zone}`, { ...zone, maxTemperature: 6 }).expect(200);
    await actor.delete(`/api/fever/zones/${ids.zone}`).expect(200);
    const f = { service: 'fever', entity: 'zone', entityId: String(ids.zone) };
    const rows = await trail(admin, '/api/admin/audit', f, 3);
    expect(rows.map((r) => [r.action, r.actorLogin, r.actorProvider, r.depositorIds, r.label])).toEqual([
      ['deleted', 'audit-actor', false, [1], `AUD-${run}`],
      ['updated', 'audit-actor', false, [1], `AUD-${run}`],
      ['created', 'audit-actor', false, [1], `AUD-${run}`],
    ]);
    const [deleted, updated, created] = rows;
    expect(created.before).toBeNull();
    expect(created.after).toMatchObject({ code: `AUD-${run}`, platformId: 8, minTemperature: 2, maxTemperature: 8 });
    expect(updated.before).toMatchObject({ maxTemperature: 8 });
    expect(updated.after).toMatchObject({ maxTemperature: 6 });
    expect(deleted.after).toBeNull();
    await expectColleaguesOnly(f, ['deleted', 'updated', 'created']);
  });

  it('records a delivery’s Tracer Route status set by hand and its removal from the tracker, not the warehouse feed', async () => {
    const reference = `AUD${run}`;
    await request(target.url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', DEMO_API_KEYS.warehouse)
      .send({ orders: [{ ...feedOrder(reference), statuses: [{ status: 90, at: new Date(Date.now() - 3_600_000).toISOString() }] }] })
      .expect(200);
    const [row] = (await actor.get(`/api/tracerroute?${filter({ q: reference })}`).expect(200)).body as {
      id: number;
      tracerStatus: string;
    }[];
    ids.delivery = row.id;
    const set = await actor.put(`/api/tracerroute/${row.id}/status`).send({ status: 'ANOMALY_CARRIER', comment: 'colis abîmé' });
    expect([set.status, set.body.error?.key]).toEqual([200, undefined]);
    await actor.delete(`/api/orders/${row.id}`).expect(200);
    const f = { service: 'tracking', entity: 'delivery', entityId: String(row.id) };
    const rows = await trail(admin, '/api/admin/audit', f, 2);
    expect(rows.map((r) => [r.action, r.actorLogin, r.depositorIds, r.label])).toEqual([
      ['deleted', 'audit-actor', [1], reference],
      ['updated', 'audit-actor', [1], reference],
    ]);
    const [hidden, status] = rows;
    expect(status.before).toMatchObject({ reference, tracer_status: row.tracerStatus, hidden_at: null });
    expect(status.after).toMatchObject({ reference, tracer_status: 'ANOMALY_CARRIER' });
    expect(hidden.before).toMatchObject({ hidden_at: null });
    expect(hidden.after).toMatchObject({ hidden_at: expect.any(String) });
    // The warehouse's feed wrote the delivery: no entry of the machine client.
    expect(rows.some((r) => r.actorClient)).toBe(false);
    await expectColleaguesOnly(f, ['deleted', 'updated']);
  });

  it('records a Huby shipment created and canceled, with its status before and after', async () => {
    const book = (type: string) => `/api/dashtower/address/all?type=${type}&depositor=1`;
    const shipper = (await actor.get(book('shipper')).expect(200)).body.addressesShipper[0].uuid as string;
    const recipient = (await actor.get(book('recipient')).expect(200)).body.addressesRecipient[0].uuid as string;
    const packing = { packaging_type: 'CARTON-M', weight_kg: 4.5, packages: 1 };
    const body = {
      depositor_id: 1,
      reference: `AUD-${run}`,
      uuid_address_shipper: shipper,
      uuid_address_recipient: recipient,
      packings: [packing],
    };
    ids.shipment = (await actor.post('/api/dashtower/orders').send(body).expect(201)).body.uuid as string;
    await actor.post(`/api/dashtower/orders/${ids.shipment}/cancel`).expect(200);
    const f = { service: 'huby', entity: 'shipment', entityId: ids.shipment };
    const rows = await trail(admin, '/api/admin/audit', f, 2);
    expect(rows.map((r) => [r.action, r.actorLogin, r.depositorIds, r.label])).toEqual([
      ['canceled', 'audit-actor', [1], `AUD-${run}`],
      ['created', 'audit-actor', [1], `AUD-${run}`],
    ]);
    const [canceled, created] = rows;
    expect(created.after).toMatchObject({ reference: `AUD-${run}`, status: 0, package_count: 1 });
    expect(canceled.before).toMatchObject({ status: 0 });
    expect(canceled.after).toMatchObject({ status: -1 });
    await expectColleaguesOnly(f, ['canceled', 'created']);
  });

  it('keeps a stranger’s own activity to their own depositor', async () => {
    const mine = (await stranger.get(`/api/settings/activity?${filter({ actor: 'audit-actor' })}`).expect(200)).body as AuditEntryDto[];
    expect(mine).toEqual([]);
  });
});
