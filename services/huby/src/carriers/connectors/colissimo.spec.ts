import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { CarrierDto, ShipmentDto, TourDto } from '@portal/contracts';
import { startCarrierFake, type CarrierFake } from '../../../../../tests/support/carrier-fakes';
import { testPacking, testParty, testShipment } from '../../../../../tests/support/carrier-shipments';
import { colissimoScan, COLISSIMO_LABEL_ROUTE } from '../../../../../tests/support/colissimo-fake';
import { canReadLabels, pdfPages, readBarcodes, zplPages } from '../../../../../tests/support/read-barcodes';
import type { VoucherAnswer, VoucherRequest } from '../carrier-adapter';
import { carrierLineOptions, CarrierOutage } from './carrier-line';
import { ColissimoConnector, keepingMultipartBytes, MultipartError, partName, productOf, readMultipart } from './colissimo';
import type { OpenAccount } from './connection-test';

const accounts = {
  ups: { clientId: 'u', clientSecret: 'u', shipperNumber: 'u' },
  dhlExpress: { apiKey: 'k', apiSecret: 's' },
  colissimo: { contractNumber: '800123', password: 'colis-Pa55-word', apiKey: 'okapi-K3y-value' },
};
const carrier: CarrierDto = {
  id: 9,
  ref: 'COLISSIMO',
  name: 'Colissimo',
  kind: 'parcel',
  shipping_window_days: 10,
  insurance_threshold: 1500,
  pickup_email: null,
  settings: {},
};
const tour = { id: 4, code: 'COL-DOS', account_number: '800123', codes: { product: 'DOS' } } as unknown as TourDto;
const party = (patch: Partial<ShipmentDto['recipient']> = {}) => testParty({ address2: 'Bâtiment B', mobile: '06 12 34 56 78', ...patch });
const packing = testPacking;
const shipment = (patch: Partial<ShipmentDto> = {}, recipient: Partial<ShipmentDto['recipient']> = {}): ShipmentDto =>
  testShipment(
    {
      uuid: '00000000-0000-4000-8000-000000000034',
      reference: 'HUB-COL-1',
      shipper: testParty({
        company_name: 'Entrepôt Saint-Priest',
        contact_name: null,
        address1: '12 rue du Dauphiné',
        zip: '69800',
        town: 'SAINT-PRIEST',
        email: null,
      }),
      recipient: party(recipient),
      date_shipment_desired: '2099-06-03',
      ...patch,
    },
    recipient,
  );

/** A generateLabel request as the fake received it. */
interface SentLabel {
  contractNumber?: string;
  password?: string;
  outputFormat: unknown;
  letter: { service: Record<string, unknown>; parcel: Record<string, unknown>; sender: unknown; addressee: unknown };
}

const pdf: VoucherRequest = { format: 'PDF', afterUncertain: false };
const zpl: VoucherRequest = { format: 'ZPL', afterUncertain: false };
const PARCEL = /^6[AC]\d{11}$/;

/** Waits for a condition of the fake (its work goes on after a client gave up), polling it. */
async function until(condition: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: { key?: string; params?: Record<string, unknown> }) =>
      e instanceof CarrierOutage
        ? { outage: e.code, uncertain: e.uncertain }
        : e.key
          ? { key: e.key, params: e.params }
          : { error: String(e) },
  );

describe('the Colissimo connector against a fake of La Poste’s published SLS document', () => {
  let fake: CarrierFake;
  const account = (auth: 'key' | 'password' | 'both' = 'key'): OpenAccount => ({
    connector: 'colissimo',
    environment: 'custom',
    base_url: fake.url,
    settings: { contract_number: accounts.colissimo.contractNumber },
    secrets: {
      ...(auth !== 'password' ? { api_key: accounts.colissimo.apiKey } : {}),
      ...(auth !== 'key' ? { password: accounts.colissimo.password } : {}),
    },
  });
  const connector = (auth: 'key' | 'password' | 'both' = 'key', patch: Partial<ReturnType<typeof carrierLineOptions>> = {}) =>
    new ColissimoConnector(account(auth), { ...carrierLineOptions(), timeoutMs: 10_000, halfOpenAfterMs: 300, failures: 3, ...patch });
  const labelCalls = () => fake.calls.filter((c) => `${c.method} ${c.path}` === COLISSIMO_LABEL_ROUTE);
  const sent = (n = 0) => JSON.parse(labelCalls()[n].body) as SentLabel;
  const made = (reference: string) => [...fake.colissimo.parcels.values()].filter((p) => p.reference === reference);

  beforeAll(async () => {
    fake = await startCarrierFake(accounts, { holdMs: 6_000 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.calls.length = 0;
  });
  afterEach(() => {
    fake.colissimo.multipart = 'mixed';
    fake.colissimo.withoutLabel = 0;
    const seen = fake.violations.splice(0);
    expect(seen).toEqual([]);
  });

  it('asks one PDF label per package with the API key, and keeps each label’s bytes as Colissimo sent them', async () => {
    const answer = await connector().createVoucher(shipment(), tour, carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
    expect(answer.trackingNumbers.every((t) => /^6C\d{11}$/.test(t))).toBe(true);
    expect(new Set(answer.trackingNumbers).size).toBe(2);
    expect(answer.voucher).toBe(answer.trackingNumbers[0]);
    expect(answer.insuranceByMail).toBe(false);
    expect(answer.labels?.map((l) => l.format)).toEqual(['PDF', 'PDF']);
    // Byte for byte what the fake drew (a compressed PDF: bytes above 0x7f all along).
    answer.labels!.forEach((l, i) => expect(l.content.equals(fake.colissimo.parcels.get(answer.trackingNumbers[i])!.label)).toBe(true));
    expect(labelCalls()).toHaveLength(2);
    expect(labelCalls()[0].headers.apikey).toBe(accounts.colissimo.apiKey);
    const body = sent(0);
    expect(body.contractNumber).toBeUndefined();
    expect(body.password).toBeUndefined();
    expect(body.outputFormat).toEqual({ x: 0, y: 0, outputPrintingType: 'PDF_10x15_300dpi' });
    expect(body.letter.service).toEqual({
      productCode: 'DOS',
      depositDate: '2099-06-03',
      orderNumber: 'HUB-COL-1',
      commercialName: 'Entrepôt Saint-Priest',
    });
    // 800 € insured below the carrier's 1,500 € threshold: declared to Colissimo in cents, split over the parcels.
    expect(body.letter.parcel).toEqual({ weight: 4.5, insuranceValue: 40000 });
    expect(body.letter.sender).toEqual({
      senderParcelRef: 'HUB-COL-1',
      address: {
        companyName: 'Entrepôt Saint-Priest',
        lastName: 'Entrepôt Saint-Priest',
        line2: '12 rue du Dauphiné',
        countryCode: 'FR',
        city: 'SAINT-PRIEST',
        zipCode: '69800',
        phoneNumber: '0478000000',
      },
    });
    expect(body.letter.addressee).toEqual({
      addresseeParcelRef: 'HUB-COL-1',
      address: {
        companyName: 'Boulangerie Martin',
        lastName: 'Claire Martin',
        line2: '3 place Bellecour',
        line3: 'Bâtiment B',
        countryCode: 'FR',
        city: 'LYON',
        zipCode: '69002',
        phoneNumber: '0478000000',
        mobileNumber: '0612345678',
        email: 'claire@example.fr',
      },
    });
    if (!canReadLabels) return;
    // zbarimg reads each parcel number back from its page.
    const read = answer.labels!.map((l) => pdfPages(l.content).map((page) => readBarcodes(page).map((b) => b.data)));
    expect(read).toEqual([[[answer.trackingNumbers[0]]], [[answer.trackingNumbers[1]]]]);
  });

  it('asks ZPL labels for ZPL and keeps them as Colissimo wrote them', async () => {
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-COL-Z' }), tour, carrier, zpl);
    expect(sent(0).outputFormat).toEqual({ x: 0, y: 0, outputPrintingType: 'ZPL_10x15_203dpi' });
    expect(answer.labels?.map((l) => l.format)).toEqual(['ZPL', 'ZPL']);
    const text = answer.labels![1].content.toString('utf8');
    expect(text).toMatch(/^\^XA[\s\S]*\^BC[\s\S]*\^XZ$/);
    if (!canReadLabels) return;
    const [png] = await zplPages(text);
    expect(readBarcodes(png).map((b) => b.data)).toEqual([answer.trackingNumbers[1]]);
  });

  it('authenticates with contract number and password in the body when the account has no API key', async () => {
    const answer = await connector('password').createVoucher(shipment({ reference: 'HUB-COL-P' }), tour, carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
    expect(labelCalls()[0].headers.apikey).toBeUndefined();
    expect(sent(0)).toMatchObject({ contractNumber: accounts.colissimo.contractNumber, password: accounts.colissimo.password });
    expect(made('HUB-COL-P').map((p) => p.auth)).toEqual(['password', 'password']);
    // Both kept: the API key, as the document asks (contractNumber and password are deprecated there).
    fake.calls.length = 0;
    await connector('both').createVoucher(shipment({ reference: 'HUB-COL-B', packings: [packing(2)] }), tour, carrier, pdf);
    expect(labelCalls()[0].headers.apikey).toBe(accounts.colissimo.apiKey);
    expect(sent(0).password).toBeUndefined();
  });

  it('reads the answer as La Poste’s service types it (multipart/related, null fields)', async () => {
    fake.colissimo.multipart = 'related';
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-COL-R' }), tour, carrier, pdf);
    expect(answer.trackingNumbers.every((t) => PARCEL.test(t))).toBe(true);
    expect(answer.labels!.every((l, i) => l.content.equals(fake.colissimo.parcels.get(answer.trackingNumbers[i])!.label))).toBe(true);
  });

  it('asks the tour’s Colissimo product, DOM when it names none, and deposits today at the earliest', async () => {
    expect(productOf({ codes: { product: 'dom ' } })).toBe('DOM');
    expect(productOf({ codes: { product: 'STD' } })).toBe('DOM');
    expect(productOf({ codes: {} })).toBe('DOM');
    const answer = await connector().createVoucher(
      shipment({ reference: 'HUB-COL-D', date_shipment_desired: '2020-01-02', packings: [packing(0.004)] }),
      { ...tour, codes: { product: 'SERVICE-X' } },
      carrier,
      pdf,
    );
    expect(answer.trackingNumbers[0]).toMatch(/^6A\d{11}$/);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    expect(sent(0).letter.service).toMatchObject({ productCode: 'DOM', depositDate: today });
    expect(sent(0).letter.parcel.weight).toBe(0.01);
  });

  it('declares cash on delivery in cents, split over the parcels, and insurance above the threshold by mail', async () => {
    const answer = await connector().createVoucher(
      shipment({ reference: 'HUB-COL-COD', cash_on_delivery: 100.01, insurance_value: 2000 }),
      tour,
      carrier,
      pdf,
    );
    expect(answer.insuranceByMail).toBe(true);
    expect([sent(0).letter.parcel, sent(1).letter.parcel]).toEqual([
      { weight: 4.5, cod: true, codamount: 5001, codcurrency: 'EUR' },
      { weight: 4.5, cod: true, codamount: 5000, codcurrency: 'EUR' },
    ]);
  });

  it('says Colissimo’s refusals with the spec’s keys and Colissimo’s id and words', async () => {
    const c = connector();
    expect(await outcome(c.createVoucher(shipment({}, { zip: '00000' }), tour, carrier, pdf))).toEqual({
      key: 'zipTownNotReferenced',
      params: {
        carrier: 'Colissimo',
        code: '30213',
        message: 'Le code pays ou le code postal du destinataire est incorrect pour le code produit fourni',
      },
    });
    expect(await outcome(c.createVoucher(shipment({}, { address1: 'Poste restante' }), tour, carrier, pdf))).toMatchObject({
      key: 'addressNotDeliverable',
      params: { code: '30202' },
    });
    expect(await outcome(c.createVoucher(shipment({}, { country: 'KP', zip: '12345' }), tour, carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: '30208' },
    });
    expect(await outcome(c.createVoucher(shipment({ reference: 'HUB-COL-KO' }), tour, carrier, pdf))).toMatchObject({
      key: 'voucherCreationFailed',
      params: { code: '30999' },
    });
    const hazmat = shipment({ dangerous_goods: [{ un_number: '1263' } as ShipmentDto['dangerous_goods'][number]] });
    expect(await outcome(c.createVoucher(hazmat, tour, carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'HAZMAT' },
    });
    fake.calls.length = 0;
    expect(await outcome(c.createVoucher(shipment(), { ...tour, codes: { product: 'A2P' } }, carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'PICKUP_LOCATION', product: 'A2P' },
    });
    expect(labelCalls()).toHaveLength(0);
  });

  it('says refused credentials as a failed web service with Colissimo’s id, password or API key', async () => {
    const wrong = (secrets: Record<string, string>) =>
      new ColissimoConnector({ ...account(), secrets }, { ...carrierLineOptions(), timeoutMs: 10_000 });
    const refused = {
      key: 'carrierServiceFailed',
      params: { carrier: 'Colissimo', code: '30000', message: 'Identifiant ou mot de passe incorrect' },
    };
    expect(await outcome(wrong({ password: 'not-the-password' }).createVoucher(shipment(), tour, carrier, pdf))).toEqual(refused);
    expect(await outcome(wrong({ api_key: 'not-the-key' }).createVoucher(shipment(), tour, carrier, pdf))).toEqual(refused);
  });

  it('answers the refusal of a later parcel, the labels made before it dropped (never deposited, never billed)', async () => {
    const s = shipment({ reference: 'HUB-COL-HEAVY', packings: [packing(5), { ...packing(35), line: 2 }] });
    const e = await outcome(connector().createVoucher(s, tour, carrier, pdf));
    expect(made('HUB-COL-HEAVY')).toHaveLength(1);
    expect(e).toEqual({
      key: 'voucherCreationFailed',
      params: {
        carrier: 'Colissimo',
        code: '30301',
        message: 'Le poids du colis est incorrect',
        dropped: [made('HUB-COL-HEAVY')[0].parcelNumber],
      },
    });
  });

  it('says a 5xx, a malformed answer and a timeout are outages, the parcel then uncertain', async () => {
    const c = connector('key', { timeoutMs: 1_500 });
    const one = shipment({ reference: 'HUB-COL-OUT', packings: [packing(2)] });
    fake.failNext('colissimo.label', '5xx');
    expect(await outcome(c.createVoucher(one, tour, carrier, pdf))).toEqual({ outage: 'HTTP_5XX', uncertain: true });
    // Not multipart: an HTML page.
    fake.failNext('colissimo.label', 'malformed');
    expect(await outcome(c.createVoucher(one, tour, carrier, pdf))).toEqual({ outage: 'MALFORMED', uncertain: true });
    // Multipart, its jsonInfos without a label part.
    fake.colissimo.withoutLabel = 1;
    expect(await outcome(c.createVoucher(one, tour, carrier, pdf))).toEqual({ outage: 'MALFORMED', uncertain: true });
    fake.failNext('colissimo.label', 'timeout');
    const started = Date.now();
    expect(await outcome(c.createVoucher(one, tour, carrier, pdf))).toEqual({ outage: 'TIMEOUT', uncertain: true });
    expect(Date.now() - started).toBeLessThan(4_500);
  });

  it('says a multipart answer cut short is malformed', async () => {
    const cut: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const bytes = Buffer.from(await response.arrayBuffer());
      return new Response(bytes.subarray(0, bytes.length - 80), { status: response.status, headers: response.headers });
    };
    const c = connector('key', { fetchFn: cut });
    expect(await outcome(c.createVoucher(shipment({ reference: 'HUB-COL-CUT' }), tour, carrier, pdf))).toEqual({
      outage: 'MALFORMED',
      uncertain: true,
    });
  });

  it('after a lost answer, makes new labels: the lost one was never printed, so never deposited nor billed', async () => {
    const c = connector('key', { timeoutMs: 1_500 });
    const s = shipment({ reference: 'HUB-COL-LOST' });
    fake.failNext('colissimo.label', 'timeout');
    expect(await outcome(c.createVoucher(s, tour, carrier, pdf))).toEqual({ outage: 'TIMEOUT', uncertain: true });
    // Colissimo made the first parcel; its answer came too late for the client.
    await until(() => made('HUB-COL-LOST').length === 1);
    const lost = made('HUB-COL-LOST')[0].parcelNumber;
    const answer = await c.createVoucher(s, tour, carrier, { format: 'PDF', afterUncertain: true });
    expect(answer.trackingNumbers).toHaveLength(2);
    expect(answer.trackingNumbers).not.toContain(lost);
    expect(made('HUB-COL-LOST')).toHaveLength(3);
  });

  it('opens the circuit after consecutive outages, answers at once, and closes it when Colissimo is back', async () => {
    const c = connector();
    const one = shipment({ reference: 'HUB-COL-CIRCUIT', packings: [packing(1)] });
    fake.failNext('colissimo.label', '5xx', 3);
    for (let i = 0; i < 3; i++) expect((await outcome(c.createVoucher(one, tour, carrier, pdf)))?.outage).toBe('HTTP_5XX');
    expect(c.line.open).toBe(true);
    fake.calls.length = 0;
    expect(await outcome(c.createVoucher(one, tour, carrier, pdf))).toEqual({ outage: 'CIRCUIT_OPEN', uncertain: false });
    expect(fake.calls).toHaveLength(0);
    // Asked again and again: answered at once while open, by Colissimo once the circuit lets a call through.
    let answer: VoucherAnswer | undefined;
    const deadline = Date.now() + 5_000;
    while (!answer) {
      try {
        answer = await c.createVoucher(one, tour, carrier, pdf);
      } catch (e) {
        expect((e as CarrierOutage).code).toBe('CIRCUIT_OPEN');
        if (Date.now() > deadline) throw e;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    expect(answer!.trackingNumbers).toHaveLength(1);
    expect(c.line.open).toBe(false);
  });

  it('has nothing to cancel at Colissimo: an unscanned parcel is never billed', async () => {
    await connector().cancel();
    expect(fake.calls).toHaveLength(0);
  });

  it('reads the parcels’ events from La Poste’s Suivi v2, the announcement left out', async () => {
    const c = connector();
    const answer = await c.createVoucher(shipment({ reference: 'HUB-COL-TRK' }), tour, carrier, pdf);
    const followed = { voucher: answer.voucher, tracking_numbers: answer.trackingNumbers };
    // Announced only (DR1): nothing in La Poste's hands yet.
    expect(await c.track(followed)).toEqual([]);
    const [first, second] = answer.trackingNumbers;
    colissimoScan(fake.colissimo, first, {
      code: 'PC1',
      label: 'Votre colis a été déposé dans un point postal.',
      at: new Date('2026-12-04T09:00:00Z'),
    });
    colissimoScan(fake.colissimo, second, {
      code: 'PC1',
      label: 'Votre colis a été déposé dans un point postal.',
      at: new Date('2026-12-04T09:00:00Z'),
    });
    colissimoScan(fake.colissimo, second, {
      code: 'ET1',
      label: "Votre colis est en cours d'acheminement.",
      at: new Date('2026-12-04T20:00:00Z'),
    });
    colissimoScan(fake.colissimo, second, {
      code: 'AG1',
      label: 'Votre colis vous attend dans votre bureau de poste.',
      at: new Date('2026-12-05T10:00:00Z'),
    });
    colissimoScan(fake.colissimo, second, { code: 'DI1', label: 'Votre colis est livré.', at: new Date('2026-12-06T11:30:00Z') });
    fake.calls.length = 0;
    const events = await c.track(followed);
    expect(fake.calls.map((call) => call.path)).toEqual([`/suivi/v2/idships/${first},${second}?lang=fr_FR`]);
    expect(fake.calls[0].headers['x-okapi-key']).toBe(accounts.colissimo.apiKey);
    expect(events.filter((e) => e.trackingNumber === second).map((e) => [e.status, e.at])).toEqual([
      ['PICKED_UP', '2026-12-04T09:00:00.000Z'],
      ['IN_TRANSIT', '2026-12-04T20:00:00.000Z'],
      ['ANOMALY', '2026-12-05T10:00:00.000Z'],
      ['DELIVERED', '2026-12-06T11:30:00.000Z'],
    ]);
    expect(events.filter((e) => e.trackingNumber === first).map((e) => e.status)).toEqual(['PICKED_UP']);
    expect(new Set(events.map((e) => e.id)).size).toBe(5);
    expect(events.find((e) => e.status === 'DELIVERED')?.note).toBe('Votre colis est livré.');
    // One known, one not (207), none known (404).
    expect(await c.track({ voucher: first, tracking_numbers: [first, '6A00000000000'] })).toHaveLength(1);
    expect(await c.track({ voucher: '6A00000000000', tracking_numbers: [] })).toEqual([]);
    // No API key: nothing to ask La Poste.
    fake.calls.length = 0;
    expect(await connector('password').track(followed)).toEqual([]);
    expect(fake.calls).toHaveLength(0);
    const refused = new ColissimoConnector({ ...account(), secrets: { api_key: 'not-the-key' } }, carrierLineOptions());
    expect(await outcome(refused.track(followed))).toEqual({ outage: 'AUTH', uncertain: false });
  });

  it('never lets a secret out in an error', async () => {
    const secrets = [accounts.colissimo.password, accounts.colissimo.apiKey];
    const errors: unknown[] = [];
    for (const auth of ['key', 'password'] as const) {
      const c = connector(auth, { timeoutMs: 1_500 });
      fake.failNext('colissimo.label', '5xx');
      errors.push(await c.createVoucher(shipment(), tour, carrier, pdf).catch((x: unknown) => x));
      fake.failNext('colissimo.label', 'timeout');
      errors.push(await c.createVoucher(shipment(), tour, carrier, pdf).catch((x: unknown) => x));
      errors.push(await c.createVoucher(shipment({}, { zip: '00000' }), tour, carrier, pdf).catch((x: unknown) => x));
    }
    errors.push(
      await new ColissimoConnector({ ...account(), secrets: { password: 'wrong-pass' } }, carrierLineOptions())
        .createVoucher(shipment(), tour, carrier, pdf)
        .catch((x: unknown) => x),
    );
    expect(errors.every((e) => e instanceof Error)).toBe(true);
    for (const e of errors) {
      const text = JSON.stringify({ message: (e as Error).message, ...(e as object) });
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});

describe('multipart bodies as the Colissimo connector reads them', () => {
  const CRLF = '\r\n';
  const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

  it('reads parts by Content-ID, every byte value kept, whatever looks like a delimiter inside a part', () => {
    const boundary = 'uuid:81751150-ac92-43a7-bb29-2b90eed2c22c';
    // Inside the label: a line starting with the delimiter but going on, and a CRLF-- without the boundary.
    const label = Buffer.concat([
      Buffer.from('%PDF-1.3\n'),
      every,
      Buffer.from(`\r\n--${boundary}X not a delimiter\r\n--uuid:other\r\n`),
      every,
    ]);
    const body = Buffer.concat([
      Buffer.from(
        `${CRLF}--${boundary}${CRLF}Content-Type: application/json;charset=UTF-8${CRLF}Content-Transfer-Encoding: binary${CRLF}` +
          `Content-ID: <jsonInfos>${CRLF}${CRLF}{"messages":[{"id":"0","type":"INFOS","messageContent":"La requête a été traitée avec succès"}]}` +
          `${CRLF}--${boundary}${CRLF}Content-Type: application/octet-stream${CRLF}Content-ID: <label>${CRLF}${CRLF}`,
        'utf8',
      ),
      label,
      Buffer.from(`${CRLF}--${boundary}--${CRLF}epilogue`),
    ]);
    const parts = readMultipart(`multipart/related; type="application/json"; boundary="${boundary}"; start="<jsonInfos>"`, body);
    expect(parts.map(partName)).toEqual(['jsonInfos', 'label']);
    expect(JSON.parse(parts[0].body.toString('utf8'))).toMatchObject({
      messages: [{ messageContent: 'La requête a été traitée avec succès' }],
    });
    expect(parts[0].headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(parts[1].body.equals(label)).toBe(true);
  });

  it('takes an unquoted boundary, bare LF line breaks, a preamble, a part without headers and base64 parts', () => {
    const body = Buffer.from(
      'preamble\n--b1\n\nno headers\n--b1\nContent-Disposition: attachment; name="label"\nContent-Transfer-Encoding: base64\n\n' +
        `${Buffer.from([0, 255, 13, 10]).toString('base64')}\n--b1--`,
      'latin1',
    );
    const parts = readMultipart('multipart/mixed; boundary=b1', body);
    expect(parts.map((p) => p.body.toString('latin1'))).toEqual(['no headers', '\u0000\u00ff\r\n']);
    expect(partName(parts[1])).toBe('label');
  });

  it('refuses what is not a whole multipart body', () => {
    expect(() => readMultipart('application/json', Buffer.from('{}'))).toThrow(MultipartError);
    expect(() => readMultipart('multipart/mixed', Buffer.from('--x\r\n\r\nA\r\n--x--'))).toThrow(MultipartError);
    expect(() => readMultipart('multipart/mixed; boundary=x', Buffer.from('--x\r\n\r\nA cut short'))).toThrow(/closing delimiter/);
    expect(() => readMultipart('multipart/mixed; boundary=x', Buffer.from('nothing of it'))).toThrow(/no delimiter/);
    expect(() => readMultipart('multipart/mixed; boundary=x', Buffer.from('--x\r\nContent-Type: a/b\r\n--x--'))).toThrow(/blank line/);
  });

  it('hands a multipart answer’s bytes through a text reader unchanged', async () => {
    const bytes = Buffer.concat([every, Buffer.from([0xef, 0xbb, 0xbf, 0xff, 0xfe]), every]);
    const fetchFn = keepingMultipartBytes(async () => new Response(bytes, { headers: { 'Content-Type': 'multipart/mixed; boundary=x' } }));
    const response = await fetchFn('http://unused');
    expect(Buffer.from(await response.text(), 'latin1').equals(bytes)).toBe(true);
    // Other answers as they are.
    const json = keepingMultipartBytes(async () => new Response('{"é":1}', { headers: { 'Content-Type': 'application/json' } }));
    expect(await (await json('http://unused')).text()).toBe('{"é":1}');
  });
});
