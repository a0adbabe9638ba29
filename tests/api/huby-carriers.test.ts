import { randomBytes } from 'node:crypto';
import { Role, type CarrierHealthDto, type ShipmentDto } from '@portal/contracts';
import request from 'supertest';
import { startCarrierFake, type CarrierFake } from '../support/carrier-fakes';
import { upsScan } from '../support/ups-fake';
import { canReadLabels, pdfPages, readBarcodes } from '../support/read-barcodes';
import { connectedTour, demoParties, tomorrow, upsTour, validatedShipment } from './support/huby-setup';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

type Client = Awaited<ReturnType<typeof loginAs>>;

/** Every line the services write while a file runs, to look for a secret in them; `restore` gives the streams back. */
function captureOutput(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
  const tee = (write: typeof writes.out) =>
    ((chunk: string | Uint8Array, ...rest: never[]) => {
      lines.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof process.stdout.write;
  process.stdout.write = tee(writes.out);
  process.stderr.write = tee(writes.err);
  return {
    lines,
    restore: () => {
      process.stdout.write = writes.out;
      process.stderr.write = writes.err;
    },
  };
}

/**
 * Labels through a real carrier's connector (issue 34 items 3–5), end to end through the gateway, with
 * UPS answered by a local fake of its published API (every request validated against UPS's schema):
 * a tour's carrier account set to UPS, a shipment validated, its labels asked in the user's format and
 * printed as UPS gave them (zbarimg reads the tracking numbers back), refusals in the spec's words, a
 * lost answer retried without a second voucher, a cancel voided at UPS, and no secret in any answer
 * or log line.
 */
describe('Huby through a carrier connector (UPS)', () => {
  let target: ApiTarget;
  let fake: CarrierFake;
  let provider: Client;
  let alice: Client;
  let shipper: string;
  let recipient: string;
  let tourId: number;
  const run = randomBytes(3).toString('hex').toUpperCase();
  const tourCode = `UPS${run}`;
  const secret = `ups-secret-${run}-value`;
  const accounts = {
    ups: { clientId: `client-${run}`, clientSecret: secret, shipperNumber: 'A1B2C3' },
    dhlExpress: { apiKey: 'k', apiSecret: 's' },
    colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
  };
  let output: ReturnType<typeof captureOutput>;
  const answers: unknown[] = [];

  beforeAll(async () => {
    process.env.HUBY_CARRIER_TIMEOUT_MS = '8000';
    // The tracking job reads UPS every 300 ms here (a minute by default), each shipment at most every 0.2 s.
    process.env.HUBY_CARRIER_TRACKING_TICK_MS = '300';
    process.env.HUBY_CARRIER_TRACKING_EVERY_MS = '200';
    // Shipments left waiting for labels 1.5 s without a sign of their request are given back (80 s by
    // default): every slow label request of this file shows that a living request keeps its shipment.
    process.env.HUBY_INTERRUPTED_LABELS_AFTER_MS = '1500';
    process.env.HUBY_INTERRUPTED_LABELS_EVERY_MS = '200';
    fake = await startCarrierFake(accounts, { holdMs: 16_000 });
    output = captureOutput();
    target = await startTarget();
    await addUser(target, { login: 'ups-provider', roles: [Role.ADMIN_CARRIER, Role.ADMIN_TOUR], depositorIds: [] });
    provider = await loginAs(target, 'ups-provider');
    alice = await loginAs(target, 'alice');
    const connected = await upsTour(provider, tourCode, fake.url, accounts.ups);
    tourId = connected.tourId;
    answers.push(connected.account);
    ({ shipper, recipient } = await demoParties(alice, `UPS-${run}`, { mobile: '06 12 34 56 78' }));
  }, 120_000);

  afterAll(async () => {
    output?.restore();
    delete process.env.HUBY_CARRIER_TIMEOUT_MS;
    delete process.env.HUBY_CARRIER_TRACKING_TICK_MS;
    delete process.env.HUBY_CARRIER_TRACKING_EVERY_MS;
    delete process.env.HUBY_INTERRUPTED_LABELS_AFTER_MS;
    delete process.env.HUBY_INTERRUPTED_LABELS_EVERY_MS;
    await target?.close();
    await fake?.close();
  }, 90_000);

  afterEach(() => {
    const seen = fake.violations.splice(0);
    expect(seen).toEqual([]);
  });

  const validated = (reference: string, extra: object = {}) => validatedShipment(alice, { shipper, recipient }, tourCode, reference, extra);
  const requestLabels = (uuid: string, format = 'PDF') => alice.post(`/api/dashtower/orders/${uuid}/labels`).send({ format });

  it('asks UPS for the labels in PDF and prints UPS’s own labels, the tracking numbers read back', async () => {
    const uuid = await validated(`UPS-${run}-1`);
    const labelled = (await requestLabels(uuid).expect(200)).body as ShipmentDto;
    answers.push(labelled);
    expect(labelled.status).toBe(25);
    expect(labelled.tracking_numbers).toHaveLength(2);
    expect(labelled.tracking_numbers.every((t) => /^1ZA1B2C311\d{8}$/.test(t))).toBe(true);
    const made = fake.ups.shipments.get(labelled.voucher!);
    expect(made?.trackingNumbers).toEqual(labelled.tracking_numbers);
    const printed = (await alice.get(`/api/dashtower/orders/etiquettes?uuid_orders[]=${uuid}&format=PDF`).expect(200)).body;
    answers.push(printed);
    const pdf = Buffer.from(printed.etiquettes.PDF.b64merged, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // UPS's labels are GIF: they print as PDF pages only, never redrawn as ZPL.
    expect((await alice.get(`/api/dashtower/orders/etiquettes?uuid_orders[]=${uuid}&format=ZPL`)).body.error.key).toBe('mixedLabelFormats');
    if (!canReadLabels) return;
    const read = pdfPages(pdf).map((p) => readBarcodes(p).map((b) => b.data));
    expect(read).toEqual([[labelled.tracking_numbers[0]], [labelled.tracking_numbers[1]]]);
  });

  it('asks them in ZPL for a user who prints ZPL and gives UPS’s ZPL as it is', async () => {
    const uuid = await validated(`UPS-${run}-Z`);
    const labelled = (await requestLabels(uuid, 'ZPL').expect(200)).body as ShipmentDto;
    const printed = (await alice.get(`/api/dashtower/orders/etiquettes?uuid_orders[]=${uuid}&format=ZPL`).expect(200)).body;
    const zpl = Buffer.from(printed.etiquettes.ZPL.b64merged, 'base64').toString('utf8');
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    for (const t of labelled.tracking_numbers) expect(zpl).toContain(`^FD${t}^FS`);
    expect((await requestLabels(await validated(`UPS-${run}-BAD`), 'EPL')).body.error.key).toBe('invalidLabelFormat');
  });

  it('says UPS’s refusal in the spec’s words; the shipment stays validated and can be asked again', async () => {
    const uuid = await validated(`UPS-${run}-KO`);
    const refused = await requestLabels(uuid);
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatchObject({
      key: 'voucherCreationFailed',
      params: { code: '121111', message: 'Shipment could not be processed' },
    });
    const after = (await alice.get(`/api/dashtower/orders/${uuid}`).expect(200)).body as ShipmentDto;
    expect(after.status).toBe(10);
    expect(after.voucher).toBeNull();
  });

  it('after a lost answer (timeout), a retry takes the voucher UPS made: never a second one', async () => {
    const reference = `UPS-${run}-LOST`;
    const uuid = await validated(reference);
    fake.failNext('ups.ship', 'timeout');
    const started = Date.now();
    const lost = await requestLabels(uuid);
    expect(lost.body.error).toMatchObject({ key: 'carrierServiceFailed', params: { code: 'TIMEOUT' } });
    expect(lost.status).toBe(502);
    // Within the line's budget (8 s), long before the fake's late answer (16 s).
    expect(Date.now() - started).toBeLessThan(14_000);
    expect(((await alice.get(`/api/dashtower/orders/${uuid}`).expect(200)).body as ShipmentDto).status).toBe(10);
    const ofReference = () => [...fake.ups.shipments.values()].filter((s) => s.reference === reference);
    // UPS made it (the fake may still be drawing its labels): the answer was lost on the way.
    for (let i = 0; i < 200 && !ofReference().length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(ofReference()).toHaveLength(1);
    const retried = (await requestLabels(uuid).expect(200)).body as ShipmentDto;
    expect(ofReference()).toHaveLength(1);
    expect(retried.tracking_numbers).toEqual(ofReference()[0].trackingNumbers);
  });

  it('a label request slower than the interrupted-labels delay keeps its shipment: labelled, never given back as interrupted (issue 33)', async () => {
    const uuid = await validated(`UPS-${run}-SLOW`);
    // UPS takes 3 s, twice the delay after which a shipment waiting without a sign of its request is given back.
    fake.slow('ups.ship', 3000);
    try {
      const labelled = (await requestLabels(uuid).expect(200)).body as ShipmentDto;
      expect(labelled.status).toBe(25);
    } finally {
      fake.slow('ups.ship', 0);
    }
    const history = (await alice.get(`/api/dashtower/orders/${uuid}/history`).expect(200)).body as { status: number; note: string }[];
    expect(history.map((h) => h.status)).toEqual([0, 5, 10, 20, 25]);
    expect(history.filter((h) => /interrupted/.test(h.note))).toEqual([]);
  });

  it('voids the voucher at UPS when the shipment is canceled; a UPS outage refuses the cancel and changes nothing', async () => {
    const uuid = await validated(`UPS-${run}-CXL`);
    const labelled = (await requestLabels(uuid).expect(200)).body as ShipmentDto;
    fake.failNext('ups.void', '5xx', 2);
    const down = await alice.post(`/api/dashtower/orders/${uuid}/cancel`);
    expect(down.body.error).toMatchObject({ key: 'carrierServiceFailed', params: { code: 'HTTP_5XX' } });
    expect(((await alice.get(`/api/dashtower/orders/${uuid}`).expect(200)).body as ShipmentDto).status).toBe(25);
    expect((await alice.post(`/api/dashtower/orders/${uuid}/cancel`).expect(200)).body.status).toBe(-1);
    expect(fake.ups.voided.has(labelled.voucher!)).toBe(true);
  });

  it('follows the shipment at UPS: its scans move Huby, Pack and Go Tracer and Tracer Route as the demo carrier’s do', async () => {
    const uuid = await validated(`UPS-${run}-TRK`);
    const labelled = (await requestLabels(uuid).expect(200)).body as ShipmentDto;
    const statusOf = async () => ((await alice.get(`/api/dashtower/orders/${uuid}`).expect(200)).body as ShipmentDto).status;
    const until = async (status: number) => {
      for (let i = 0; i < 100 && (await statusOf()) !== status; i++) await new Promise((r) => setTimeout(r, 150));
      expect(await statusOf()).toBe(status);
    };
    upsScan(fake.ups, labelled.voucher!, { type: 'P', code: 'OR', description: 'Pickup Scan', at: new Date(Date.now() - 3_600_000) });
    await until(90);
    upsScan(fake.ups, labelled.voucher!, { type: 'D', code: 'KB', description: 'Livré', at: new Date(Date.now() - 60_000) });
    await until(100);
    // Pack and Go Tracer: delivered, with UPS's events in its history, as the demo carrier's come.
    const [order] = (await alice.get(`/api/orders?filter=${encodeURIComponent(JSON.stringify({ q: labelled.reference }))}`).expect(200))
      .body as { id: number; status: number; tracerStatus: string }[];
    expect(order).toMatchObject({ status: 100, tracerStatus: 'DELIVERED' });
    const events = (await alice.get(`/api/orders/${order.id}`).expect(200)).body.tracerEvents as { carrierStatus: string }[];
    expect(events.map((e) => e.carrierStatus)).toEqual(expect.arrayContaining(['PICKED_UP', 'DELIVERED']));
  });

  it('books a pickup of the UPS carrier through its account: UPS’s pickup number kept and mailed', async () => {
    const booked = await alice
      .post('/api/dashtower/pickups')
      .send({ uuid_address_shipper: shipper, carrier: `UPS${run}`, date: tomorrow(), hour: '14:00', email_to: 'pickup@ups.example' });
    expect(booked.body.error ?? booked.status).toBe(201);
    const prn = booked.body.carrier_reference as string;
    expect(prn).toMatch(/^2929\d{3}E9CP$/);
    expect(fake.ups.pickups.has(prn)).toBe(true);
  });

  it('keeps the account to the provider’s carrier administrator: another depositor’s user neither reads the labels nor the account', async () => {
    await addUser(target, { login: 'ups-other', roles: [Role.DASHTOWER_USER, Role.USER_CREATE_HUBY_ORDER], depositorIds: [2] });
    const other = await loginAs(target, 'ups-other');
    const uuid = await validated(`UPS-${run}-ISO`);
    await requestLabels(uuid).expect(200);
    expect((await other.get(`/api/dashtower/orders/etiquettes?uuid_orders[]=${uuid}&format=PDF`)).status).toBe(404);
    expect((await other.post(`/api/dashtower/orders/${uuid}/labels`).send({ format: 'PDF' })).status).toBe(404);
    expect((await alice.get(`/api/admin/transport/tours/${tourId}/account`)).status).toBe(403);
    expect((await alice.put(`/api/admin/transport/tours/${tourId}/account`).send({ connector: 'demo' })).status).toBe(403);
  });

  it('shows the provider its account’s last hour: calls, share answered, p95, circuit, last outage and last refusal in words', async () => {
    const health = (await provider.get('/api/admin/transport/carrier-health').expect(200)).body as CarrierHealthDto[];
    answers.push(health);
    const mine = health.find((h) => h.tourId === tourId)!;
    expect(mine).toMatchObject({ tourCode, connector: 'ups', environment: 'custom', depositorCode: 'DEMO-A', circuit: 'closed' });
    // Labels, a refusal, a lost answer, a void refused by an outage, tracking, a pickup: some calls failed, most were answered.
    expect(mine.calls).toBeGreaterThan(5);
    expect(mine.successRate).toBeGreaterThan(0.5);
    expect(mine.successRate).toBeLessThan(1);
    expect(mine.p95Ms).toBeGreaterThan(0);
    expect(mine.lastRefusal).toMatchObject({ operation: 'labels', outcome: 'refused' });
    expect(mine.lastRefusal!.code).toBeTruthy();
    expect(['TIMEOUT', 'HTTP_5XX', 'UNREACHABLE']).toContain(mine.lastError!.outcome);
    expect(mine.lastError!.message).toBeTruthy();
    // The same figures on the metrics endpoint, per carrier account.
    const metrics = (await request(target.url).get('/metrics').expect(200)).text;
    expect(metrics).toMatch(new RegExp(`carrier_call_duration_seconds_count\\{[^}]*tour="${tourId}"[^}]*outcome="ok"`));
    expect(metrics).toMatch(new RegExp(`carrier_circuit_state\\{carrier="ups",tour="${tourId}"\\} 0`));
    expect((await alice.get('/api/admin/transport/carrier-health')).status).toBe(403);
  });

  it('never gives the secret back: not in any answer about carriers, tours, accounts or shipments, nor in a log line', async () => {
    answers.push((await provider.get(`/api/admin/transport/tours/${tourId}/account`).expect(200)).body);
    answers.push((await provider.get(`/api/admin/transport/tours/${tourId}`).expect(200)).body);
    answers.push((await provider.get('/api/admin/transport/tours?perPage=200').expect(200)).body);
    answers.push((await provider.get('/api/admin/transport/carriers?perPage=200').expect(200)).body);
    answers.push((await provider.post(`/api/admin/transport/tours/${tourId}/account/test`).expect(200)).body);
    answers.push((await provider.get(`/api/admin/audit?entity=carrierAccount`)).body);
    const text = JSON.stringify(answers);
    expect(text).toContain(tourCode);
    expect(text).not.toContain(secret);
    const basic = Buffer.from(`${accounts.ups.clientId}:${secret}`).toString('base64');
    const logged = output.lines.join('');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(basic);
    // The fake did receive it, in UPS's OAuth header: the test would see it if it leaked.
    expect(fake.calls.some((c) => c.headers.authorization === `Basic ${basic}`)).toBe(true);
  });
});

/**
 * The same end to end with DHL Express (MyDHL API) answered by the local fake of DHL's published API
 * (dpdhl-express-api-3.3.1.yaml): labels in PDF and ZPL printed as DHL gave them, a refusal in the
 * spec's words, a lost answer that makes no second shipment (DHL gives no label again: refused in
 * words with the waybill found), a cancel that asks nothing of DHL, no secret in answers or logs.
 */
describe('Huby through a carrier connector (DHL Express)', () => {
  let target: ApiTarget;
  let fake: CarrierFake;
  let provider: Client;
  let alice: Client;
  let shipper: string;
  let recipient: string;
  let tourId: number;
  const run = randomBytes(3).toString('hex').toUpperCase();
  const tourCode = `DHL${run}`;
  const secret = `dhl-secret-${run}-value`;
  const accountNumber = '950000002';
  const accounts = {
    ups: { clientId: 'u', clientSecret: 'u-secret', shipperNumber: 'A1B2C3' },
    dhlExpress: { apiKey: `dhl-key-${run}`, apiSecret: secret },
    colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
  };
  let output: ReturnType<typeof captureOutput>;
  const answers: unknown[] = [];

  beforeAll(async () => {
    process.env.HUBY_CARRIER_TIMEOUT_MS = '8000';
    fake = await startCarrierFake(accounts, { holdMs: 16_000 });
    output = captureOutput();
    target = await startTarget();
    await addUser(target, { login: 'dhl-provider', roles: [Role.ADMIN_CARRIER, Role.ADMIN_TOUR], depositorIds: [] });
    provider = await loginAs(target, 'dhl-provider');
    alice = await loginAs(target, 'alice');
    const connected = await connectedTour(
      provider,
      { ref: `DHL${run}`, name: `DHL Express ${run}` },
      { code: tourCode, account_number: accountNumber, codes: {} },
      {
        connector: 'dhl_express',
        environment: 'custom',
        base_url: `${fake.url}/mydhlapi`,
        settings: { account_number: accountNumber },
        secrets: { api_key: accounts.dhlExpress.apiKey, api_secret: secret },
      },
    );
    tourId = connected.tourId;
    answers.push(connected.account);
    ({ shipper, recipient } = await demoParties(alice, `DHL-${run}`, { mobile: '06 98 76 54 32' }));
  }, 120_000);

  afterAll(async () => {
    output?.restore();
    delete process.env.HUBY_CARRIER_TIMEOUT_MS;
    await target?.close();
    await fake?.close();
  }, 90_000);

  afterEach(() => {
    const seen = fake.violations.splice(0);
    expect(seen).toEqual([]);
  });

  const validated = (reference: string) =>
    validatedShipment(alice, { shipper, recipient }, tourCode, reference, {
      packings: [{ packaging_type: 'CARTON-M', weight_kg: 3.2, length_cm: 40, width_cm: 30, height_cm: 30, packages: 2 }],
      content_description: 'Fromages affinés',
    });
  const requestLabels = (uuid: string, format = 'PDF') => alice.post(`/api/dashtower/orders/${uuid}/labels`).send({ format });
  const statusOf = async (uuid: string) => ((await alice.get(`/api/dashtower/orders/${uuid}`).expect(200)).body as ShipmentDto).status;

  it('asks DHL for the labels in PDF and prints DHL’s own labels, the piece numbers read back', async () => {
    const uuid = await validated(`DHL-${run}-1`);
    const labelled = (await requestLabels(uuid).expect(200)).body as ShipmentDto;
    answers.push(labelled);
    expect(labelled.status).toBe(25);
    const made = fake.dhl.shipments.get(labelled.voucher!);
    expect(made?.trackingNumbers).toHaveLength(2);
    expect(labelled.tracking_numbers).toEqual(made?.trackingNumbers);
    const printed = (await alice.get(`/api/dashtower/orders/etiquettes?uuid_orders[]=${uuid}&format=PDF`).expect(200)).body;
    answers.push(printed);
    const pdf = Buffer.from(printed.etiquettes.PDF.b64merged, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (!canReadLabels) return;
    const read = pdfPages(pdf).map((p) => readBarcodes(p).map((b) => b.data));
    expect(read).toEqual([[labelled.tracking_numbers[0]], [labelled.tracking_numbers[1]]]);
  });

  it('asks them in ZPL for a user who prints ZPL and gives DHL’s ZPL as it is', async () => {
    const uuid = await validated(`DHL-${run}-Z`);
    const labelled = (await requestLabels(uuid, 'ZPL').expect(200)).body as ShipmentDto;
    const printed = (await alice.get(`/api/dashtower/orders/etiquettes?uuid_orders[]=${uuid}&format=ZPL`).expect(200)).body;
    const zpl = Buffer.from(printed.etiquettes.ZPL.b64merged, 'base64').toString('utf8');
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    for (const t of labelled.tracking_numbers) expect(zpl).toContain(`^FD${t}^FS`);
  });

  it('says DHL’s refusal in the spec’s words; the shipment stays validated', async () => {
    const uuid = await validated(`DHL-${run}-KO`);
    const refused = await requestLabels(uuid);
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatchObject({
      key: 'voucherCreationFailed',
      params: { code: '410001', message: 'The shipment could not be processed' },
    });
    expect(await statusOf(uuid)).toBe(10);
  });

  it('after a lost answer, finds the shipment DHL made and makes no second one: said in words with its waybill', async () => {
    const reference = `DHL-${run}-LOST`;
    const uuid = await validated(reference);
    fake.failNext('dhl.ship', 'timeout');
    const lost = await requestLabels(uuid);
    expect(lost.body.error).toMatchObject({ key: 'carrierServiceFailed', params: { code: 'TIMEOUT' } });
    const ofReference = () => [...fake.dhl.shipments.values()].filter((s) => s.reference === reference);
    // DHL made it (the fake may still be drawing its labels): the answer was lost on the way.
    for (let i = 0; i < 100 && !ofReference().length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(ofReference()).toHaveLength(1);
    const retried = await requestLabels(uuid);
    expect(retried.status).toBe(502);
    expect(retried.body.error).toMatchObject({
      key: 'voucherCreationFailed',
      params: { code: 'DUPLICATE_RISK', waybills: [ofReference()[0].waybill] },
    });
    expect(ofReference()).toHaveLength(1);
    expect(await statusOf(uuid)).toBe(10);
  });

  it('cancels a labelled shipment without asking DHL (MyDHL has no void; an unused waybill is not billed)', async () => {
    const uuid = await validated(`DHL-${run}-CXL`);
    await requestLabels(uuid).expect(200);
    fake.calls.length = 0;
    expect((await alice.post(`/api/dashtower/orders/${uuid}/cancel`).expect(200)).body.status).toBe(-1);
    expect(fake.calls.filter((c) => c.path.startsWith('/mydhlapi/'))).toHaveLength(0);
  });

  it('never gives the secret back: not in any answer about the account, the tour or shipments, nor in a log line', async () => {
    answers.push((await provider.get(`/api/admin/transport/tours/${tourId}/account`).expect(200)).body);
    answers.push((await provider.get(`/api/admin/transport/tours/${tourId}`).expect(200)).body);
    answers.push((await provider.post(`/api/admin/transport/tours/${tourId}/account/test`).expect(200)).body);
    const text = JSON.stringify(answers);
    expect(text).toContain(tourCode);
    expect(text).not.toContain(secret);
    const basic = Buffer.from(`${accounts.dhlExpress.apiKey}:${secret}`).toString('base64');
    const logged = output.lines.join('');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(basic);
    // The fake did receive it, in DHL's basic authentication: the test would see it if it leaked.
    expect(fake.calls.some((c) => c.headers.authorization === `Basic ${basic}`)).toBe(true);
  });
});
