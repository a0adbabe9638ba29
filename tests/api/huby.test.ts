import request from 'supertest';
import { Role } from '@portal/contracts';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/**
 * Dashtower/Huby through the gateway (all-in-one, and distributed on NATS): address books, a draft
 * shipment created, refused, validated, canceled, restored and duplicated, each move checked against
 * the transition table, and another depositor's user neither seeing nor changing any of it.
 */
describe('Huby API', () => {
  let target: ApiTarget;
  let alice: Awaited<ReturnType<typeof loginAs>>;
  let other: Awaited<ReturnType<typeof loginAs>>;
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  let shipper: string;
  let recipient: string;

  beforeAll(async () => {
    target = await startTarget();
    alice = await loginAs(target, 'alice');
    await addUser(target, { login: 'huby-b', roles: [Role.DASHTOWER_USER, Role.USER_CREATE_HUBY_ORDER], depositorIds: [2] });
    other = await loginAs(target, 'huby-b');
  }, 90000);
  afterAll(() => target?.close());

  const packing = { packaging_type: 'CARTON-M', weight_kg: 4.5, length_cm: 40, width_cm: 30, height_cm: 30, packages: 2 };

  it('lists the address books as spec §7 answers them, and creates an address', async () => {
    const shippers = (await alice.get('/api/dashtower/address/all?type=shipper&active=1').expect(200)).body;
    expect(shippers.addressesShipper.length).toBeGreaterThan(0);
    shipper = shippers.addressesShipper.find((a: { depositor_id: number }) => a.depositor_id === 1).uuid;
    const found = (
      await alice.get(`/api/dashtower/address/all?type=recipient&search=DEST00&uuid_address_shipper=${shipper}&limit=3`).expect(200)
    ).body;
    expect(found.addressesRecipient).toHaveLength(3);
    const onlyB = (await alice.get('/api/dashtower/address/all?type=shipper&depositor=2').expect(200)).body.addressesShipper;
    expect(onlyB.length).toBeGreaterThan(0);
    expect(onlyB.every((a: { depositor_id: number }) => a.depositor_id === 2)).toBe(true);
    expect((await alice.get('/api/dashtower/address/all?type=shipper&depositor=x')).body.error.fields).toEqual({
      depositor: 'invalidFormat',
    });
    expect(found.addressesRecipient.every((a: { depositor_id: number }) => a.depositor_id === 1)).toBe(true);
    const created = await alice
      .post('/api/dashtower/addresses')
      .send({
        book: 'recipient',
        depositor_id: 1,
        company_name: 'Officine Bellecour',
        contact_name: 'Léa Martin',
        address1: '3 place Bellecour',
        zip: '69002',
        town: 'LYON',
        country: 'fr',
        email: 'lea.martin@client.example',
        mobile: '06 12 34 56 78',
        customer_code: 'API-CLI-1',
        opening_hours: { mon: { am_from: '08:30', am_to: '12:00', pm_from: '14:00', pm_to: '18:00' } },
      })
      .expect(201);
    recipient = created.body.uuid;
    expect(created.body).toMatchObject({ country: 'FR', address_type: 'BOTH', depositor_code: 'DEMO-A', action_delay_on_address: 90 });
    expect((await alice.get(`/api/dashtower/address/check/${recipient}`).expect(200)).body).toEqual({ result: true });
  });

  it('refuses a bad address with a field key and a customer code twice', async () => {
    const bad = await alice
      .post('/api/dashtower/addresses')
      .send({ book: 'recipient', depositor_id: 1, address1: 'x', zip: '1', town: 'T', country: 'FRA', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      key: 'validationFailed',
      fields: { country: 'maxLength', email: 'invalidEmail', company_name: 'required' },
    });
    const twice = await alice.post('/api/dashtower/addresses').send({
      book: 'recipient',
      depositor_id: 1,
      company_name: 'Doublon',
      address1: '1 rue',
      zip: '75011',
      town: 'PARIS',
      country: 'FR',
      customer_code: 'API-CLI-1',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.key).toBe('customerCodeExists');
  });

  it('creates a draft, refuses what validation needs, validates, cancels, restores and duplicates', async () => {
    const draft = await alice
      .post('/api/dashtower/orders')
      .send({
        depositor_id: 1,
        reference: 'API-HUB-1',
        uuid_address_shipper: shipper,
        uuid_address_recipient: recipient,
        packings: [packing],
      })
      .expect(201);
    const uuid = draft.body.uuid as string;
    expect(draft.body).toMatchObject({
      status: 0,
      package_count: 2,
      total_weight_kg: 9,
      recipient: { company_name: 'Officine Bellecour' },
    });

    const same = await alice
      .post('/api/dashtower/orders')
      .send({ depositor_id: 1, reference: 'API-HUB-1', uuid_address_shipper: shipper, uuid_address_recipient: recipient });
    expect(same.status).toBe(409);
    expect(same.body.error.key).toBe('existingReference');

    const noTour = await alice.post(`/api/dashtower/orders/${uuid}/validate`);
    expect(noTour.status).toBe(400);
    expect(noTour.body.error).toMatchObject({ key: 'orderFieldsEmpty', fields: { tour_code: 'required' } });

    const body = {
      depositor_id: 1,
      reference: 'API-HUB-1',
      uuid_address_shipper: shipper,
      uuid_address_recipient: recipient,
      packings: [packing],
      tour_code: 'COLIS-J1',
    };
    await alice
      .put(`/api/dashtower/orders/${uuid}`)
      .send({ ...body, date_shipment_desired: '2020-01-01' })
      .expect(200);
    const past = await alice.post(`/api/dashtower/orders/${uuid}/validate`);
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({ key: 'shippingDateOutOfWindow', params: { maxDays: 10 } });

    await alice
      .put(`/api/dashtower/orders/${uuid}`)
      .send({ ...body, date_shipment_desired: tomorrow(), insurance_value: 1500 })
      .expect(200);
    expect((await alice.post(`/api/dashtower/orders/${uuid}/validate`)).body.error.key).toBe('contentTypeRequired');

    await alice
      .put(`/api/dashtower/orders/${uuid}`)
      .send({ ...body, date_shipment_desired: tomorrow() })
      .expect(200);
    const validated = await alice.post(`/api/dashtower/orders/${uuid}/validate`).expect(200);
    expect(validated.body.status).toBe(10);
    const edit = await alice.put(`/api/dashtower/orders/${uuid}`).send(body);
    expect(edit.status).toBe(409);
    expect(edit.body.error.key).toBe('orderAlreadyInProcess');
    expect((await alice.post(`/api/dashtower/orders/${uuid}/validate`)).body.error.key).toBe('orderAlreadyInProcess');

    expect((await alice.post(`/api/dashtower/orders/${uuid}/cancel`).expect(200)).body.status).toBe(-1);
    const again = await alice.post(`/api/dashtower/orders/${uuid}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ key: 'invalidTransition', params: { from: -1, to: -1 } });
    expect((await alice.post(`/api/dashtower/orders/${uuid}/restore`).expect(200)).body.status).toBe(0);
    const history = (await alice.get(`/api/dashtower/orders/${uuid}/history`).expect(200)).body.map((h: { status: number }) => h.status);
    expect(history).toEqual([0, 5, 10, -1, 0]);

    const copies = await alice.post(`/api/dashtower/orders/${uuid}/duplicate`).send({ count: 3 }).expect(201);
    expect(copies.body.uuids).toHaveLength(3);
    const list = await alice
      .get(`/api/dashtower/orders?filter=${q({ tab: 'waiting', q: 'API-HUB-1' })}&sort=${q(['reference', 'ASC'])}`)
      .expect(200);
    expect(list.body.map((s: { reference: string }) => s.reference)).toEqual(['API-HUB-1', 'API-HUB-1-1', 'API-HUB-1-2', 'API-HUB-1-3']);
    expect(list.headers['content-range']).toBe('dashtower/orders 0-3/4');
    for (const count of [0, 51, 'x']) {
      const refused = await alice.post(`/api/dashtower/orders/${uuid}/duplicate`).send({ count });
      expect(refused.status).toBe(400);
      expect(refused.body.error.key).toBe('validationFailed');
    }
  });

  it('changes the recipient and delivery options as PUT /dashtower/order/{uuid} (spec §7)', async () => {
    const [first] = (await alice.get(`/api/dashtower/orders?filter=${q({ tab: 'waiting', q: 'API-HUB-1' })}`).expect(200)).body;
    const changed = await alice
      .put(`/api/dashtower/order/${first.uuid}`)
      .send({ order: { appointment: 1, hatchback: true, uuid_address_recipient: recipient }, force_recipient: 0 })
      .expect(200);
    expect(changed.body).toMatchObject({ appointment: true, hatchback: true, pallet_stripping: false });
  });

  it('shows each tab and the packaging types, with a warning for a depositor without any', async () => {
    for (const tab of ['waiting', 'ready', 'sent', 'canceled']) {
      const res = await alice.get(`/api/dashtower/orders?filter=${q({ tab })}`).expect(200);
      expect(res.body.length).toBeGreaterThan(0);
    }
    expect((await alice.get('/api/dashtower/packagingTypes/DEMO-A').expect(200)).body.types.map((t: { code: string }) => t.code)).toContain(
      'EURO',
    );
    expect((await alice.get('/api/dashtower/packagingTypes/NOPE').expect(200)).body).toEqual({ types: [], warning: 'noPackagingType' });
  });

  it('keeps another depositor out: not listed, 404 on read and change', async () => {
    const [mine] = (await alice.get(`/api/dashtower/orders?filter=${q({ q: 'API-HUB-1' })}`).expect(200)).body;
    const seen = (await other.get(`/api/dashtower/orders?filter=${q({ q: 'API-HUB-1' })}`).expect(200)).body;
    expect(seen).toEqual([]);
    expect((await other.get(`/api/dashtower/orders/${mine.uuid}`)).body.error.key).toBe('orderNotFound');
    for (const action of ['validate', 'cancel', 'restore'])
      expect((await other.post(`/api/dashtower/orders/${mine.uuid}/${action}`)).status).toBe(404);
    expect((await other.put(`/api/dashtower/order/${mine.uuid}`).send({ order: { appointment: 0 } })).status).toBe(404);
    expect((await other.get(`/api/dashtower/addresses/${recipient}`)).status).toBe(404);
    expect((await other.get(`/api/dashtower/address/check/${recipient}`)).status).toBe(404);
    expect((await other.get('/api/dashtower/packagingTypes/DEMO-A').expect(200)).body).toEqual({ types: [], warning: 'noPackagingType' });
    const all = (await other.get('/api/dashtower/address/all?type=recipient&limit=200').expect(200)).body.addressesRecipient;
    expect(all.every((a: { depositor_id: number }) => a.depositor_id === 2)).toBe(true);
    const foreign = await other
      .post('/api/dashtower/orders')
      .send({ depositor_id: 1, uuid_address_shipper: shipper, uuid_address_recipient: recipient });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.key).toBe('depositorNotFound');
    expect((await alice.get(`/api/dashtower/orders/${mine.uuid}`).expect(200)).body.appointment).toBe(true);
  });

  it('answers hostile ids and bodies with 400, never 5xx', async () => {
    for (const id of ['1', 'x%00y', "' OR 1=1 --"]) {
      const res = await alice.get(`/api/dashtower/orders/${encodeURIComponent(id)}`);
      expect([id, res.status, res.body.error?.key]).toEqual([id, 400, 'validationFailed']);
    }
    expect((await alice.get(`/api/dashtower/orders/${'a'.repeat(5000)}`)).status).toBe(404);
    const nul = await alice
      .post('/api/dashtower/orders')
      .send({ depositor_id: 1, reference: 'A\u0000B', uuid_address_shipper: shipper, uuid_address_recipient: recipient });
    expect(nul.status).toBe(400);
    const deep = await alice.post('/api/dashtower/orders').send({ depositor_id: 1, packings: [{ content: { a: { b: { c: [1] } } } }] });
    expect(deep.status).toBe(400);
    expect((await request(target.url).get('/api/dashtower/orders')).status).toBe(401);
  });
});
