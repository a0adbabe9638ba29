import { Client } from 'pg';
import { Role } from '@portal/contracts';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/**
 * Loop order entry through the gateway (all-in-one, and distributed on NATS): a draft entered against
 * the depositor's stock, edited, submitted, integrated by the demo warehouse (the quantities reserved
 * in My Stocks) or rejected with its reason; each §8 Loop key; another depositor's user neither
 * seeing nor changing a Loop order.
 */
describe('Loop API', () => {
  let target: ApiTarget;
  let alice: Awaited<ReturnType<typeof loginAs>>;
  let other: Awaited<ReturnType<typeof loginAs>>;
  let noRight: Awaited<ReturnType<typeof loginAs>>;
  let recipient: string;
  let article: { reference: string; available: number };
  const spare = { reference: 'LOOP-API-3', available: 100 };
  const PLATFORM = 1;
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    alice = await loginAs(target, 'alice');
    await addUser(target, { login: 'loop-b', roles: [Role.DASHTOWER_USER, Role.USER_CREATE_LOOP_ORDER], depositorIds: [2] });
    other = await loginAs(target, 'loop-b');
    await addUser(target, { login: 'loop-a-reader', roles: [Role.DASHTOWER_USER, Role.STOCK_USER], depositorIds: [1] });
    noRight = await loginAs(target, 'loop-a-reader');
    // Its own recipient: the distributed deployment loads no demo data.
    recipient = (
      await alice
        .post('/api/dashtower/addresses')
        .send({
          book: 'recipient',
          depositor_id: 1,
          company_name: 'Officine Loop',
          address1: '3 place Bellecour',
          zip: '69002',
          town: 'LYON',
          country: 'FR',
        })
        .expect(201)
    ).body.uuid;
    // The warehouse's stock of two articles of DEMO-A on platform 1 (the demo stock loads in the background).
    const stock = new Client({ connectionString: target.databaseUrl('stock') });
    await stock.connect();
    await stock.query(`INSERT INTO depositors (id, code) VALUES (1, 'DEMO-A') ON CONFLICT (id) DO NOTHING`);
    await stock.query(`INSERT INTO items (depositor_id, depositor_code, reference, label, barcode) VALUES
      (1, 'DEMO-A', 'LOOP-API-1', 'Sérum Loop 30 ml', '3799000000011'), (1, 'DEMO-A', 'LOOP-API-2', 'Baume Loop sans stock', NULL),
      (1, 'DEMO-A', 'LOOP-API-3', 'Lait Loop 200 ml', NULL)`);
    await stock.query(`INSERT INTO stock_lines (depositor_id, depositor_code, platform_id, reference, label, lot, best_before, quantity_in_stock, quantity_available)
      VALUES (1, 'DEMO-A', ${PLATFORM}, 'LOOP-API-1', 'Sérum Loop 30 ml', 'L2', '2031-01-01', 10, 10),
             (1, 'DEMO-A', ${PLATFORM}, 'LOOP-API-1', 'Sérum Loop 30 ml', 'L1', '2030-01-01', 6, 6),
             (1, 'DEMO-A', ${PLATFORM}, 'LOOP-API-3', 'Lait Loop 200 ml', 'L1', NULL, 100, 100)`);
    await stock.end();
    article = { reference: 'LOOP-API-1', available: 16 };
  }, 90000);
  afterAll(() => target?.close());

  const draft = (lines: object[], extra: object = {}) =>
    alice
      .post('/api/dashtower/loop-orders')
      .send({ depositor_id: 1, platform_id: PLATFORM, uuid_address_recipient: recipient, lines, ...extra });
  const available = async (reference: string) =>
    (await alice.get(`/api/dashtower/loop/check-line?depositor_id=1&platform_id=${PLATFORM}&reference=${reference}&quantity=1`).expect(200))
      .body.available as number;
  const settled = async (uuid: string) => {
    for (let i = 0; i < 100; i++) {
      const o = (await alice.get(`/api/dashtower/loop-orders/${uuid}`).expect(200)).body;
      if (o.status !== 'submitted') return o;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the warehouse did not answer');
  };
  const reserved = async (reference: string) => {
    const page = (await alice.get(`/api/stock?filter=${q({ reference, depositor: 1, platform: PLATFORM })}&range=[0,99]`).expect(200)).body;
    return page
      .filter((l: { reference: string }) => l.reference === reference)
      .reduce((s: number, l: { quantityReserved: number }) => s + l.quantityReserved, 0) as number;
  };

  it('finds articles of My Items with the quantity available on the platform', async () => {
    expect(article).toBeDefined();
    const found = (
      await alice.get(`/api/dashtower/loop/articles?depositor_id=1&platform_id=${PLATFORM}&search=${article.reference}`).expect(200)
    ).body;
    expect(found[0]).toMatchObject({ reference: article.reference, available: article.available });
  });

  it('offers only the platforms where the depositor has stock, with its articles available there', async () => {
    const offered = (await alice.get('/api/dashtower/loop/platforms?depositor_id=1').expect(200)).body as {
      platform_id: number;
      available_articles: number;
    }[];
    // Platform 1 holds the test's stock (two articles with a quantity); a platform without any line of DEMO-A is not offered.
    expect(offered.find((p) => p.platform_id === PLATFORM)?.available_articles).toBeGreaterThanOrEqual(2);
    const stock = new Client({ connectionString: target.databaseUrl('stock') });
    await stock.connect();
    try {
      const { rows } = await stock.query<{ platform_id: number }>('SELECT DISTINCT platform_id FROM stock_lines WHERE depositor_id = 1');
      expect(offered.map((p) => p.platform_id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.platform_id).sort((a, b) => a - b));
    } finally {
      await stock.end();
    }
    expect((await alice.get('/api/dashtower/loop/platforms').expect(400)).body.error).toMatchObject({
      key: 'validationFailed',
      fields: { depositor_id: 'required' },
    });
    expect((await alice.get('/api/dashtower/loop/platforms?depositor_id=%00').expect(400)).body.error.key).toBe('validationFailed');
    // Another depositor's platforms are not told.
    expect((await other.get('/api/dashtower/loop/platforms?depositor_id=1').expect(404)).body.error.key).toBe('depositorNotFound');
    await noRight.get('/api/dashtower/loop/platforms?depositor_id=1').expect(403);
  });

  it('refuses an article search without a depositor or platform id (400 at the gateway, nothing looked up), even for ADMIN', async () => {
    const admin = await loginAs(target, 'admin');
    for (const client of [admin, alice]) {
      const fields = async (query: string) =>
        (await client.get(`/api/dashtower/loop/articles?${query}`).expect(400)).body.error as { key: string; fields: object };
      expect(await fields(`platform_id=${PLATFORM}`)).toMatchObject({ key: 'validationFailed', fields: { depositor_id: 'required' } });
      expect(await fields(`depositor_id=abc&platform_id=${PLATFORM}`)).toMatchObject({ fields: { depositor_id: 'integer' } });
      expect(await fields('depositor_id=1&platform_id=1.5')).toMatchObject({ fields: { platform_id: 'integer' } });
      expect(await fields(`depositor_id=0&platform_id=${PLATFORM}`)).toMatchObject({ fields: { depositor_id: 'min' } });
    }
  });

  it('enters a draft, edits it, submits it; the warehouse integrates it and My Stocks shows the quantity reserved', async () => {
    const before = await reserved(article.reference);
    const created = (await draft([{ reference: article.reference, quantity: 1 }]).expect(201)).body;
    expect(created).toMatchObject({ status: 'draft', depositor_id: 1, platform_id: PLATFORM, line_count: 1, total_quantity: 1 });
    expect(created.reference).toMatch(/^LP\d{8}$/);
    const edited = (
      await alice
        .put(`/api/dashtower/loop-orders/${created.uuid}`)
        .send({
          platform_id: PLATFORM,
          uuid_address_recipient: recipient,
          customer_reference: 'CDE-42',
          lines: [{ reference: article.reference, quantity: '3' }],
        })
        .expect(200)
    ).body;
    expect(edited).toMatchObject({ customer_reference: 'CDE-42', total_quantity: 3 });
    expect(edited.lines[0].label).toBeTruthy();
    const drafts = (await alice.get(`/api/dashtower/loop-orders?filter=${q({ tab: 'drafts' })}`).expect(200)).body;
    expect(drafts.map((o: { uuid: string }) => o.uuid)).toContain(created.uuid);
    const submitted = (await alice.post(`/api/dashtower/loop-orders/${created.uuid}/submit`).expect(201)).body;
    expect(submitted.status).toBe('submitted');
    expect(
      (await alice.put(`/api/dashtower/loop-orders/${created.uuid}`).send({ platform_id: PLATFORM, lines: [] }).expect(409)).body.error.key,
    ).toBe('orderAlreadyInProcess');
    expect((await settled(created.uuid)).status).toBe('integrated');
    expect(await reserved(article.reference)).toBe(before + 3);
    expect(await available(article.reference)).toBe(article.available - 3);
    const integrated = (await alice.get(`/api/dashtower/loop-orders?filter=${q({ tab: 'integrated' })}`).expect(200)).body;
    expect(integrated.map((o: { uuid: string }) => o.uuid)).toContain(created.uuid);
  });

  it('rejects, at submit or at the warehouse, what is no longer available, with the reason', async () => {
    const now = await available(article.reference);
    const first = (await draft([{ reference: article.reference, quantity: now }]).expect(201)).body;
    const second = (await draft([{ reference: article.reference, quantity: now }]).expect(201)).body;
    // Both drafts fit on their own; submitted together, the warehouse can integrate only one.
    const answers = await Promise.all([first, second].map((o) => alice.post(`/api/dashtower/loop-orders/${o.uuid}/submit`)));
    const outcomes = await Promise.all(
      answers.map(async (answer, i) => {
        if (answer.status === 422) return answer.body.error.key as string;
        expect(answer.status).toBe(201);
        const o = await settled([first, second][i].uuid);
        return o.status === 'rejected' ? `rejected:${o.reject_key}:${o.reject_params.reference}` : o.status;
      }),
    );
    expect(outcomes.filter((o) => o === 'integrated')).toHaveLength(1);
    expect([`rejected:loopAvailableQuantityExceeded:${article.reference}`, 'loopAvailableQuantityExceeded']).toContain(
      outcomes.find((o) => o !== 'integrated'),
    );
    expect(await available(article.reference)).toBe(0);
    // Now nothing is left: a submit is refused before it reaches the warehouse.
    const third = (
      await alice
        .post('/api/dashtower/loop-orders')
        .send({ depositor_id: 1, platform_id: PLATFORM, uuid_address_recipient: recipient, lines: [] })
        .expect(201)
    ).body;
    await alice
      .put(`/api/dashtower/loop-orders/${third.uuid}`)
      .send({ platform_id: PLATFORM, lines: [{ reference: article.reference, quantity: 1 }] })
      .expect(422);
    const refused = (await alice.post(`/api/dashtower/loop-orders/${third.uuid}/submit`).expect(400)).body.error;
    expect(refused).toMatchObject({ key: 'validationFailed', fields: { lines: 'required' } });
  });

  it('answers each §8 Loop key', async () => {
    const zero = (await draft([{ reference: spare.reference, quantity: 0 }]).expect(400)).body.error;
    expect(zero).toMatchObject({ key: 'loopInvalidQuantity', fields: { 'lines.0.quantity': 'min' } });
    expect((await draft([{ reference: spare.reference, quantity: 1.5 }]).expect(400)).body.error.key).toBe('loopInvalidQuantity');
    expect((await draft([{ reference: spare.reference, quantity: 'abc' }]).expect(400)).body.error.key).toBe('loopInvalidQuantity');
    const tooMany = (await draft([{ reference: spare.reference, quantity: 999_999 }]).expect(422)).body.error;
    expect(tooMany).toMatchObject({ key: 'loopAvailableQuantityExceeded', fields: { 'lines.0.quantity': 'max' } });
    const line = (
      await alice
        .get(`/api/dashtower/loop/check-line?depositor_id=1&platform_id=${PLATFORM}&reference=${spare.reference}&quantity=0`)
        .expect(200)
    ).body;
    expect(line.key).toBe('loopInvalidQuantity');
    const none = (await draft([{ reference: 'LOOP-API-2', quantity: 1 }]).expect(422)).body.error;
    expect(none).toMatchObject({ key: 'loopAvailableQuantityExceeded', params: { reference: 'LOOP-API-2', available: 0 } });
    // Two lines of one article add up against what is available.
    const twice = [
      { reference: spare.reference, quantity: 60 },
      { reference: spare.reference, quantity: 41 },
    ];
    expect((await draft(twice).expect(422)).body.error.fields).toEqual({ 'lines.1.quantity': 'max' });
    const nowhere = (await draft([{ reference: spare.reference, quantity: 1 }], { platform_id: 12 }).expect(422)).body.error;
    expect(nowhere).toMatchObject({ key: 'loopDepositorNotOnPlatform', fields: { platform_id: 'invalidFormat' } });
    const badRecipient = (
      await draft([{ reference: spare.reference, quantity: 1 }], {
        uuid_address_recipient: undefined,
        new_recipient: { company_name: 'Sans adresse' },
      }).expect(422)
    ).body.error;
    expect(badRecipient.key).toBe('loopRecipientSaveFailed');
    expect(badRecipient.fields).toMatchObject({ address1: 'required' });
    expect((await draft([{ reference: 'NOT-AN-ITEM', quantity: 1 }]).expect(400)).body.error.fields).toEqual({
      'lines.0.reference': 'invalidFormat',
    });
  });

  it('saves a new recipient into the address book', async () => {
    const created = (
      await draft([{ reference: spare.reference, quantity: 1 }], {
        uuid_address_recipient: undefined,
        new_recipient: { company_name: 'Pharmacie Loop', address1: '1 rue de la Paix', zip: '75002', town: 'PARIS', country: 'FR' },
      }).expect(201)
    ).body;
    expect(created.recipient).toMatchObject({ company_name: 'Pharmacie Loop', town: 'PARIS' });
    const book = (await alice.get(`/api/dashtower/address/all?type=recipient&depositor=1&search=Pharmacie Loop`).expect(200)).body;
    expect(book.addressesRecipient.map((a: { uuid: string }) => a.uuid)).toContain(created.recipient_uuid);
    await alice.delete(`/api/dashtower/loop-orders/${created.uuid}`).expect(200);
    expect((await alice.get(`/api/dashtower/loop-orders/${created.uuid}`).expect(404)).body.error.key).toBe('orderNotFound');
  });

  it('needs USER_CREATE_LOOP_ORDER', async () => {
    await noRight.get('/api/dashtower/loop-orders').expect(403);
    await noRight.post('/api/dashtower/loop-orders').send({ depositor_id: 1, platform_id: PLATFORM, lines: [] }).expect(403);
  });

  it('another depositor’s user can neither see nor change a Loop order', async () => {
    const mine = (await draft([{ reference: spare.reference, quantity: 1 }]).expect(201)).body;
    const theirs = (await other.get('/api/dashtower/loop-orders').expect(200)).body;
    expect(theirs.every((o: { depositor_id: number }) => o.depositor_id === 2)).toBe(true);
    expect((await other.get(`/api/dashtower/loop-orders/${mine.uuid}`).expect(404)).body.error.key).toBe('orderNotFound');
    await other.put(`/api/dashtower/loop-orders/${mine.uuid}`).send({ platform_id: PLATFORM, lines: [] }).expect(404);
    await other.post(`/api/dashtower/loop-orders/${mine.uuid}/submit`).expect(404);
    await other.delete(`/api/dashtower/loop-orders/${mine.uuid}`).expect(404);
    expect(
      (await other.post('/api/dashtower/loop-orders').send({ depositor_id: 1, platform_id: PLATFORM, lines: [] }).expect(404)).body.error
        .key,
    ).toBe('depositorNotFound');
    expect((await other.get(`/api/dashtower/loop/articles?depositor_id=1&platform_id=${PLATFORM}`).expect(404)).body.error.key).toBe(
      'depositorNotFound',
    );
    expect((await alice.get(`/api/dashtower/loop-orders/${mine.uuid}`).expect(200)).body.status).toBe('draft');
  });
});
