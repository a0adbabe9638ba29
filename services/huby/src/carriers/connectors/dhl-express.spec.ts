import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { CarrierDto, ShipmentDto, TourDto } from '@portal/contracts';
import { startCarrierFake, type CarrierFake } from '../../../../../tests/support/carrier-fakes';
import { testPacking, testShipment } from '../../../../../tests/support/carrier-shipments';
import { dhlScan } from '../../../../../tests/support/dhl-fake';
import { canReadLabels, pdfPages, readBarcodes, zplPages } from '../../../../../tests/support/read-barcodes';
import { mergePdf } from '../../labels/carrier-labels';
import type { VoucherRequest } from '../carrier-adapter';
import { CarrierLine, carrierLineOptions, CarrierOutage } from './carrier-line';
import type { OpenAccount } from './connection-test';
import { connectorFor } from './connectors';
import { defaultProductCode, DhlExpressConnector, plannedShippingDateAndTime } from './dhl-express';

const accounts = {
  ups: { clientId: 'u', clientSecret: 'u-secret', shipperNumber: 'A1B2C3' },
  dhlExpress: { apiKey: 'dhl-key-value', apiSecret: 'dhl-secret-value-42' },
  colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
};
const ACCOUNT_NUMBER = '950000002';
const carrier: CarrierDto = {
  id: 8,
  ref: 'DHLX',
  name: 'DHL Express',
  kind: 'parcel',
  shipping_window_days: 10,
  insurance_threshold: 1500,
  pickup_email: null,
  settings: {},
};
const tour = { id: 4, code: 'DHL-EXP', account_number: ACCOUNT_NUMBER, codes: {} } as unknown as TourDto;
const shipment = (patch: Partial<ShipmentDto> = {}, recipient: Partial<ShipmentDto['recipient']> = {}): ShipmentDto =>
  testShipment(
    {
      uuid: '00000000-0000-4000-8000-000000000002',
      reference: 'HUB-DHL-1',
      packings: [testPacking(4.7, 2)],
      total_weight_kg: 9.4,
      ...patch,
    },
    recipient,
  );

const pdf: VoucherRequest = { format: 'PDF', afterUncertain: false };
const zpl: VoucherRequest = { format: 'ZPL', afterUncertain: false };
const afterLoss: VoucherRequest = { format: 'PDF', afterUncertain: true };

/** Waits for a condition of the fake (a shipment made behind a lost answer), at most `ms`. */
async function until(condition: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setImmediate(r));
  }
}

describe('the DHL Express connector against a fake of DHL’s published MyDHL API', () => {
  let fake: CarrierFake;
  const account = (): OpenAccount => ({
    connector: 'dhl_express',
    environment: 'custom',
    base_url: `${fake.url}/mydhlapi`,
    settings: { account_number: ACCOUNT_NUMBER },
    secrets: { api_key: accounts.dhlExpress.apiKey, api_secret: accounts.dhlExpress.apiSecret },
  });
  const connector = (patch: Partial<ReturnType<typeof carrierLineOptions>> = {}, open: OpenAccount = account()) =>
    new DhlExpressConnector(
      open,
      new CarrierLine('DHL Express', open.secrets, {
        ...carrierLineOptions(),
        timeoutMs: 10_000,
        halfOpenAfterMs: 300,
        failures: 3,
        ...patch,
      }),
    );
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: { key?: string; code?: string; params?: Record<string, unknown>; uncertain?: boolean }) =>
        e instanceof CarrierOutage
          ? { outage: e.code, uncertain: e.uncertain }
          : e.key
            ? { key: e.key, params: e.params }
            : { error: String(e) },
    );
  const dhlCalls = () => fake.calls.filter((c) => c.path.startsWith('/mydhlapi/'));
  const sent = () =>
    JSON.parse(dhlCalls().find((c) => c.method === 'POST')!.body) as {
      plannedShippingDateAndTime: string;
      productCode: string;
      accounts: unknown;
      valueAddedServices?: unknown;
      customerReferences: unknown;
      outputImageProperties: { encodingFormat: string };
      customerDetails: { receiverDetails: { contactInformation: Record<string, string> } };
      content: { packages: { weight: number; dimensions?: unknown; referenceNumber: number }[]; declaredValue?: number };
    };

  beforeAll(async () => {
    fake = await startCarrierFake(accounts, { holdMs: 6_000 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.calls.length = 0;
    fake.dhl.onePerShipment = false;
  });
  afterEach(() => {
    const seen = fake.violations.splice(0);
    expect(seen).toEqual([]);
  });

  it('is the connector of a DHL Express account', () => {
    expect(connectorFor(account())).toBeInstanceOf(DhlExpressConnector);
  });

  it('asks PDF labels, one per package, with DHL’s waybill and piece numbers, in DHL’s words', async () => {
    const answer = await connector().createVoucher(shipment(), tour, carrier, pdf);
    expect(answer.voucher).toMatch(/^\d{10}$/);
    expect(answer.trackingNumbers).toEqual([`JD014600${answer.voucher}01`, `JD014600${answer.voucher}02`]);
    expect(answer.labels?.map((l) => l.format)).toEqual(['PDF', 'PDF']);
    expect(answer.insuranceByMail).toBe(false);
    const [call] = dhlCalls();
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/mydhlapi/shipments');
    expect(call.headers.authorization).toBe(
      `Basic ${Buffer.from(`${accounts.dhlExpress.apiKey}:${accounts.dhlExpress.apiSecret}`).toString('base64')}`,
    );
    expect(call.headers['x-version']).toBe('3.3.1');
    const body = sent();
    expect(body.plannedShippingDateAndTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2} GMT\+0[12]:00$/);
    expect(body.productCode).toBe('N');
    expect(body.accounts).toEqual([{ typeCode: 'shipper', number: ACCOUNT_NUMBER }]);
    expect(body.customerReferences).toEqual([{ value: 'HUB-DHL-1', typeCode: 'CU' }]);
    // 800 € insured below the carrier's 1,500 € threshold: DHL's insurance service (II) with the value.
    expect(body.valueAddedServices).toEqual([{ serviceCode: 'II', value: 800, currency: 'EUR' }]);
    expect(body.content.packages).toEqual([
      { referenceNumber: 1, weight: 4.7, dimensions: { length: 40, width: 30, height: 20 } },
      { referenceNumber: 2, weight: 4.7, dimensions: { length: 40, width: 30, height: 20 } },
    ]);
    expect(body.customerDetails.receiverDetails.contactInformation).toEqual({
      phone: '0478000000',
      companyName: 'Boulangerie Martin',
      fullName: 'Claire Martin',
      email: 'claire@example.fr',
    });
    if (!canReadLabels) return;
    // zbarimg reads each page's Code 128 back: the piece number of its package.
    const pages = pdfPages(await mergePdf([{ labels: answer.labels! }], 'DHL'));
    expect(pages.map((p) => readBarcodes(p).map((b) => b.data))).toEqual([[answer.trackingNumbers[0]], [answer.trackingNumbers[1]]]);
  });

  it('asks ZPL labels for ZPL and keeps them as DHL wrote them', async () => {
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-DHL-Z' }), tour, carrier, zpl);
    expect(sent().outputImageProperties.encodingFormat).toBe('zpl');
    expect(answer.labels?.map((l) => l.format)).toEqual(['ZPL', 'ZPL']);
    const text = answer.labels![1].content.toString('utf8');
    expect(text).toMatch(/^\^XA[\s\S]*\^XZ$/);
    if (!canReadLabels) return;
    const [png] = await zplPages(text);
    expect(readBarcodes(png).map((b) => b.data)).toEqual([answer.trackingNumbers[1]]);
  });

  it('keeps one document for all the packages as one label when DHL gives no label per package', async () => {
    fake.dhl.onePerShipment = true;
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-DHL-ONE' }), tour, carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
    expect(answer.labels).toHaveLength(1);
    if (!canReadLabels) return;
    const pages = pdfPages(answer.labels![0].content);
    expect(pages.map((p) => readBarcodes(p).map((b) => b.data))).toEqual([[answer.trackingNumbers[0]], [answer.trackingNumbers[1]]]);
  });

  it('says DHL’s refusals with the spec’s keys and DHL’s code and message', async () => {
    const dhl = connector();
    const before = fake.dhl.shipments.size;
    expect(await refusal(dhl.createVoucher(shipment({}, { zip: '00000' }), tour, carrier, pdf))).toEqual({
      key: 'zipTownNotReferenced',
      params: {
        carrier: 'DHL Express',
        code: '410301',
        message: "The postal code #/customerDetails/receiverDetails/postalAddress/postalCode '00000' is not valid for FR",
      },
    });
    expect(await refusal(dhl.createVoucher(shipment({}, { address1: 'Poste restante' }), tour, carrier, pdf))).toMatchObject({
      key: 'addressNotDeliverable',
      params: { code: '410302' },
    });
    // The domestic product between two countries: not available between this origin and destination.
    expect(
      await refusal(
        dhl.createVoucher(
          shipment({}, { country: 'DE', zip: '10115', town: 'BERLIN' }),
          { ...tour, codes: { product: 'N' } },
          carrier,
          pdf,
        ),
      ),
    ).toMatchObject({ key: 'noCarrierService', params: { code: '410138' } });
    // Several problems: DHL says so in detail and gives them in additionalDetails.
    expect(await refusal(dhl.createVoucher(shipment({ reference: 'HUB-DHL-KO' }), tour, carrier, pdf))).toEqual({
      key: 'voucherCreationFailed',
      params: { carrier: 'DHL Express', code: '410001', message: 'The shipment could not be processed' },
    });
    expect(dhlCalls()).toHaveLength(4);
    expect(fake.dhl.shipments.size).toBe(before);
  });

  it('refuses in words, without calling DHL, what it cannot send: dangerous goods, COD, customs, no phone', async () => {
    const dhl = connector();
    const dg = [{ un_number: '1263', class: '3' } as ShipmentDto['dangerous_goods'][number]];
    expect(await refusal(dhl.createVoucher(shipment({ dangerous_goods: dg }), tour, carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'DANGEROUS_GOODS' },
    });
    expect(await refusal(dhl.createVoucher(shipment({ cash_on_delivery: 120 }), tour, carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'COD' },
    });
    expect(await refusal(dhl.createVoucher(shipment({}, { country: 'KP', zip: '' }), tour, carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'CUSTOMS_DECLARATION' },
    });
    expect(await refusal(dhl.createVoucher(shipment({}, { phone: null, mobile: null }), tour, carrier, pdf))).toMatchObject({
      key: 'voucherCreationFailed',
      params: { code: 'PHONE_REQUIRED' },
    });
    expect(dhlCalls()).toHaveLength(0);
  });

  it('ships within the EU without customs as EXPRESS WORLDWIDE (U), the tour’s product first', async () => {
    const de = { country: 'DE', zip: '10115', town: 'BERLIN' };
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-DHL-EU', declared_amount: 640 }, de), tour, carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
    expect(sent().productCode).toBe('U');
    expect(sent().content.declaredValue).toBe(640);
    fake.calls.length = 0;
    await connector().createVoucher(shipment({ reference: 'HUB-DHL-EU2' }, de), { ...tour, codes: { product: 'P' } }, carrier, pdf);
    expect(sent().productCode).toBe('P');
    expect(defaultProductCode('FR', 'CH')).toBe('P');
  });

  it('sends no insured value above the carrier’s threshold (it goes by mail)', async () => {
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-DHL-INS', insurance_value: 2400 }), tour, carrier, pdf);
    expect(answer.insuranceByMail).toBe(true);
    expect(sent().valueAddedServices).toBeUndefined();
  });

  it('says a 5xx, a malformed answer and a timeout are outages, the voucher then uncertain', async () => {
    const dhl = connector({ timeoutMs: 1_500 });
    fake.failNext('dhl.ship', '5xx');
    expect(await refusal(dhl.createVoucher(shipment(), tour, carrier, pdf))).toEqual({ outage: 'HTTP_5XX', uncertain: true });
    fake.failNext('dhl.ship', 'malformed');
    expect(await refusal(dhl.createVoucher(shipment(), tour, carrier, pdf))).toEqual({ outage: 'MALFORMED', uncertain: true });
    fake.failNext('dhl.ship', 'timeout');
    const started = Date.now();
    expect(await refusal(dhl.createVoucher(shipment({ reference: 'HUB-DHL-TO' }), tour, carrier, pdf))).toEqual({
      outage: 'TIMEOUT',
      uncertain: true,
    });
    expect(Date.now() - started).toBeLessThan(4_500);
  });

  it('says refused credentials are an outage (AUTH), never with the secret in it', async () => {
    const wrong = { ...account(), secrets: { api_key: accounts.dhlExpress.apiKey, api_secret: 'not-the-secret-0' } };
    expect(await refusal(connector({}, wrong).createVoucher(shipment(), tour, carrier, pdf))).toEqual({ outage: 'AUTH', uncertain: false });
  });

  it('after a lost answer, finds the shipment DHL made and makes no second one', async () => {
    const dhl = connector({ timeoutMs: 1_500 });
    const s = shipment({ reference: 'HUB-DHL-LOST' });
    const made = (reference: string) => [...fake.dhl.shipments.values()].filter((x) => x.reference === reference);
    fake.failNext('dhl.ship', 'timeout');
    expect(await refusal(dhl.createVoucher(s, tour, carrier, pdf))).toEqual({ outage: 'TIMEOUT', uncertain: true });
    // DHL made it (the fake may still be drawing its labels); its answer came too late for the client.
    await until(() => made('HUB-DHL-LOST').length === 1);
    fake.calls.length = 0;
    const found = await refusal(dhl.createVoucher(s, tour, carrier, afterLoss));
    const [lost] = made('HUB-DHL-LOST');
    expect(found).toMatchObject({
      key: 'voucherCreationFailed',
      params: { carrier: 'DHL Express', code: 'DUPLICATE_RISK', waybills: [lost.waybill], trackingNumbers: lost.trackingNumbers },
    });
    expect(made('HUB-DHL-LOST')).toHaveLength(1);
    expect(dhlCalls().map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual(['GET /mydhlapi/tracking']);
    const query = new URL(`http://x${dhlCalls()[0].path}`).searchParams;
    expect(query.get('shipmentReference')).toBe('HUB-DHL-LOST');
    expect(query.get('shipmentReferenceType')).toBe('CU');
    expect(query.get('shipperAccountNumber')).toBe(ACCOUNT_NUMBER);
    // Nothing found (the first request never reached DHL): a new shipment.
    const fresh = await dhl.createVoucher(shipment({ reference: 'HUB-DHL-NEW' }), tour, carrier, afterLoss);
    expect(made('HUB-DHL-NEW')).toHaveLength(1);
    expect(fresh.trackingNumbers).toEqual(made('HUB-DHL-NEW')[0].trackingNumbers);
  });

  it('says the lookup’s own outage as an outage, making nothing', async () => {
    const dhl = connector({ attempts: 1 });
    fake.failNext('dhl.tracking', '5xx');
    expect(await refusal(dhl.createVoucher(shipment({ reference: 'HUB-DHL-L5' }), tour, carrier, afterLoss))).toEqual({
      outage: 'HTTP_5XX',
      uncertain: true,
    });
    expect(dhlCalls().filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('opens the circuit after consecutive outages, answers at once, and closes it when DHL is back', async () => {
    const dhl = connector();
    fake.failNext('dhl.ship', '5xx', 3);
    for (let i = 0; i < 3; i++) expect((await refusal(dhl.createVoucher(shipment(), tour, carrier, pdf)))?.outage).toBe('HTTP_5XX');
    fake.calls.length = 0;
    expect(await refusal(dhl.createVoucher(shipment(), tour, carrier, pdf))).toEqual({ outage: 'CIRCUIT_OPEN', uncertain: false });
    expect(dhlCalls()).toHaveLength(0);
    // Open, it answers at once without calling DHL; half-open after 300 ms, one call closes it.
    let answer: Awaited<ReturnType<DhlExpressConnector['createVoucher']>> | undefined;
    const deadline = Date.now() + 5_000;
    while (!answer && Date.now() < deadline) {
      answer = await dhl.createVoucher(shipment({ reference: 'HUB-DHL-C1' }), tour, carrier, pdf).catch((e: unknown) => {
        if (!(e instanceof CarrierOutage && e.code === 'CIRCUIT_OPEN')) throw e;
        return undefined;
      });
      if (!answer) await new Promise((r) => setImmediate(r));
    }
    expect(answer?.trackingNumbers).toHaveLength(2);
    expect(dhlCalls().filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('reads a shipment’s checkpoints from DHL’s tracking as the portal’s carrier events, for each piece', async () => {
    const dhl = connector();
    const answer = await dhl.createVoucher(shipment(), tour, carrier, pdf);
    const followed = { voucher: answer.voucher, tracking_numbers: answer.trackingNumbers };
    expect(await dhl.track(followed)).toEqual([]);
    dhlScan(fake.dhl, answer.voucher, { typeCode: 'PU', description: 'Shipment picked up', at: new Date('2026-12-04T09:00:00Z') });
    dhlScan(fake.dhl, answer.voucher, { typeCode: 'PL', description: 'Processed at LYON - FRANCE', at: new Date('2026-12-04T18:00:00Z') });
    dhlScan(fake.dhl, answer.voucher, { typeCode: 'NH', description: 'Consignee not home', at: new Date('2026-12-05T10:00:00Z') });
    dhlScan(fake.dhl, answer.voucher, { typeCode: 'OK', description: 'Delivered', at: new Date('2026-12-06T11:30:00Z') });
    const events = await dhl.track(followed);
    expect(events.filter((e) => e.trackingNumber === answer.trackingNumbers[1]).map((e) => [e.status, e.at])).toEqual([
      ['PICKED_UP', '2026-12-04T09:00:00.000Z'],
      ['IN_TRANSIT', '2026-12-04T18:00:00.000Z'],
      ['ANOMALY', '2026-12-05T10:00:00.000Z'],
      ['DELIVERED', '2026-12-06T11:30:00.000Z'],
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(8);
    expect(events[0].note).toContain('Shipment picked up');
    expect(await dhl.track({ voucher: '0000000000', tracking_numbers: [] })).toEqual([]);
  });

  it('cancels without calling DHL: MyDHL has no shipment void, an unused waybill is not billed', async () => {
    await connector().cancel();
    expect(dhlCalls()).toHaveLength(0);
  });

  it('never lets the secret out in an error', async () => {
    const dhl = connector({ attempts: 1 });
    fake.failNext('dhl.ship', '5xx');
    const errors = [
      await dhl.createVoucher(shipment(), tour, carrier, pdf).catch((x: unknown) => x),
      await dhl.createVoucher(shipment({}, { zip: '00000' }), tour, carrier, pdf).catch((x: unknown) => x),
      await connector({}, { ...account(), secrets: { api_key: 'other-key-1', api_secret: accounts.dhlExpress.apiSecret } })
        .createVoucher(shipment(), tour, carrier, pdf)
        .catch((x: unknown) => x),
    ];
    for (const e of errors) {
      const text = JSON.stringify({ message: (e as Error).message, ...(e as object) });
      expect(text).not.toContain(accounts.dhlExpress.apiSecret);
      expect(text).not.toContain(Buffer.from(`${accounts.dhlExpress.apiKey}:${accounts.dhlExpress.apiSecret}`).toString('base64'));
    }
  });
});

describe('plannedShippingDateAndTime, as DHL writes it', () => {
  it('is the desired day at 10:00 in the shipper’s zone, with its offset of that day', () => {
    const now = new Date('2026-03-20T09:00:00Z');
    expect(plannedShippingDateAndTime('2026-03-24', now)).toBe('2026-03-24T10:00:00 GMT+01:00');
    // After the change to summer time.
    expect(plannedShippingDateAndTime('2026-03-30', now)).toBe('2026-03-30T10:00:00 GMT+02:00');
  });

  it('is today, a few minutes ahead, when no day or a past one is desired; never past midnight', () => {
    const now = new Date('2026-07-10T08:00:00Z');
    expect(plannedShippingDateAndTime(null, now)).toBe('2026-07-10T10:10:00 GMT+02:00');
    expect(plannedShippingDateAndTime('2026-07-01', now)).toBe('2026-07-10T10:10:00 GMT+02:00');
    expect(plannedShippingDateAndTime(null, new Date('2026-12-31T22:55:00Z'))).toBe('2026-12-31T23:59:00 GMT+01:00');
  });
});
