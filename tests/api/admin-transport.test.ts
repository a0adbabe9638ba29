import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  Role,
  TOUR_FLAGS,
  type AdminCarrierDto,
  type AdminTourDto,
  type AuditEntryDto,
  type CarrierAccountDto,
  type ConnectionTestDto,
} from '@portal/contracts';
import { startCarrierFake, type CarrierFake } from '../support/carrier-fakes';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

type Client = Awaited<ReturnType<typeof loginAs>>;
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

/**
 * The transport plan's back office through the gateway (issue 34 item 1): carriers (ADMIN_CARRIER)
 * and tours (ADMIN_TOUR) created, edited and deactivated by the provider's administrator, with the
 * §8 keys and the audit trail; a depositor's own administrator reads the shared carriers without
 * changing them and works on their own depositor's tours only; a deactivated carrier or tour is no
 * longer offered to shipments.
 */
describe('transport plan back office API', () => {
  let target: ApiTarget;
  const as: Record<string, Client> = {};
  const run = randomBytes(3).toString('hex').toUpperCase();
  const carrierBody = (over: object = {}) => ({
    ref: `TP${run}`,
    name: `Transports ${run}`,
    kind: 'parcel',
    shipping_window_days: 10,
    insurance_threshold: 5000,
    pickup_email: 'enlevements@transports.example',
    settings: { agency_code: 'LYS-01' },
    ...over,
  });
  const tourBody = (carrierId: number, over: object = {}) => ({
    depositorId: 1,
    code: `T${run}`,
    carrierId,
    account_number: 'ACC-001',
    transport_code: 'TR-1',
    tour_type: 'parcel',
    transport_mode: 'road',
    flags: { appointment: true, hatchback: true },
    weight_min_kg: 0,
    weight_max_kg: 30,
    max_packages: 5,
    delivery_delay_days: 2,
    codes: { gtf: 'G1', product: 'DOM', min_insurance_amount: 150 },
    ...over,
  });
  let carrier: AdminCarrierDto;

  beforeAll(async () => {
    target = await startTarget();
    await addUser(target, { login: 'tp-provider', roles: [Role.ADMIN_CARRIER, Role.ADMIN_TOUR], depositorIds: [] });
    await addUser(target, { login: 'tp-carriers', roles: [Role.ADMIN_CARRIER], depositorIds: [] });
    await addUser(target, { login: 'tp-tours', roles: [Role.ADMIN_TOUR], depositorIds: [] });
    await addUser(target, { login: 'tp-admin-a', roles: [Role.ADMIN_CARRIER, Role.ADMIN_TOUR, Role.PGT_USER], depositorIds: [1] });
    await addUser(target, { login: 'tp-shipper', roles: [Role.DASHTOWER_USER], depositorIds: [1] });
    for (const login of ['tp-provider', 'tp-carriers', 'tp-tours', 'tp-admin-a', 'tp-shipper', 'alice', 'admin'])
      as[login] = await loginAs(target, login);
  }, 120000);
  afterAll(() => target?.close(), 90_000);

  it('opens carriers to ADMIN_CARRIER and tours to ADMIN_TOUR only (403 permissionDenied otherwise); a tour planner lists the carriers to choose one', async () => {
    await as['tp-carriers'].get('/api/admin/transport/carriers').expect(200);
    await as['tp-tours'].get('/api/admin/transport/tours').expect(200);
    await as['tp-tours'].get('/api/admin/transport/carriers').expect(200);
    for (const [who, path] of [
      ['tp-carriers', '/api/admin/transport/tours'],
      ['tp-tours', '/api/admin/transport/carriers/1'],
      ['alice', '/api/admin/transport/carriers'],
      ['alice', '/api/admin/transport/tours'],
    ] as const) {
      const res = await as[who].get(path).expect(403);
      expect(res.body.error.key).toBe('permissionDenied');
    }
    const refused = await as['tp-tours'].post('/api/admin/transport/carriers').send(carrierBody()).expect(403);
    expect(refused.body.error.key).toBe('permissionDenied');
  });

  it('creates a carrier, refuses its reference twice and bad input field by field, edits and deactivates it', async () => {
    const provider = as['tp-provider'];
    carrier = (await provider.post('/api/admin/transport/carriers').send(carrierBody()).expect(201)).body;
    expect(carrier).toMatchObject({
      ref: `TP${run}`,
      kind: 'parcel',
      shipping_window_days: 10,
      insurance_threshold: 5000,
      settings: { agency_code: 'LYS-01' },
      active: true,
      tours: 0,
    });
    const twice = await provider
      .post('/api/admin/transport/carriers')
      .send(carrierBody({ ref: `tp${run}` }))
      .expect(409);
    expect(twice.body.error).toMatchObject({ key: 'carrierRefAlreadyExists', params: { field: 'ref' } });

    const bad = await provider
      .post('/api/admin/transport/carriers')
      .send({
        ref: 'é*',
        name: 'x'.repeat(101),
        kind: 'boat',
        pickup_email: 'not-a-mail',
        shipping_window_days: 1e9,
        settings: { 'Bad Key': 'x' },
      })
      .expect(400);
    expect(bad.body.error.key).toBe('validationFailed');
    expect(bad.body.error.fields).toMatchObject({
      ref: 'invalidFormat',
      name: 'maxLength',
      kind: 'invalidFormat',
      pickup_email: 'invalidEmail',
      shipping_window_days: 'max',
      'settings.Bad Key': 'invalidFormat',
    });
    const empty = await provider.post('/api/admin/transport/carriers').send({}).expect(400);
    expect(empty.body.error.fields).toMatchObject({ ref: 'required', name: 'required', kind: 'required' });

    const edited = await provider
      .put(`/api/admin/transport/carriers/${carrier.id}`)
      .send(carrierBody({ name: `Messagerie ${run}`, settings: {} }))
      .expect(200);
    expect(edited.body).toMatchObject({ name: `Messagerie ${run}`, settings: {} });
    const list = await provider.get(`/api/admin/transport/carriers?${filter({ q: `tp${run}` })}`).expect(200);
    expect((list.body as AdminCarrierDto[]).map((c) => c.ref)).toEqual([`TP${run}`]);
    expect(list.headers['content-range']).toMatch(/\/1$/);
    await provider.get('/api/admin/transport/carriers/999999').expect(404);
    await provider.get('/api/admin/transport/carriers/abc').expect(404);
  });

  it('creates a tour with every flag, limit and code, refuses a duplicate code, bad limits and an unknown carrier', async () => {
    const provider = as['tp-provider'];
    const tour = (await provider.post('/api/admin/transport/tours').send(tourBody(carrier.id)).expect(201)).body as AdminTourDto;
    expect(tour).toMatchObject({
      depositorId: 1,
      depositorCode: 'DEMO-A',
      code: `T${run}`,
      carrierId: carrier.id,
      carrierRef: `TP${run}`,
      weight_max_kg: 30,
      max_packages: 5,
      codes: { gtf: 'G1', product: 'DOM', min_insurance_amount: 150 },
      active: true,
    });
    expect(Object.keys(tour.flags).sort()).toEqual([...TOUR_FLAGS].sort());
    expect(tour.flags).toMatchObject({ appointment: true, hatchback: true, floor_delivery: false });

    const twice = await provider.post('/api/admin/transport/tours').send(tourBody(carrier.id)).expect(409);
    expect(twice.body.error.key).toBe('tourCodeAlreadyExists');
    // Codes are unique per depositor: DEMO-B may have the same one.
    await provider
      .post('/api/admin/transport/tours')
      .send(tourBody(carrier.id, { depositorId: 2 }))
      .expect(201);

    const limits = await provider
      .post('/api/admin/transport/tours')
      .send(tourBody(carrier.id, { code: `L${run}`, weight_min_kg: 40, weight_max_kg: 30, volume_min_m3: 2, volume_max_m3: 1 }))
      .expect(400);
    expect(limits.body.error.fields).toEqual({ weight_max_kg: 'belowMinimum', volume_max_m3: 'belowMinimum' });
    const unknown = await provider
      .post('/api/admin/transport/tours')
      .send(tourBody(999_999, { code: `U${run}` }))
      .expect(400);
    expect(unknown.body.error.fields).toEqual({ carrierId: 'unknownCode' });
    const hostile = await provider
      .post('/api/admin/transport/tours')
      .send(
        tourBody(carrier.id, {
          code: `X ${run}`,
          flags: { appointment: { deep: { deeper: [[[1]]] } }, teleport: true },
          codes: { gtf: 'x'.repeat(51), rocket: 'y', min_insurance_amount: 'lots' },
          max_packages: 1e12,
          tour_type: 'drone',
        }),
      )
      .expect(400);
    expect(hostile.body.error.fields).toMatchObject({
      code: 'invalidFormat',
      flags: 'invalidFormat',
      'codes.gtf': 'maxLength',
      'codes.min_insurance_amount': 'numeric',
      max_packages: 'max',
      tour_type: 'invalidFormat',
    });

    // A NUL character anywhere is refused before it reaches Huby, and nothing is written.
    const nul = await provider
      .post('/api/admin/transport/tours')
      .send(tourBody(carrier.id, { code: `N${run}`, account_number: 'A\u0000B' }))
      .expect(400);
    expect(nul.body.error.key).toBe('validationFailed');
    const none = await provider.get(`/api/admin/transport/tours?${filter({ q: `N${run}` })}`).expect(200);
    expect(none.body).toEqual([]);

    const deactivated = await provider
      .put(`/api/admin/transport/tours/${tour.id}`)
      .send(tourBody(carrier.id, { flags: { floor_delivery: true }, active: false }))
      .expect(200);
    expect(deactivated.body).toMatchObject({ active: false, flags: { floor_delivery: true, appointment: false } });
    const listed = await provider.get(`/api/admin/transport/tours?${filter({ carrierId: carrier.id, active: false })}`).expect(200);
    expect((listed.body as AdminTourDto[]).map((t) => [t.depositorCode, t.code])).toEqual([['DEMO-A', `T${run}`]]);
  });

  it('keeps the shared carriers read-only and the tours to their own depositor for a depositor’s administrator', async () => {
    const own = as['tp-admin-a'];
    const provider = as['tp-provider'];
    const carriers = (await own.get(`/api/admin/transport/carriers?${filter({ q: `TP${run}` })}`).expect(200)).body as AdminCarrierDto[];
    expect(carriers.map((c) => c.ref)).toEqual([`TP${run}`]);
    // DEMO-A's own admin counts DEMO-A's tours on it only (the provider sees both depositors').
    expect(carriers[0].tours).toBe(1);
    expect((await provider.get(`/api/admin/transport/carriers/${carrier.id}`).expect(200)).body.tours).toBe(2);
    for (const res of [
      await own.post('/api/admin/transport/carriers').send(carrierBody({ ref: `OWN${run}` })),
      await own.put(`/api/admin/transport/carriers/${carrier.id}`).send(carrierBody({ name: 'Mine' })),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.key).toBe('permissionDenied');
    }

    const tours = (await own.get(`/api/admin/transport/tours?${filter({ carrierId: carrier.id })}`).expect(200)).body as AdminTourDto[];
    expect(tours.map((t) => t.depositorCode)).toEqual(['DEMO-A']);
    const all = (await own.get('/api/admin/transport/tours?range=[0,199]').expect(200)).body as AdminTourDto[];
    expect(new Set(all.map((t) => t.depositorId))).toEqual(new Set([1]));
    const [theirs] = (await provider.get(`/api/admin/transport/tours?${filter({ carrierId: carrier.id, depositorId: 2 })}`).expect(200))
      .body as AdminTourDto[];
    expect((await own.get(`/api/admin/transport/tours/${theirs.id}`).expect(404)).body.error.key).toBe('objectNotFound');
    await own
      .put(`/api/admin/transport/tours/${theirs.id}`)
      .send(tourBody(carrier.id, { depositorId: 1, code: `M${run}` }))
      .expect(404);
    const elsewhere = await own
      .post('/api/admin/transport/tours')
      .send(tourBody(carrier.id, { depositorId: 2, code: `O${run}` }))
      .expect(400);
    expect(elsewhere.body.error.fields).toEqual({ depositorId: 'unknownCode' });
    // Unchanged by the refusals.
    expect((await provider.get(`/api/admin/transport/tours/${theirs.id}`).expect(200)).body).toMatchObject({
      code: `T${run}`,
      depositorId: 2,
    });
    await own
      .post('/api/admin/transport/tours')
      .send(tourBody(carrier.id, { code: `O${run}` }))
      .expect(201);
  });

  it('stops offering a deactivated carrier to Dashtower, and tells every change to the audit trail', async () => {
    const provider = as['tp-provider'];
    const refs = async () =>
      ((await as['tp-shipper'].get('/api/admin/carriers/DEMO-A?minify=1').expect(200)).body as { ref: string }[]).map((c) => c.ref);
    expect(await refs()).toContain(`TP${run}`);
    await provider
      .put(`/api/admin/transport/carriers/${carrier.id}`)
      .send(carrierBody({ active: false }))
      .expect(200);
    expect(await refs()).not.toContain(`TP${run}`);

    const trail = async (f: object, count: number) => {
      let rows: AuditEntryDto[] = [];
      for (let i = 0; i < 100 && rows.length < count; i++) {
        rows = (await as.admin.get(`/api/admin/audit?${filter(f)}`).expect(200)).body as AuditEntryDto[];
        if (rows.length < count) await new Promise((r) => setTimeout(r, 100));
      }
      return rows;
    };
    const carrierRows = await trail({ service: 'huby', entity: 'carrier', entityId: String(carrier.id) }, 3);
    expect(carrierRows.map((r) => [r.action, r.actorLogin, r.label])).toEqual([
      ['updated', 'tp-provider', `TP${run}`],
      ['updated', 'tp-provider', `TP${run}`],
      ['created', 'tp-provider', `TP${run}`],
    ]);
    expect(carrierRows[0].before).toMatchObject({ active: true });
    expect(carrierRows[0].after).toMatchObject({ active: false });
    const [tour] = (
      await provider.get(`/api/admin/transport/tours?${filter({ carrierId: carrier.id, depositorId: 1, q: `T${run}` })}`).expect(200)
    ).body as AdminTourDto[];
    const tourRows = await trail({ service: 'huby', entity: 'tour', entityId: String(tour.id) }, 2);
    expect(tourRows.map((r) => [r.action, r.depositorIds])).toEqual([
      ['updated', [1]],
      ['created', [1]],
    ]);
    expect(tourRows[0].before).toMatchObject({ active: true });
    expect(tourRows[0].after).toMatchObject({ active: false });
  });

  describe('carrier accounts', () => {
    const SECRETS = {
      ups: `ups-S3cret-${run}`,
      dhlKey: `dhl-K3y-${run}`,
      dhlSecret: `dhl-S3cret-${run}`,
      colissimo: `col-P4ss-${run}`,
      okapi: `okapi-K3y-${run}`,
    };
    let fake: CarrierFake;
    let tourId: number;
    const answers: string[] = [];
    const account = (path = '') => `/api/admin/transport/tours/${tourId}/account${path}`;
    const save = async (body: object, status = 200) => {
      const res = await as['tp-provider'].put(account()).send(body).expect(status);
      answers.push(JSON.stringify(res.body));
      return res.body;
    };
    const test = async (): Promise<ConnectionTestDto> => {
      const res = await as['tp-provider'].post(account('/test')).expect(200);
      answers.push(JSON.stringify(res.body));
      return res.body;
    };
    const ups = (over: object = {}) => ({
      connector: 'ups',
      environment: 'custom',
      base_url: fake.url,
      settings: { client_id: `ups-client-${run}`, shipper_number: 'A1B2C3' },
      ...over,
    });

    beforeAll(async () => {
      fake = await startCarrierFake({
        ups: { clientId: `ups-client-${run}`, clientSecret: SECRETS.ups, shipperNumber: 'A1B2C3' },
        dhlExpress: { apiKey: SECRETS.dhlKey, apiSecret: SECRETS.dhlSecret },
        colissimo: { contractNumber: '123456', password: SECRETS.colissimo, apiKey: SECRETS.okapi },
      });
      const created = await as['tp-provider']
        .post('/api/admin/transport/tours')
        .send(tourBody(carrier.id, { code: `A${run}` }))
        .expect(201);
      tourId = created.body.id;
    });
    afterAll(() => fake?.close());

    it('keeps a UPS secret write-only and sealed, names what is missing, and tests the connection against the carrier', async () => {
      expect((await as['tp-provider'].get(account()).expect(200)).body).toMatchObject({ connector: 'demo', secrets: {}, updatedAt: null });
      expect(await test()).toMatchObject({ ok: true });

      const incomplete = await save(ups({ settings: { client_id: 'c' } }), 400);
      expect(incomplete.error.fields).toEqual({ 'settings.shipper_number': 'required', 'secrets.client_secret': 'required' });
      const bad = await save(
        {
          connector: 'fedex',
          environment: 'custom',
          base_url: 'ftp://carrier.example',
          settings: { client_secret: 'x' },
          secrets: { shipper_number: 'x' },
        },
        400,
      );
      expect(bad.error.fields).toMatchObject({ connector: 'invalidFormat', base_url: 'invalidFormat' });
      for (const [body, field] of [
        [ups({ base_url: null }), 'base_url'],
        [ups({ base_url: 'http://user:pw@127.0.0.1:1' }), 'base_url'],
        [ups({ settings: { client_id: 'c', shipper_number: 'A', client_secret: 'leak' } }), 'settings.client_secret'],
        [ups({ secrets: { shipper_number: 'x' } }), 'secrets.shipper_number'],
        [ups({ settings: { client_id: 'c', shipper_number: 'X'.repeat(11) } }), 'settings.shipper_number'],
      ] as const)
        expect((await save(body, 400)).error.fields).toHaveProperty([field]);

      const saved: CarrierAccountDto = await save(ups({ secrets: { client_secret: SECRETS.ups } }));
      expect(saved).toMatchObject({ connector: 'ups', environment: 'custom', base_url: fake.url, secrets: { client_secret: true } });
      expect(saved.secretsUpdatedAt).toEqual(expect.any(String));
      // Sealed in the database: neither the value nor a readable copy of it.
      const db = new pg.Client({ connectionString: target.databaseUrl('huby') });
      await db.connect();
      try {
        const { rows } = await db.query(`SELECT secrets, secret_names FROM carrier_accounts WHERE tour_id = $1`, [tourId]);
        expect(rows[0].secrets).toMatch(/^v1\./);
        expect(rows[0].secrets).not.toContain(SECRETS.ups);
        expect(rows[0].secret_names).toEqual(['client_secret']);
      } finally {
        await db.end();
      }

      expect(await test()).toMatchObject({ ok: true, status: 200, call: `POST ${fake.url}/security/v1/oauth/token` });
      const token = fake.calls.at(-1)!;
      expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`ups-client-${run}:${SECRETS.ups}`).toString('base64')}`);
      expect(token.headers['x-merchant-id']).toBe('A1B2C3');

      // Saved again without the secret: it is kept; a wrong shipper number is refused by the carrier, in its words.
      const kept = await save(ups({ settings: { client_id: `ups-client-${run}`, shipper_number: 'ZZZ' } }));
      expect(kept.secrets).toEqual({ client_secret: true });
      expect(kept.secretsUpdatedAt).toBe(saved.secretsUpdatedAt);
      expect(await test()).toMatchObject({
        ok: false,
        failure: 'authRefused',
        status: 401,
        code: '10401',
        message: 'Invalid x-merchant-id',
      });
      await save(ups({ secrets: { client_secret: 'wrong-secret' } }));
      expect(await test()).toMatchObject({ ok: false, failure: 'authRefused', message: 'ClientId is Invalid' });
      await save(ups({ secrets: { client_secret: SECRETS.ups } }));
      expect(await test()).toMatchObject({ ok: true });
    });

    it('tests DHL Express and Colissimo accounts, forgets another connector’s credentials, and says when the carrier is unreachable', async () => {
      const dhl = await save({
        connector: 'dhl_express',
        environment: 'custom',
        base_url: `${fake.url}/mydhlapi`,
        settings: { account_number: '950000002' },
        secrets: { api_key: SECRETS.dhlKey, api_secret: SECRETS.dhlSecret },
      });
      expect(dhl.secrets).toEqual({ api_key: true, api_secret: true });
      expect(await test()).toMatchObject({ ok: true, call: `GET ${fake.url}/mydhlapi/address-validate` });
      await save({
        connector: 'dhl_express',
        environment: 'custom',
        base_url: `${fake.url}/mydhlapi`,
        settings: { account_number: '950000002' },
        secrets: { api_secret: 'nope' },
      });
      expect(await test()).toMatchObject({ ok: false, failure: 'authRefused', message: 'Invalid Credentials' });

      const colissimo = { connector: 'colissimo', environment: 'custom', base_url: fake.url, settings: { contract_number: '123456' } };
      // Switching connector starts from no credential: DHL's are not Colissimo's.
      expect((await save(colissimo, 400)).error.fields).toEqual({ 'secrets.password': 'required', 'secrets.api_key': 'required' });
      expect((await save({ ...colissimo, secrets: { password: SECRETS.colissimo } })).secrets).toEqual({ password: true, api_key: false });
      expect(await test()).toMatchObject({ ok: true, call: `POST ${fake.url}/widget-colissimo/rest/authenticate.rest` });
      // The API key alone (password removed with null) is checked on La Poste's tracking read.
      expect((await save({ ...colissimo, secrets: { password: null, api_key: SECRETS.okapi } })).secrets).toEqual({
        password: false,
        api_key: true,
      });
      expect(await test()).toMatchObject({ ok: true, status: 404 });
      await save({ ...colissimo, secrets: { api_key: 'bad-key' } });
      expect(await test()).toMatchObject({ ok: false, failure: 'authRefused', message: 'Invalid credentials' });

      await save(ups({ secrets: { client_secret: SECRETS.ups } }));
      const closed = await startCarrierFake({
        ups: { clientId: 'x', clientSecret: 'x', shipperNumber: 'x' },
        dhlExpress: { apiKey: 'x', apiSecret: 'x' },
        colissimo: { contractNumber: 'x', password: 'x', apiKey: 'x' },
      });
      await closed.close();
      await save(ups({ base_url: closed.url }));
      expect(await test()).toMatchObject({ ok: false, failure: 'unreachable', call: `POST ${closed.url}/security/v1/oauth/token` });
    });

    it('refuses accounts to a depositor’s administrator and to other roles, and never answers or audits a secret', async () => {
      for (const who of ['tp-admin-a', 'tp-tours', 'alice']) {
        for (const res of [
          await as[who].get(account()),
          await as[who].put(account()).send(ups({ secrets: { client_secret: 'mine' } })),
          await as[who].post(account('/test')),
        ]) {
          expect(res.status).toBe(403);
          expect(res.body.error.key).toBe('permissionDenied');
        }
      }
      expect((await as['tp-provider'].get('/api/admin/transport/tours/999999/account').expect(404)).body.error.key).toBe('objectNotFound');

      answers.push(JSON.stringify((await as['tp-provider'].get(account()).expect(200)).body));
      answers.push(JSON.stringify((await as['tp-provider'].get('/api/admin/transport/tours?range=[0,199]').expect(200)).body));
      answers.push(JSON.stringify((await as['tp-provider'].get('/api/admin/transport/carriers?range=[0,199]').expect(200)).body));
      let trail: AuditEntryDto[] = [];
      for (let i = 0; i < 100 && trail.length < 8; i++) {
        trail = (
          await as.admin
            .get(`/api/admin/audit?${filter({ service: 'huby', entity: 'carrierAccount', entityId: String(tourId) })}`)
            .expect(200)
        ).body as AuditEntryDto[];
        if (trail.length < 8) await new Promise((r) => setTimeout(r, 100));
      }
      expect(trail.length).toBeGreaterThanOrEqual(8);
      expect(trail.at(-1)).toMatchObject({ action: 'created', actorLogin: 'tp-provider', label: `A${run}` });
      expect(trail.at(-1)!.after).toMatchObject({ connector: 'ups', credentialsSet: ['client_secret'] });
      answers.push(JSON.stringify(trail));
      const everything = answers.join('\n');
      for (const secret of [...Object.values(SECRETS), 'wrong-secret', 'bad-key']) expect(everything).not.toContain(secret);
    });
  });
});
