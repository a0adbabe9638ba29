import { createHash } from 'node:crypto';
import { Db } from '@portal/db';
import { DEMO_API_KEYS } from '@portal/service-auth';
import {
  CLIENT_KEY_RIGHTS,
  Role,
  type ApiKeyDto,
  type AuditEntryDto,
  type CreatedApiKeyDto,
  type ShipmentDto,
  type ShipmentSummaryDto,
} from '@portal/contracts';
import request from 'supertest';
import { demoParties } from './support/huby-setup';
import { addUser } from './support/users';
import { loginAs, startTarget, type ApiTarget } from './support/target';

type Agent = Awaited<ReturnType<typeof loginAs>>;
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * API keys per depositor (issue 35): made in Settings > Intégrations by a depositor's administrator
 * of users (dora, DEMO-A's) or the provider's (carla), they open the routes of CLIENT_KEY_RIGHTS their
 * rights name, scoped like a user of their depositors and never wider than their creator is now (rita:
 * DEMO-A's activity ECOM and store MAG-MLV1 only); what they create names them as its creator; revoked
 * keys are forgotten by every gateway.
 */
describe('client API keys', () => {
  let target: ApiTarget;
  let dora: Agent;
  let carla: Agent;
  let admin: Agent;
  let bob: Agent;
  let keyA: CreatedApiKeyDto;
  let keyB: CreatedApiKeyDto;
  let rita: Agent;
  let aHubyUuid: string;
  let aClaimUuid: string;
  let parties: { shipper: string; recipient: string };
  const run = Date.now().toString(36).toUpperCase();
  const ritaLogin = `rita${run}`.toLowerCase();
  /** DEMO-A's activity ECOM (3) and store MAG-MLV1 (2) in the demo's back office (denis's limits). */
  const ECOM = 3;
  const MAG_MLV1 = 2;
  const withKey = (secret: string, url = target.url) => ({
    get: (p: string) => request(url).get(p).set('X-Api-Key', secret),
    post: (p: string, body: object) => request(url).post(p).set('X-Api-Key', secret).send(body),
  });
  const make = async (who: Agent, body: object, status = 201) => (await who.post('/api/settings/api-keys', body).expect(status)).body;

  beforeAll(async () => {
    target = await startTarget();
    // DEMO-A's administrator of users (the demo has only the provider's, carla).
    await addUser(target, { login: `dora${run}`.toLowerCase(), roles: [Role.ADMIN_USERS], depositorIds: [1] });
    // DEMO-A's administrator of users limited, like denis, to an activity and a store.
    await addUser(target, { login: ritaLogin, roles: [Role.ADMIN_USERS], depositorIds: [1], activityIds: [ECOM], storeIds: [MAG_MLV1] });
    [dora, carla, admin, bob, rita] = await Promise.all(
      [`dora${run}`.toLowerCase(), 'carla', 'admin', 'bob', ritaLogin].map((l) => loginAs(target, l)),
    );
    // Stock and movements of both depositors, fed as the warehouse system does (the demo's API tests have none).
    const feed = (path: string, body: object) =>
      request(target.url).post(`/api/feed/stock/${path}`).set('X-Api-Key', DEMO_API_KEYS.warehouse).send(body).expect(200);
    for (const [depositorId, platformId, store] of [
      [1, 5, 'MAG-LYS1'],
      [2, 14, 'FROID-2-8'],
    ] as const) {
      const reference = `K${run}-${depositorId}`;
      const line = (ref: string, storeCode: string) => ({
        reference: ref,
        label: `Article ${ref}`,
        lot: `LOT${ref}`,
        quantityInStock: 10,
        quantityAvailable: 10,
        storeCode,
      });
      // DEMO-A's also in the store rita is limited to (MAG-MLV1).
      const lines = depositorId === 1 ? [line(reference, store), line(`${reference}M`, 'MAG-MLV1')] : [line(reference, store)];
      expect((await feed('snapshot', { depositorId, platformId, lines })).body.refused).toEqual([]);
      const movement = {
        id: `MV-${reference}`,
        depositorId,
        platformId,
        reference,
        movedAt: new Date(Date.now() - 3_600_000).toISOString(),
        type: 'entry',
        quantity: 10,
        lot: `LOT${reference}`,
        storeCode: store,
      };
      expect((await feed('movements', { movements: [movement] })).body.refused).toEqual([]);
    }
    // One order of each depositor, fed by the warehouse system, newest of all: the lists' first rows.
    const orders = [1, 2].map((depositorId) => ({
      reference: `K${run}${depositorId}`,
      depositorId,
      depositorCode: depositorId === 1 ? 'DEMO-A' : 'DEMO-B',
      platformId: 1,
      carrier: { code: 'GLS', name: 'GLS' },
      recipient: { company: 'Pharmacie du Centre', name: 'Camille Bernard', zip: '69003', town: 'Lyon', country: 'FR' },
      createdAt: new Date().toISOString(),
      lines: [{ reference: 'ART-1', label: 'Article', quantityOrdered: 1, quantitySent: 1 }],
      // Shipped: DEMO-A's can be claimed (below).
      statuses: [
        { status: 0, at: new Date(Date.now() - 60_000).toISOString() },
        { status: 90, at: new Date().toISOString() },
      ],
    }));
    // Two more DEMO-A orders, in and out of rita's activity and store (L…IN: ECOM at MAG-MLV1; L…OUT: B2B at MAG-LYS1).
    const placed = (
      [
        ['IN', 'ECOM', 'MAG-MLV1'],
        ['OUT', 'B2B', 'MAG-LYS1'],
      ] as const
    ).map(([side, activityCode, storeCode]) => ({ ...orders[0], reference: `L${run}${side}`, activityCode, storeCode }));
    const fed = await request(target.url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', DEMO_API_KEYS.warehouse)
      .send({ orders: [...orders, ...placed] });
    expect(fed.body).toMatchObject({ applied: 4, rejected: [] });
    // A DEMO-A claim and a DEMO-A Huby draft, made by alice: the DEMO-B key's detail routes must not reach them.
    const alice = await loginAs(target, 'alice');
    aClaimUuid = (await alice.post('/api/claims', { number: `K${run}1`, kind: 'delivery', reason: 'other' }).expect(201)).body
      .uuid as string;
    parties = await demoParties(alice, `KEYS-${run}`, { phone: '04 78 00 00 00' });
    const { shipper, recipient } = parties;
    aHubyUuid = (
      await alice
        .post('/api/dashtower/orders')
        .send({
          depositor_id: 1,
          reference: `KEYS-${run}`,
          uuid_address_shipper: shipper,
          uuid_address_recipient: recipient,
          packings: [{ packaging_type: 'CARTON-M', weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 20, packages: 1 }],
        })
        .expect(201)
    ).body.uuid as string;
    keyA = await make(dora, { name: `ERP A ${run}`, depositorIds: [1], rights: ['orders', 'stock', 'claims'] });
    keyB = await make(carla, { name: `ERP B ${run}`, depositorIds: [2], rights: ['orders', 'stock', 'shipments', 'claims'] });
  }, 180_000);
  afterAll(() => target?.close());

  it('shows the secret once, lists keys without it, and stores only its hash', async () => {
    expect(keyA).toMatchObject({ name: `ERP A ${run}`, depositorIds: [1], rights: ['orders', 'stock', 'claims'], status: 'active' });
    expect(keyA.secret).toMatch(/^pk_client_/);
    expect(keyA.secret.startsWith(keyA.prefix)).toBe(true);
    const listed = (await dora.get('/api/settings/api-keys').expect(200)).body as ApiKeyDto[];
    expect(listed.map((k) => k.id)).toEqual([keyA.id]); // not carla's DEMO-B key
    expect(listed[0]).toMatchObject({ createdBy: `dora${run}`.toLowerCase(), revokedAt: null, expiresAt: null });
    expect(JSON.stringify(listed)).not.toContain(keyA.secret);
    expect((await carla.get('/api/settings/api-keys').expect(200)).body.map((k: ApiKeyDto) => k.id)).toEqual(
      expect.arrayContaining([keyA.id, keyB.id]),
    );
    const db = await Db.open({ service: 'auth', entities: [], migrations: [], url: target.databaseUrl('auth') });
    try {
      const rows = await db.system.query<{ id: number; key_hash: string }>(`SELECT * FROM api_keys WHERE kind = 'client'`);
      expect(JSON.stringify(rows)).not.toContain(keyA.secret);
      expect(rows.find((r) => r.id === keyA.id)?.key_hash).toBe(createHash('sha256').update(keyA.secret).digest('hex'));
    } finally {
      await db.close();
    }
    // Users without the right to administer users neither list nor make keys; a key never makes keys.
    await bob.get('/api/settings/api-keys').expect(403);
    await bob.post('/api/settings/api-keys', { name: 'x', depositorIds: [2], rights: ['orders'] }).expect(403);
    const byKey = await withKey(keyA.secret).get('/api/settings/api-keys').expect(403);
    expect(byKey.body.error.key).toBe('permissionDenied');
  });

  it('answers the routes of its rights with its depositors’ rows only', async () => {
    const key = withKey(keyA.secret);
    const orders = (await key.get(`/api/orders?range=${q([0, 99])}`).expect(200)).body as { depositorCode: string }[];
    expect(orders.length).toBeGreaterThan(0);
    expect(new Set(orders.map((o) => o.depositorCode))).toEqual(new Set(['DEMO-A']));
    const alice = await loginAs(target, 'alice');
    const stock = (await key.get(`/api/stock?range=${q([0, 99])}`).expect(200)).body as object[];
    const aliceStock = (await alice.get(`/api/stock?range=${q([0, 99])}`).expect(200)).body as object[];
    expect(aliceStock.length).toBeGreaterThan(stock.length);
    expect(stock.length).toBeGreaterThan(0);
    expect(JSON.stringify(stock)).not.toContain('DEMO-B');
    // alice (both depositors) finds both fed orders; the key only DEMO-A's.
    const onlyB = `/api/orders?filter=${q({ q: `K${run}` })}&range=${q([0, 9])}`;
    const codes = (rows: { depositorCode: string }[]) => rows.map((o) => o.depositorCode).sort();
    expect(codes((await alice.get(onlyB).expect(200)).body)).toEqual(['DEMO-A', 'DEMO-B']);
    expect(codes((await key.get(onlyB).expect(200)).body)).toEqual(['DEMO-A']);
  });

  it('creates a Loop order draft for its own depositor with the shipments right, the key named as its creator', async () => {
    const res = await withKey(keyB.secret).post('/api/dashtower/loop-orders', { depositor_id: 2, platform_id: 14, lines: [] });
    expect([res.status, res.body.error?.key]).toEqual([201, undefined]);
    expect(res.body).toMatchObject({ depositor_id: 2, created_by: `api-key:${keyB.name}` });
  });

  it('creates a Huby shipment as the shipment form does, reads it back, named as its creator; a DEMO-B key cannot read it', async () => {
    const shipping = await make(dora, { name: `ERP Boutique ${run}`, depositorIds: [1], rights: ['shipments'] });
    const key = withKey(shipping.secret);
    // The body of web/src/huby/ShipmentForm.tsx (bodyOf): empty texts left out, flags false, numbers as typed.
    const body = {
      reference: `KEYHUB-${run}`,
      order_number: `CMD-${run}`,
      tour_code: 'COLIS-J1',
      appointment: false,
      pallet_stripping: false,
      hatchback: false,
      delivery_on_floor: false,
      depositor_id: 1,
      uuid_address_shipper: parties.shipper,
      uuid_address_recipient: parties.recipient,
      billing_same_as_recipient: true,
      packings: [
        {
          packaging_type: 'CARTON-M',
          weight_kg: '2,5',
          length_cm: '30',
          width_cm: '20',
          height_cm: '20',
          packages: '2',
          duplicate_count: '0',
        },
      ],
      dangerous_goods: [],
      limited_quantities: null,
    };
    const created = await key.post('/api/dashtower/orders', body);
    expect([created.status, created.body.error?.key]).toEqual([201, undefined]);
    const uuid = created.body.uuid as string;
    const read = (await key.get(`/api/dashtower/orders/${uuid}`).expect(200)).body as ShipmentDto;
    expect(read).toMatchObject({
      uuid,
      depositor_id: 1,
      status: 0,
      reference: `KEYHUB-${run}`,
      package_count: 2,
      total_weight_kg: 5,
      created_by: `api-key:ERP Boutique ${run}`,
    });
    // The depositor's users read the same creator in the list and the history; the audit trail names the key.
    const alice = await loginAs(target, 'alice');
    const listed = (await alice.get(`/api/dashtower/orders?filter=${q({ tab: 'waiting', q: `KEYHUB-${run}` })}`).expect(200))
      .body as ShipmentSummaryDto[];
    expect(listed.map((s) => [s.uuid, s.created_by])).toEqual([[uuid, `api-key:ERP Boutique ${run}`]]);
    const history = (await alice.get(`/api/dashtower/orders/${uuid}/history`).expect(200)).body as { by: string | null }[];
    expect(history.map((h) => h.by)).toEqual([`api-key:ERP Boutique ${run}`]);
    let audited: AuditEntryDto[] = [];
    for (let i = 0; i < 100 && !audited.length; i++) {
      audited = (await admin.get(`/api/admin/audit?filter=${q({ entity: 'shipment', entityId: uuid })}`).expect(200)).body;
      if (!audited.length) await sleep(100);
    }
    expect(audited.map((e) => [e.action, e.actorLogin, e.actorClient])).toEqual([['created', null, `ERP Boutique ${run}`]]);
    // DEMO-B's key, which has the shipments right too, finds nothing there.
    const foreign = await withKey(keyB.secret).get(`/api/dashtower/orders/${uuid}`);
    expect([foreign.status, JSON.stringify(foreign.body).includes(`KEYHUB-${run}`)]).toEqual([404, false]);
  });

  it('refuses routes beyond its rights and routes for users only', async () => {
    const key = withKey(keyA.secret);
    // A right the key has not (shipments) on a route the table opens.
    const noRight = await key.post('/api/dashtower/loop-orders', {}).expect(403);
    expect(noRight.body.error.key).toBe('permissionDenied');
    // Routes no key may call, even with the roles: an export, the Huby list, the user's own settings.
    for (const path of ['/api/orders/export?format=csv', '/api/dashtower/orders', '/api/user/me', '/api/admin/users']) {
      const res = await key.get(path);
      expect([path, res.status, res.body.error?.key]).toEqual([path, 403, 'permissionDenied']);
    }
    // Unknown or empty keys: 401 invalidApiKey.
    for (const bad of ['', 'pk_client_unknownunknownunknown', 'x']) {
      const res = await withKey(bad).get('/api/orders');
      expect([res.status, res.body.error?.key]).toEqual([401, 'invalidApiKey']);
    }
  });

  it('a DEMO-B key reads nothing of DEMO-A through every path it may call', async () => {
    const key = withKey(keyB.secret);
    const aOrder = (
      await withKey(keyA.secret)
        .get(`/api/orders?range=${q([0, 0])}`)
        .expect(200)
    ).body[0] as { id: string };
    const aStock = (
      await withKey(keyA.secret)
        .get(`/api/stock?range=${q([0, 0])}`)
        .expect(200)
    ).body[0] as { id: string };
    const aMove = (
      await withKey(keyA.secret)
        .get(`/api/movements?range=${q([0, 0])}`)
        .expect(200)
    ).body[0] as { id: string };
    const detail: Record<string, string | number | undefined> = {
      'GET /api/orders/:id': aOrder?.id,
      'GET /api/stock/:id': aStock?.id,
      'GET /api/movements/:id': aMove?.id,
      'GET /api/claims/:uuid': aClaimUuid,
      'GET /api/dashtower/orders/:uuid': aHubyUuid,
    };
    const checked: string[] = [];
    for (const { routes } of Object.values(CLIENT_KEY_RIGHTS)) {
      for (const route of routes) {
        const [method, pattern] = route.split(' ');
        if (method === 'POST') {
          // Creations for DEMO-A: refused, never made.
          const res = await key.post(pattern, { depositor_id: 1, platform_id: 1, lines: [], reference: `K${run}` });
          expect([route, res.status >= 400 && res.status < 500, res.body.error?.key]).toEqual([route, true, expect.any(String)]);
          // The same draft for its own depositor is made (the test above): here the depositor is what refuses it.
          if (pattern.endsWith('loop-orders')) expect(res.body.error.key).not.toBe('validationFailed');
        } else if (pattern.includes(':')) {
          const id = detail[route];
          expect([route, id === undefined || id === null]).toEqual([route, false]);
          const res = await key.get(pattern.replace(/:\w+/, encodeURIComponent(String(id))));
          expect([route, res.status]).toEqual([route, 404]);
        } else {
          const res = await key.get(`${pattern}?range=${q([0, 99])}`);
          expect([route, res.status]).toEqual([route, 200]);
          expect([route, JSON.stringify(res.body).includes('DEMO-A')]).toEqual([route, false]);
          if (Array.isArray(res.body)) {
            for (const row of res.body as Record<string, unknown>[]) expect([route, row.depositorId ?? 2]).toEqual([route, 2]);
          }
        }
        checked.push(route);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'GET /api/orders',
        'GET /api/orders/:id',
        'GET /api/stock/:id',
        'GET /api/movements/:id',
        'POST /api/dashtower/orders',
      ]),
    );
  });

  it('marks in the OpenAPI document the operations a client key may call, with an example', async () => {
    type Operation = { security?: object[]; 'x-client-key'?: boolean; 'x-client-key-right'?: string; 'x-codeSamples'?: unknown[] };
    const doc = (await request(target.url).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
    };
    expect(doc.components.securitySchemes.clientKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    const marked = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-client-key'])
        .map(([method, op]) => [`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, op] as const),
    );
    const table = Object.entries(CLIENT_KEY_RIGHTS).flatMap(([right, { routes }]) => routes.map((r) => [r, right]));
    expect(marked.map(([route, op]) => [route, op['x-client-key-right']]).sort()).toEqual(table.sort());
    for (const [, op] of marked) expect(op.security).toContainEqual({ clientKey: [] });
    expect(marked.filter(([, op]) => op['x-codeSamples'])).toHaveLength(1);
  });

  it('keeps the key of a restricted creator within the creator’s activities and stores, and lists these limits', async () => {
    const limited = await make(rita, { name: `ERP limité ${run}`, depositorIds: [1], rights: ['orders', 'stock'] });
    const limits = { activityKeys: ['1:ECOM'], storeKeys: ['1:MAG-MLV1'] };
    expect(limited).toMatchObject({ ...limits, createdBy: ritaLogin, status: 'active' });
    const listed = (await dora.get('/api/settings/api-keys').expect(200)).body as ApiKeyDto[];
    expect(listed.find((k) => k.id === limited.id)).toMatchObject(limits);
    expect(listed.find((k) => k.id === keyA.id)).toMatchObject({ activityKeys: [], storeKeys: [] });
    const key = withKey(limited.secret);
    const references = (rows: { reference: string }[]) => rows.map((r) => r.reference).sort();
    const orders = `/api/orders?filter=${q({ q: `L${run}` })}&range=${q([0, 9])}`;
    const stock = `/api/stock?filter=${q({ reference: `K${run}-1` })}&range=${q([0, 9])}`;
    // dora's key (no limits) reads both sides; rita's only what rita may see.
    expect(references((await withKey(keyA.secret).get(orders).expect(200)).body)).toEqual([`L${run}IN`, `L${run}OUT`]);
    expect(references((await key.get(orders).expect(200)).body)).toEqual([`L${run}IN`]);
    expect(references((await withKey(keyA.secret).get(stock).expect(200)).body)).toEqual([`K${run}-1`, `K${run}-1M`]);
    expect(references((await key.get(stock).expect(200)).body)).toEqual([`K${run}-1M`]);
    // Nor by detail: the order outside her activity is not found.
    const out = (await withKey(keyA.secret).get(orders).expect(200)).body.find((o: { reference: string }) => o.reference === `L${run}OUT`);
    expect((await key.get(`/api/orders/${out.id}`)).status).toBe(404);
  });

  it('follows its creator: narrowed with them, suspended once they are deactivated, back when reactivated', async () => {
    const login = `nina${run}`.toLowerCase();
    const uuid = await addUser(target, { login, roles: [Role.ADMIN_USERS], depositorIds: [1] });
    const nina = await loginAs(target, login);
    const made = await make(nina, { name: `ERP suivi ${run}`, depositorIds: [1], rights: ['orders'] });
    const key = withKey(made.secret);
    const orders = `/api/orders?filter=${q({ q: `L${run}` })}&range=${q([0, 9])}`;
    const seen = async () => {
      const res = await key.get(orders);
      return res.status === 200 ? (res.body as { reference: string }[]).map((o) => o.reference).sort() : res.status;
    };
    /** Asks until the answer is `expected` (the change reaches every gateway through the bus), for 30 s at most. */
    const until = async (expected: unknown) => {
      let last: unknown;
      for (const end = Date.now() + 30_000; Date.now() < end; await sleep(100))
        if (JSON.stringify((last = await seen())) === JSON.stringify(expected)) break;
      expect(last).toEqual(expected);
    };
    expect(await seen()).toEqual([`L${run}IN`, `L${run}OUT`]);
    // The provider's administrator limits nina to ECOM at MAG-MLV1: her key no longer reads the other order.
    await carla.put(`/api/admin/users/${uuid}/access`, { depositors: [1], activities: [ECOM], stores: [MAG_MLV1] }).expect(200);
    await until([`L${run}IN`]);
    // Deactivated (she left): the key is refused and listed as suspended, not revoked.
    await carla.post(`/api/admin/users/${uuid}/deactivate`).expect(200);
    await until(401);
    expect((await key.get(orders)).body.error.key).toBe('invalidApiKey');
    const listed = (await dora.get('/api/settings/api-keys').expect(200)).body as ApiKeyDto[];
    expect(listed.find((k) => k.id === made.id)).toMatchObject({ status: 'suspended', createdBy: login, revokedAt: null });
    await carla.post(`/api/admin/users/${uuid}/reactivate`).expect(200);
    await until([`L${run}IN`]);
  });

  it('gives a key no depositor beyond its creator’s', async () => {
    for (const depositorIds of [[1, 2], [2], [3]]) {
      const res = await dora.post('/api/settings/api-keys', { name: 'Trop large', depositorIds, rights: ['orders'] });
      expect([depositorIds, res.status, res.body.error?.key]).toEqual([depositorIds, 403, 'permissionDenied']);
    }
  });

  it('refuses hostile input on creation with 400, never 5xx', async () => {
    const base = { name: 'ERP', depositorIds: [1], rights: ['orders'] };
    let deep: object = {};
    for (let i = 0; i < 2000; i++) deep = { a: deep };
    const bodies: object[] = [
      { ...base, name: 'ERP\u0000NUL' },
      { ...base, name: 'x'.repeat(100_000) },
      { ...base, name: '   ' },
      { ...base, expiresAt: '9999-12-31T23:59:59Z' },
      { ...base, expiresAt: '0001-01-01T00:00:00Z' },
      { ...base, expiresAt: '2020-01-01T00:00:00Z' },
      { ...base, expiresAt: 'demain' },
      { ...base, expiresAt: 1e308 },
      { ...base, depositorIds: [-1] },
      { ...base, depositorIds: [1e20] },
      { ...base, depositorIds: [] },
      { ...base, depositorIds: '1' },
      { ...base, rights: ['admin'] },
      { ...base, rights: [] },
      { ...base, ratePerMinute: 0 },
      { ...base, ratePerMinute: 1e12 },
      { ...base, kind: 'warehouse' },
      { ...base, nested: deep },
      [base],
    ];
    for (const body of bodies) {
      const res = await dora.post('/api/settings/api-keys', body);
      expect([JSON.stringify(body).slice(0, 80), res.status]).toEqual([JSON.stringify(body).slice(0, 80), 400]);
    }
    for (const id of ['abc', '99999999999999999999', '-1', '0', `${keyB.id}`]) {
      const res = await dora.post(`/api/settings/api-keys/${id}/revoke`, {});
      expect([id, res.status]).toEqual([id, 404]); // keyB is carla's DEMO-B key: beyond dora's reach
    }
  });

  it('limits the calls of each key per minute with Retry-After', async () => {
    const slow = await make(dora, { name: `Lent ${run}`, depositorIds: [1], rights: ['orders'], ratePerMinute: 3 });
    const key = withKey(slow.secret);
    for (let i = 0; i < 3; i++) await key.get(`/api/orders?range=${q([0, 0])}`).expect(200);
    const refused = await key.get(`/api/orders?range=${q([0, 0])}`).expect(429);
    expect(refused.body.error.key).toBe('tooManyRequests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another key is not slowed by it.
    await withKey(keyA.secret)
      .get(`/api/orders?range=${q([0, 0])}`)
      .expect(200);
  });

  it('refuses an expired key', async () => {
    const soon = await make(dora, {
      name: `Bientôt ${run}`,
      depositorIds: [1],
      rights: ['orders'],
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    await withKey(soon.secret)
      .get(`/api/orders?range=${q([0, 0])}`)
      .expect(200);
    await sleep(1700);
    const res = await withKey(soon.secret)
      .get(`/api/orders?range=${q([0, 0])}`)
      .expect(401);
    expect(res.body.error.key).toBe('invalidApiKey');
    const listed = (await dora.get('/api/settings/api-keys').expect(200)).body as ApiKeyDto[];
    expect(listed.find((k) => k.id === soon.id)?.status).toBe('expired');
  });

  it('forgets a revoked key within a second on every gateway, and audits creation and revocation', async () => {
    const gone = await make(dora, { name: `Révoquée ${run}`, depositorIds: [1], rights: ['orders'] });
    let urls = [target.url];
    if (target.deployment) {
      await target.deployment.spawnCopy('gateway', 2);
      await target.deployment.waitHealthy();
      urls = target.deployment.urls;
    }
    // Every gateway has the key resolved (and remembered) before the revocation.
    for (const url of urls)
      await withKey(gone.secret, url)
        .get(`/api/orders?range=${q([0, 0])}`)
        .expect(200);
    const revoked = (await dora.post(`/api/settings/api-keys/${gone.id}/revoke`, {}).expect(200)).body as ApiKeyDto;
    expect(revoked.status).toBe('revoked');
    const at = Date.now();
    for (const url of urls) {
      let status = 0;
      while (Date.now() - at < 1000) {
        status = (await withKey(gone.secret, url).get(`/api/orders?range=${q([0, 0])}`)).status;
        if (status === 401) break;
        await sleep(50);
      }
      expect([url, status]).toEqual([url, 401]);
    }
    let entries: AuditEntryDto[] = [];
    for (let i = 0; i < 100 && entries.length < 3; i++) {
      entries = (await admin.get(`/api/admin/audit?filter=${q({ entity: 'api-key', entityId: String(gone.id) })}`).expect(200)).body;
      if (entries.length < 3) await sleep(100);
    }
    // Created and revoked by dora; used (the first call of the hour, sampled) by the key itself.
    expect(entries.map((e) => [e.action, e.actorLogin, e.actorClient]).sort()).toEqual([
      ['created', `dora${run}`.toLowerCase(), null],
      ['revoked', `dora${run}`.toLowerCase(), null],
      ['used', null, gone.name],
    ]);
    expect(JSON.stringify(entries)).not.toContain(gone.secret);
    // Distributed, it starts a second gateway: a minute on a loaded machine (the full run's 30 s were not enough).
  }, 120_000);
});
