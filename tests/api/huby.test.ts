import { Client } from 'pg';
import request from 'supertest';
import { Role } from '@portal/contracts';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';
import { waitForMail } from '../support/smtp';
import { canReadLabels, pdfPages, readBarcodes, zplPages } from '../support/read-barcodes';

/**
 * Dashtower/Huby through the gateway (all-in-one, and distributed on NATS): address books, a draft
 * shipment created, refused, validated, canceled, restored and duplicated, each move checked against
 * the transition table, and another depositor's user neither seeing nor changing any of it.
 */
describe('Huby API', () => {
  let target: ApiTarget;
  let alice: Awaited<ReturnType<typeof loginAs>>;
  let other: Awaited<ReturnType<typeof loginAs>>;
  let noDangerousGoods: Awaited<ReturnType<typeof loginAs>>;
  let reader: Awaited<ReturnType<typeof loginAs>>;
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  let shipper: string;
  let recipient: string;

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    alice = await loginAs(target, 'alice');
    await addUser(target, { login: 'huby-b', roles: [Role.DASHTOWER_USER, Role.USER_CREATE_HUBY_ORDER], depositorIds: [2] });
    other = await loginAs(target, 'huby-b');
    await addUser(target, { login: 'huby-b-reader', roles: [Role.DASHTOWER_USER], depositorIds: [2] });
    await addUser(target, { login: 'huby-b-no-adr', roles: [Role.DASHTOWER_USER, Role.USER_CREATE_HUBY_ORDER], depositorIds: [2] });
    noDangerousGoods = await loginAs(target, 'huby-b-no-adr');
    reader = await loginAs(target, 'huby-b-reader');
  }, 90000);
  afterAll(() => target?.close());

  const packing = { packaging_type: 'CARTON-M', weight_kg: 4.5, length_cm: 40, width_cm: 30, height_cm: 30, packages: 2 };
  /** A DEMO-A draft on the parcel tour, from the addresses the first test made. */
  const draft = async (reference: string, extra: object = {}, to = recipient): Promise<string> =>
    (
      await alice
        .post('/api/dashtower/orders')
        .send({
          depositor_id: 1,
          reference,
          uuid_address_shipper: shipper,
          uuid_address_recipient: to,
          packings: [packing],
          tour_code: 'COLIS-J1',
          date_shipment_desired: tomorrow(),
          ...extra,
        })
        .expect(201)
    ).body.uuid as string;

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

  it('offers the tours that fit, and refuses an unknown tour, one without account number, one that does not fit', async () => {
    const create = async (reference: string, packings: object[], extra: object = {}) =>
      (
        await alice
          .post('/api/dashtower/orders')
          .send({ depositor_id: 1, reference, uuid_address_shipper: shipper, uuid_address_recipient: recipient, packings, ...extra })
          .expect(201)
      ).body.uuid as string;
    const light = await create('API-TOUR-1', [packing], { date_shipment_desired: tomorrow() });
    const offered = (await alice.get(`/api/dashtower/orders/${light}/tours`).expect(200)).body;
    expect(offered.tours.map((t: { code: string }) => t.code).sort()).toEqual(['COLIS-EXP', 'COLIS-J1']);
    expect(offered.tours[0].carrier.ref).toMatch(/COLISSIMO|CHRONOPOST/);

    const tryTour = async (tour_code: string) => {
      await alice
        .put(`/api/dashtower/orders/${light}`)
        .send({
          depositor_id: 1,
          reference: 'API-TOUR-1',
          uuid_address_shipper: shipper,
          uuid_address_recipient: recipient,
          packings: [packing],
          tour_code,
          date_shipment_desired: tomorrow(),
        })
        .expect(200);
      return alice.post(`/api/dashtower/orders/${light}/validate`);
    };
    expect((await tryTour('NOPE')).body.error).toMatchObject({ key: 'tourNotFound', fields: { tour_code: 'invalidFormat' } });
    expect((await tryTour('AFFRET-IDF')).body.error.key).toBe('tourAccountNumberEmpty');
    const pallet = (await tryTour('PAL-MESS')).body.error;
    expect(pallet).toMatchObject({ key: 'validationFailed', fields: { tour_code: 'invalidFormat' }, params: { reasons: ['weight_min'] } });
    expect(pallet.params.tours.sort()).toEqual(['COLIS-EXP', 'COLIS-J1']);
    expect((await tryTour('COLIS-J1')).status).toBe(200);

    const heavy = await create('API-TOUR-2', [{ ...packing, weight_kg: 30000, packages: 1 }], { tour_code: 'COLIS-J1' });
    expect((await alice.get(`/api/dashtower/orders/${heavy}/tours`).expect(200)).body).toEqual({ tours: [], warning: 'noToursAvailable' });
    const none = await alice.post(`/api/dashtower/orders/${heavy}/validate`);
    expect(none.status).toBe(422);
    expect(none.body.error).toMatchObject({ key: 'noToursAvailable', params: { reasons: ['weight_max'] } });

    // The 10-day window is Colissimo's rule; Chronopost takes a shipment 15 days ahead.
    const later = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
    const chrono = await create('API-TOUR-3', [packing], { tour_code: 'COLIS-EXP', date_shipment_desired: later });
    expect((await alice.post(`/api/dashtower/orders/${chrono}/validate`).expect(200)).body.status).toBe(10);
  });

  it('asks the carrier for labels: voucher and tracking numbers, refusals back to validated, insurance by mail', async () => {
    const validated = async (reference: string, extra: object = {}, to = recipient) => {
      const uuid = await draft(reference, extra, to);
      await alice.post(`/api/dashtower/orders/${uuid}/validate`).expect(200);
      return uuid;
    };
    const ok = await validated('API-LBL-1');
    const labels = (await alice.post(`/api/dashtower/orders/${ok}/labels`).expect(200)).body;
    expect(labels.status).toBe(25);
    expect(labels.voucher).toMatch(/^COL0123456\d{8}$/);
    expect(labels.tracking_numbers).toHaveLength(2);
    expect((await alice.post(`/api/dashtower/orders/${ok}/labels`)).body.error.key).toBe('invalidTransition');

    const refused = await validated('API-LBL-2-KO');
    const answer = await alice.post(`/api/dashtower/orders/${refused}/labels`);
    expect(answer.status).toBe(502);
    expect(answer.body.error).toMatchObject({ key: 'voucherCreationFailed', params: { code: 'E-1042' } });
    const after = (await alice.get(`/api/dashtower/orders/${refused}`).expect(200)).body;
    expect(after).toMatchObject({ status: 10, voucher: null, tracking_numbers: [] });
    const history = (await alice.get(`/api/dashtower/orders/${refused}/history`).expect(200)).body as { status: number; note: string }[];
    expect(history.slice(-2).map((h) => h.status)).toEqual([20, 10]);
    expect(history[history.length - 1].note).toContain('voucherCreationFailed E-1042');

    const lyonIn75 = (
      await alice
        .post('/api/dashtower/addresses')
        .send({
          book: 'recipient',
          depositor_id: 1,
          company_name: 'Erreur de CP',
          address1: '3 place Bellecour',
          zip: '75011',
          town: 'LYON',
          country: 'FR',
          email: 'a@b.example',
          mobile: '0612345678',
        })
        .expect(201)
    ).body.uuid;
    const mismatch = await validated('API-LBL-3', {}, lyonIn75);
    expect((await alice.post(`/api/dashtower/orders/${mismatch}/labels`)).body.error.key).toBe('addressNotReferenced');

    const since = Date.now();
    const insured = await validated('API-LBL-4', { insurance_value: 2500, content_description: 'Parfums' });
    expect((await alice.post(`/api/dashtower/orders/${insured}/labels`).expect(200)).body.status).toBe(25);
    const mail = await waitForMail(target.mailbox, 'enlevements@colissimo.example', { since, match: (m) => m.text.includes('API-LBL-4') });
    expect(mail.text).toContain('2500');
    expect((await other.post(`/api/dashtower/orders/${insured}/labels`)).status).toBe(404);
  });

  it('tracks a shipment with labels in Pack and Go Tracer and Tracer Route, moved by its carrier through the signed webhook', async () => {
    const created = async (reference: string) => {
      const uuid = await draft(reference, { order_number: `CDE-${reference}` });
      await alice.post(`/api/dashtower/orders/${uuid}/validate`).expect(200);
      return (await alice.post(`/api/dashtower/orders/${uuid}/labels`).expect(200)).body as { uuid: string; tracking_numbers: string[] };
    };
    const tracked = async (reference: string, until: (o: { status: number; tracerStatus: string }) => boolean) => {
      for (let i = 0; i < 150; i++) {
        const [row] = (await alice.get(`/api/orders?filter=${q({ q: reference })}`).expect(200)).body;
        if (row && until(row)) return row as { id: number; status: number; tracerStatus: string; reference: string };
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${reference} not tracked as expected`);
    };
    const shipment = await created(`API-TRK-${Date.now() % 100000}`);
    const reference = (await alice.get(`/api/dashtower/orders/${shipment.uuid}`).expect(200)).body.reference as string;
    // Labelled: a tracking order, ready to ship, with one parcel per package and their tracking numbers.
    const ready = await tracked(reference, (o) => o.status === 70);
    const detail = (await alice.get(`/api/orders/${ready.id}`).expect(200)).body;
    expect(detail.trackingNumbers).toEqual(shipment.tracking_numbers);
    expect(detail.parcels).toHaveLength(2);
    expect(detail.recipient).toMatchObject({ zip: '69002', town: 'LYON' });
    // Its transport document among the tracking order's documents.
    expect(detail.documents).toContainEqual(expect.objectContaining({ type: 'DELIVERY_NOTE', name: `${reference}-transport.pdf` }));
    // Another depositor's user does not see it in tracking either.
    const bob = await loginAs(target, 'bob');
    expect((await bob.get(`/api/orders?filter=${q({ q: reference })}`).expect(200)).body).toEqual([]);
    expect((await bob.get(`/api/orders/${ready.id}`)).status).toBe(404);
    // The carrier's clock, a day on (what an operator would wait for): picked up, in transit, delivered.
    const db = new Client({ connectionString: target.databaseUrl('huby') });
    await db.connect();
    await db.query(`UPDATE shipments SET labels_at = now() - interval '1 day', date_shipment_desired = current_date - 1 WHERE uuid = $1`, [
      shipment.uuid,
    ]);
    await db.end();
    const delivered = await tracked(reference, (o) => o.status === 100);
    expect(delivered.tracerStatus).toBe('DELIVERED');
    const events = (await alice.get(`/api/orders/${ready.id}`).expect(200)).body.tracerEvents as { carrierStatus: string }[];
    expect(events.map((e) => e.carrierStatus)).toEqual(expect.arrayContaining(['PICKED_UP', 'IN_TRANSIT', 'DELIVERED']));
    let history: { status: number; note: string }[] = [];
    for (let i = 0; i < 100 && !history.some((h) => h.status === 100); i++) {
      await new Promise((r) => setTimeout(r, 100));
      history = (await alice.get(`/api/dashtower/orders/${shipment.uuid}/history`).expect(200)).body;
    }
    expect(history.filter((h) => h.status >= 90)).toEqual([
      expect.objectContaining({ status: 90, note: expect.stringContaining('COLISSIMO: PICKED_UP') }),
      expect.objectContaining({ status: 95, note: expect.stringContaining('COLISSIMO: IN_TRANSIT') }),
      expect.objectContaining({ status: 100, note: expect.stringContaining('COLISSIMO: DELIVERED') }),
    ]);
    expect((await alice.get(`/api/dashtower/orders/${shipment.uuid}`).expect(200)).body.status).toBe(100);
    // Canceled after its labels: canceled in tracking too.
    const canceled = await created(`API-TRK-C${Date.now() % 100000}`);
    const canceledReference = (await alice.get(`/api/dashtower/orders/${canceled.uuid}`).expect(200)).body.reference as string;
    await tracked(canceledReference, (o) => o.status === 70);
    await alice.post(`/api/dashtower/orders/${canceled.uuid}/cancel`).expect(200);
    expect((await tracked(canceledReference, (o) => o.status === -1)).status).toBe(-1);
  }, 60000);

  it('prints labels in PDF and ZPL: 1 to 10 shipments in one format, reprint, auto-print and the printed status (spec §3, §5, §7)', async () => {
    type Detail = { uuid: string; reference: string; packages: { n: number; of: number; sscc: string; tracking_number: string }[] };
    const suffix = Date.now() % 100000;
    const labelled = async (reference: string, extra: object = {}) => {
      const uuid = await draft(reference, extra);
      await alice.post(`/api/dashtower/orders/${uuid}/validate`).expect(200);
      return (await alice.post(`/api/dashtower/orders/${uuid}/labels`).expect(200)).body as {
        uuid: string;
        reference: string;
        tracking_numbers: string[];
      };
    };
    const adr = {
      un_number: '1263',
      class: '3',
      packing_group: 'III',
      tunnel_code: 'D/E',
      transport_category: 3,
      adr_designation: 'PEINTURES',
      package_quantity: 40,
      environment_danger: false,
    };
    const a = await labelled(`API-ETQ-A${suffix}`);
    const b = await labelled(`API-ETQ-B${suffix}`, { dangerous_goods: [adr] });
    const etiquettes = (query: string, as = alice) => as.get(`/api/dashtower/orders/etiquettes?${query}`);
    const both = `uuid_orders[]=${a.uuid}&uuid_orders[]=${b.uuid}`;

    // PDF: an A6 page per package, its SSCC (GS1-128) and tracking number (Code 128) read back.
    const pdf = (await etiquettes(`${both}&format=PDF`).expect(200)).body;
    expect(pdf).toMatchObject({ success: true, errorsFront: [], etiquettes: { refs: { [a.uuid]: a.reference, [b.uuid]: b.reference } } });
    const details = pdf.etiquettes.PDF.details as Detail[];
    expect(details.map((d) => d.packages.map((p) => p.tracking_number))).toEqual([a.tracking_numbers, b.tracking_numbers]);
    const packages = details.flatMap((d) => d.packages);
    for (const p of packages) expect(p.sscc).toMatch(/^0\d{17}$/);
    const pdfBytes = Buffer.from(pdf.etiquettes.PDF.b64merged, 'base64');
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (canReadLabels) {
      const pages = pdfPages(pdfBytes, 150);
      expect(pages).toHaveLength(4);
      pages.forEach((page, i) => {
        const codes = readBarcodes(page);
        expect(codes.find((c) => c.gs1)?.data).toBe(`00${packages[i].sscc}`);
        expect(codes.find((c) => !c.gs1)?.data).toBe(packages[i].tracking_number);
      });
    }
    // ZPL: the same packages, the same SSCCs (kept from the first print), one ^XA…^XZ per label.
    const zpl = (await etiquettes(`${both}&format=zpl`).expect(200)).body;
    expect((zpl.etiquettes.ZPL.details as Detail[]).flatMap((d) => d.packages)).toEqual(packages);
    const zplText = Buffer.from(zpl.etiquettes.ZPL.b64merged, 'base64').toString('utf8');
    expect(zplText.match(/\^XA/g)).toHaveLength(4);
    if (canReadLabels) {
      const [first] = await zplPages(zplText.slice(0, zplText.indexOf('^XZ') + 3));
      expect(
        readBarcodes(first)
          .map((c) => c.data)
          .sort(),
      ).toEqual([`00${packages[0].sscc}`, packages[0].tracking_number].sort());
    }
    // Reprint of one package in a chosen format.
    const one = (await etiquettes(`uuid_orders[]=${b.uuid}&format=ZPL&sscc[]=${packages[3].sscc}`).expect(200)).body;
    expect((one.etiquettes.ZPL.details as Detail[])[0].packages).toEqual([packages[3]]);

    // Refusals with their §8 keys.
    expect((await etiquettes('').expect(422)).body.error.key).toBe('noShipmentsToPrint');
    const eleven = Array.from({ length: 11 }, (_, i) => `uuid_orders[]=00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join('&');
    expect((await etiquettes(eleven).expect(400)).body.error).toMatchObject({ key: 'labelLimitExceeded', params: { max: 10 } });
    expect((await etiquettes(`${both}&format=EPL`).expect(400)).body.error.key).toBe('unknownReprintFormat');
    expect((await etiquettes('uuid_orders[]=not-a-uuid').expect(400)).body.error.key).toBe('validationFailed');
    const notYet = await draft(`API-ETQ-D${suffix}`);
    expect((await etiquettes(`uuid_orders[]=${notYet}`).expect(422)).body.error.key).toBe('noShipmentsToPrint');
    const mixed = (await etiquettes(`uuid_orders[]=${notYet}&uuid_orders[]=${a.uuid}`).expect(200)).body;
    expect(mixed.errorsFront).toEqual([
      { key: 'labelsNotPrintable', color: 'warning', parameters: { references: [`API-ETQ-D${suffix}`] } },
    ]);
    expect(mixed.etiquettes.PDF.details).toHaveLength(1);
    // Another depositor's user: not found, never printed.
    expect((await etiquettes(both, other).expect(404)).body.error.key).toBe('orderNotFound');
    // A carrier that gives PDF only: its labels cannot go with ZPL ones.
    const db = new Client({ connectionString: target.databaseUrl('huby') });
    await db.connect();
    try {
      await db.query(`UPDATE carriers SET settings = settings || '{"label_formats": "PDF"}' WHERE ref = 'COLISSIMO'`);
      const refused = (await etiquettes(`${both}&format=ZPL`).expect(409)).body.error;
      expect(refused).toMatchObject({ key: 'mixedLabelFormats', params: { format: 'ZPL', references: [a.reference, b.reference] } });
      const ignored = (await alice.get('/api/dashtower/orders/etiquettes/autoprint/ZPL').expect(200)).body;
      expect(ignored.errorsFront).toContainEqual(
        expect.objectContaining({
          key: 'labelFormatIgnored',
          parameters: expect.objectContaining({ format: 'ZPL', references: expect.arrayContaining([a.reference]) }),
        }),
      );
    } finally {
      await db.query(`UPDATE carriers SET settings = settings - 'label_formats' WHERE ref = 'COLISSIMO'`);
      await db.query(`UPDATE shipments SET print_claimed_until = NULL`);
      await db.end();
    }

    // Auto-print: the oldest labels not printed, each shipment once (a second tick does not get them), then printed.
    expect((await alice.get('/api/dashtower/orders/etiquettes/autoprint/EPL').expect(400)).body.error.key).toBe('invalidLabelFormat');
    const seen = new Set<string>();
    for (let round = 0; round < 20 && !(seen.has(a.uuid) && seen.has(b.uuid)); round++) {
      const tick = (await alice.get('/api/dashtower/orders/etiquettes/autoprint/PDF').expect(200)).body;
      const uuids = Object.keys(tick.etiquettes.refs);
      expect(uuids.length).toBeGreaterThan(0);
      expect(uuids.length).toBeLessThanOrEqual(10);
      for (const u of uuids) {
        expect(seen.has(u)).toBe(false);
        seen.add(u);
      }
      const again = (await alice.get('/api/dashtower/orders/etiquettes/autoprint/PDF').expect(200)).body;
      expect(Object.keys(again.etiquettes.refs).filter((u) => uuids.includes(u))).toEqual([]);
      const printed = (await alice.put('/api/dashtower/orders/status/await_shipment_printed').send({ orders: uuids }).expect(200)).body;
      // Moved, or already taken in charge by a carrier scan meanwhile (then unchanged).
      expect(printed.moved.length + printed.unchanged.length).toBe(uuids.length);
      for (const u of Object.keys(again.etiquettes.refs)) seen.add(u);
      if (Object.keys(again.etiquettes.refs).length)
        await alice
          .put('/api/dashtower/orders/status/await_shipment_printed')
          .send({ orders: Object.keys(again.etiquettes.refs) })
          .expect(200);
    }
    expect((await alice.get(`/api/dashtower/orders/${a.uuid}`).expect(200)).body.status).toBe(28);
    const history = (await alice.get(`/api/dashtower/orders/${a.uuid}/history`).expect(200)).body as { status: number; note: string }[];
    expect(history[history.length - 1]).toMatchObject({ status: 28, note: 'labels printed' });
    // Printed again (a reprint): unchanged; a draft refuses the call and nothing moves.
    const put = (orders: unknown, as = alice) => as.put('/api/dashtower/orders/status/await_shipment_printed').send({ orders });
    expect((await put([a.uuid]).expect(200)).body).toEqual({ success: true, moved: [], unchanged: [a.reference] });
    expect((await put([notYet]).expect(409)).body.error).toMatchObject({
      key: 'printedStatusUpdateFailed',
      params: { references: [`API-ETQ-D${suffix}`] },
    });
    expect((await put([]).expect(422)).body.error.key).toBe('noShipmentsToPrint');
    expect((await put('{"$gt":""}').expect(400)).body.error.key).toBe('validationFailed');
    expect((await put([a.uuid], other).expect(404)).body.error.key).toBe('orderNotFound');
    // A printed shipment still reprints.
    expect((await etiquettes(`uuid_orders[]=${a.uuid}`).expect(200)).body.etiquettes.PDF.details[0].packages).toEqual(packages.slice(0, 2));

    // The transport document with its ADR line; none before the labels; not another depositor's.
    const doc = await alice
      .get(`/api/dashtower/orders/${b.uuid}/transport-document`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toContain(`${b.reference}-transport.pdf`);
    expect((doc.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await alice.get(`/api/dashtower/orders/${notYet}/transport-document`).expect(422)).body.error.key).toBe('labelsNotPrintable');
    expect((await other.get(`/api/dashtower/orders/${b.uuid}/transport-document`)).status).toBe(404);
  }, 90000);

  it("lists the transport plan and a depositor's carriers (spec §7 /admin/carriers, minify=1)", async () => {
    const plan = (await alice.get('/api/dashtower/tours').expect(200)).body as { depositor_code: string; code: string; flags: object }[];
    expect(plan.filter((t) => t.depositor_code === 'DEMO-A').map((t) => t.code)).toEqual([
      'AFFRET-IDF',
      'COLIS-EXP',
      'COLIS-J1',
      'PAL-MESS',
    ]);
    expect(Object.keys(plan[0].flags)).toHaveLength(13);
    expect(
      (await other.get('/api/dashtower/tours').expect(200)).body.every((t: { depositor_code: string }) => t.depositor_code === 'DEMO-B'),
    ).toBe(true);
    const minified = (await alice.get('/api/admin/carriers/DEMO-A?minify=1').expect(200)).body;
    expect(minified.map((c: { ref: string }) => c.ref)).toEqual(['AFFRET', 'CHRONOPOST', 'COLISSIMO', 'GEODIS']);
    expect(Object.keys(minified[0]).sort()).toEqual(['id', 'ref']);
    expect((await alice.get('/api/admin/carriers/DEMO-A').expect(200)).body[2]).toMatchObject({
      ref: 'COLISSIMO',
      shipping_window_days: 10,
    });
    const noCode = await alice.get('/api/admin/carriers');
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.key).toBe('depositorCodeRequired');
    expect((await other.get('/api/admin/carriers/DEMO-A')).body.error.key).toBe('depositorNotFound');
  });

  it('keeps dangerous goods checked and behind their right', async () => {
    const adr = {
      un_number: '1993',
      class: '3',
      packing_group: 'III',
      tunnel_code: 'D/E',
      transport_category: 3,
      adr_designation: 'LIQUIDE INFLAMMABLE, N.S.A.',
      technical_name: 'éthanol, acétone',
      package_quantity: 2,
      environment_danger: true,
    };
    const base = { depositor_id: 1, uuid_address_shipper: shipper, uuid_address_recipient: recipient, packings: [packing] };
    const ok = await alice
      .post('/api/dashtower/orders')
      .send({ ...base, reference: 'API-ADR-1', dangerous_goods: [adr], limited_quantities: { gross_weight_kg: 12, un_numbers: ['1266'] } })
      .expect(201);
    expect(ok.body.dangerous_goods).toEqual([{ ...adr, danger_notice: null }]);
    expect(ok.body.limited_quantities).toEqual({ gross_weight_kg: 12, un_numbers: ['1266'] });
    const bad = await alice.post('/api/dashtower/orders').send({
      ...base,
      reference: 'API-ADR-2',
      dangerous_goods: [
        { ...adr, un_number: '12A4', class: '10' },
        { ...adr, class: '2.1', packing_group: 'II' },
        { ...adr, class: '8', packing_group: undefined, transport_category: 4, tunnel_code: 'E' },
      ],
      limited_quantities: { gross_weight_kg: 31, un_numbers: ['123'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      'dangerous_goods.0.un_number': 'invalidFormat',
      'dangerous_goods.0.class': 'invalidFormat',
      'dangerous_goods.1.packing_group': 'invalidFormat',
      'dangerous_goods.2.packing_group': 'required',
      'dangerous_goods.2.tunnel_code': 'invalidFormat',
      'limited_quantities.gross_weight_kg': 'max',
      'limited_quantities.un_numbers.0': 'invalidFormat',
    });
    const refused = await noDangerousGoods
      .post('/api/dashtower/orders')
      .send({ ...base, depositor_id: 2, reference: 'API-ADR-3', dangerous_goods: [adr] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.key).toBe('dangerousGoodsNotAllowed');
  });

  it('asks a carrier for a pickup and mails it, refusing a past date and a carrier outside the plan', async () => {
    const since = Date.now();
    const created = await alice
      .post('/api/dashtower/pickups')
      .send({
        uuid_address_shipper: shipper,
        carrier: 'colissimo',
        date: tomorrow(),
        hour: '14:30',
        account_number: '0123456',
        email_to: 'enlevements@colissimo.example',
        email_cc: ['quai.mlv1@logistique.example'],
        body: 'Trois palettes filmées, quai 4.',
      })
      .expect(201);
    expect(created.body).toMatchObject({ carrier_ref: 'COLISSIMO', pickup_hour: '14:30', depositor_code: 'DEMO-A', created_by: 'alice' });
    expect(created.body.mailed_at).not.toBeNull();
    // Booked with the carrier's web service first: its confirmation number goes in the mail.
    expect(created.body.carrier_reference).toMatch(/^ENLCOL\d{11}$/);
    const mail = await waitForMail(target.mailbox, 'enlevements@colissimo.example', { since });
    expect(mail.text).toContain(created.body.carrier_reference);
    expect(mail.to).toContain('quai.mlv1@logistique.example');
    expect(mail.subject).toContain('DEMO-A');
    expect(mail.text).toContain('Trois palettes filmées, quai 4.');
    expect(mail.text).toContain('14:30');
    expect((await alice.get('/api/dashtower/pickups').expect(200)).body.map((p: { uuid: string }) => p.uuid)).toContain(created.body.uuid);
    expect((await other.get('/api/dashtower/pickups').expect(200)).body.some((p: { uuid: string }) => p.uuid === created.body.uuid)).toBe(
      false,
    );

    const base = { uuid_address_shipper: shipper, carrier: 'COLISSIMO', hour: '10:00', email_to: 'enlevements@colissimo.example' };
    const past = await alice.post('/api/dashtower/pickups').send({ ...base, date: '2020-01-02' });
    expect(past.body.error).toMatchObject({ key: 'validationFailed', fields: { date: 'min' } });
    const unknown = await alice.post('/api/dashtower/pickups').send({ ...base, date: tomorrow(), carrier: 'DHL' });
    expect(unknown.body.error).toMatchObject({ key: 'validationFailed', fields: { carrier: 'invalidFormat' } });
    const bad = await alice.post('/api/dashtower/pickups').send({ ...base, date: tomorrow(), hour: '25:00', email_to: 'x' });
    expect(bad.body.error.fields).toEqual({ hour: 'invalidFormat', email_to: 'invalidEmail' });
    const foreign = await other.post('/api/dashtower/pickups').send({ ...base, date: tomorrow() });
    expect(foreign.status).toBe(404);

    // The carrier's web service down (an operator's switch of the demo carrier): refused with its code, nothing kept.
    const db = new Client({ connectionString: target.databaseUrl('huby') });
    await db.connect();
    const count = async () => (await alice.get('/api/dashtower/pickups').expect(200)).body.length as number;
    const before = await count();
    await db.query(`UPDATE carriers SET settings = settings || '{"simulate": "ws-down"}' WHERE ref = 'CHRONOPOST'`);
    try {
      const down = await alice.post('/api/dashtower/pickups').send({ ...base, date: tomorrow(), carrier: 'CHRONOPOST' });
      expect(down.status).toBe(502);
      expect(down.body.error).toMatchObject({ key: 'carrierServiceFailed', params: { code: 'WS-503' } });
      expect(await count()).toBe(before);
    } finally {
      await db.query(`UPDATE carriers SET settings = settings - 'simulate' WHERE ref = 'CHRONOPOST'`);
      await db.end();
    }
  });

  it('changes the recipient and delivery options as PUT /dashtower/order/{uuid} (spec §7)', async () => {
    const [first] = (await alice.get(`/api/dashtower/orders?filter=${q({ tab: 'waiting', q: 'API-HUB-1' })}`).expect(200)).body;
    const changed = await alice
      .put(`/api/dashtower/order/${first.uuid}`)
      .send({ order: { appointment: 1, hatchback: true, uuid_address_recipient: recipient }, force_recipient: 0 })
      .expect(200);
    expect(changed.body).toMatchObject({ appointment: true, hatchback: true, pallet_stripping: false });
    // A recipient that fails its check (a French postcode that is not five digits) needs force_recipient.
    const doubtful = (
      await alice
        .post('/api/dashtower/addresses')
        .send({
          book: 'recipient',
          depositor_id: 1,
          company_name: 'CP douteux',
          address1: '1 rue de la Paix',
          zip: '7500',
          town: 'PARIS',
          country: 'FR',
        })
        .expect(201)
    ).body.uuid;
    expect((await alice.get(`/api/dashtower/address/check/${doubtful}`).expect(200)).body).toMatchObject({
      result: false,
      error: { key: 'addressNotDeliverable' },
    });
    const refused = await alice
      .put(`/api/dashtower/order/${first.uuid}`)
      .send({ order: { uuid_address_recipient: doubtful }, force_recipient: 0 });
    expect(refused.status).toBe(422);
    expect(refused.body.error.key).toBe('addressNotDeliverable');
    expect((await alice.get(`/api/dashtower/orders/${first.uuid}`).expect(200)).body.recipient.uuid).toBe(recipient);
    const forced = await alice
      .put(`/api/dashtower/order/${first.uuid}`)
      .send({ order: { uuid_address_recipient: doubtful }, force_recipient: 1 })
      .expect(200);
    expect(forced.body.recipient).toMatchObject({ uuid: doubtful, zip: '7500' });
    await alice
      .put(`/api/dashtower/order/${first.uuid}`)
      .send({ order: { uuid_address_recipient: recipient } })
      .expect(200);
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

  it('moves a shipment once when two users validate it at the same moment', async () => {
    const uuid = await draft('API-RACE-1');
    const answers = await Promise.all([1, 2, 3].map(() => alice.post(`/api/dashtower/orders/${uuid}/validate`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(
      answers.filter((a) => a.status === 409).every((a) => ['orderAlreadyInProcess', 'invalidTransition'].includes(a.body.error.key)),
    ).toBe(true);
    expect((await alice.get(`/api/dashtower/orders/${uuid}/history`).expect(200)).body.map((h: { status: number }) => h.status)).toEqual([
      0, 5, 10,
    ]);
  });

  it('lets a Dashtower user without the Huby order right read but not create', async () => {
    expect((await reader.get(`/api/dashtower/orders?filter=${q({ tab: 'sent' })}`)).status).toBe(200);
    const refused = await reader.post('/api/dashtower/orders').send({ depositor_id: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body.error.key).toBe('permissionDenied');
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
