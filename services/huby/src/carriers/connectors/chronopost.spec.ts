import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { CarrierDto, ShipmentDto, TourDto } from '@portal/contracts';
import { XMLParser } from 'fast-xml-parser';
import { startCarrierFake, type CarrierFake } from '../../../../../tests/support/carrier-fakes';
import { testShipment } from '../../../../../tests/support/carrier-shipments';
import { chronopostRegister, chronopostScan } from '../../../../../tests/support/chronopost-fake';
import { canReadLabels, pdfPages, readBarcodes, zplPages } from '../../../../../tests/support/read-barcodes';
import type { CarrierAdapter, VoucherRequest } from '../carrier-adapter';
import { carrierLineOptions, CarrierOutage, type CarrierLineOptions } from './carrier-line';
import { ChronopostConnector, chronopostEventStatusOf } from './chronopost';
import { testConnection, type OpenAccount } from './connection-test';
import { connectorFor } from './connectors';

const PASSWORD = '918273';
const accounts = {
  ups: { clientId: 'u', clientSecret: 's', shipperNumber: 'A1B2C3' },
  dhlExpress: { apiKey: 'k', apiSecret: 's' },
  colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
  chronopost: { accountNumber: '19869502', password: PASSWORD },
};
const carrier: CarrierDto = {
  id: 9,
  ref: 'CHRONOPOST',
  name: 'Chronopost',
  kind: 'parcel',
  shipping_window_days: 10,
  insurance_threshold: 1500,
  pickup_email: null,
  settings: {},
};
const tourOf = (codes: Record<string, string> = {}) =>
  ({ id: 4, code: 'CHRONO-13', account_number: '19869502', codes: { product: '01', ...codes } }) as unknown as TourDto;
const tour = tourOf();
const shipment = (patch: Partial<ShipmentDto> = {}, recipient: Partial<ShipmentDto['recipient']> = {}): ShipmentDto =>
  testShipment({ reference: 'HUB-CHR-1', ...patch }, recipient);

const pdf: VoucherRequest = { format: 'PDF', afterUncertain: false };
const zpl: VoucherRequest = { format: 'ZPL', afterUncertain: false };
const SKYBILL = /^XP\d{9}FR$/;

/** The operation a request carried, read from its envelope (the fake keeps the parsed request too). */
const read = new XMLParser({ removeNSPrefix: true, parseTagValue: false, isArray: (n) => n === 'skybillValue' });
const operationOf = (body: string, name: string) =>
  (read.parse(body) as { Envelope: { Body: Record<string, Record<string, unknown>> } }).Envelope.Body[name];

describe('the Chronopost connector against a fake of Chronopost’s published SOAP services', () => {
  let fake: CarrierFake;
  const accountOf = (patch: Partial<OpenAccount> = {}): OpenAccount => ({
    connector: 'chronopost',
    environment: 'custom',
    base_url: fake.url,
    settings: { account_number: accounts.chronopost.accountNumber },
    secrets: { password: PASSWORD },
    ...patch,
  });
  const connector = (patch: Partial<CarrierLineOptions> = {}, account: Partial<OpenAccount> = {}) =>
    new ChronopostConnector(accountOf(account), {
      ...carrierLineOptions(),
      timeoutMs: 10_000,
      halfOpenAfterMs: 300,
      failures: 3,
      ...patch,
    });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: { key?: string; params?: Record<string, unknown> }) =>
        e instanceof CarrierOutage
          ? { outage: e.code, uncertain: e.uncertain }
          : e.key
            ? { key: e.key, params: e.params }
            : { error: String(e) },
    );
  const made = (reference: string) => [...fake.chronopost.parcels.values()].filter((p) => p.reference === reference);
  const shippingCalls = () => fake.calls.filter((c) => c.path === '/shipping-cxf/ShippingServiceWS');

  beforeAll(async () => {
    fake = await startCarrierFake(accounts, { holdMs: 6_000 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.calls.length = 0;
  });
  afterEach(() => {
    const seen = fake.violations.splice(0);
    expect(seen).toEqual([]);
  });

  it('is the connector of a Chronopost account', () => {
    expect(connectorFor(accountOf())).toBeInstanceOf(ChronopostConnector);
  });

  it('asks PDF labels (mode THE), one per parcel, with Chronopost’s skybill numbers, in one multi-parcel call', async () => {
    const answer = await connector().createVoucher(shipment(), tour, carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
    expect(answer.trackingNumbers.every((t) => SKYBILL.test(t))).toBe(true);
    expect(answer.voucher).toBe(answer.trackingNumbers[0]);
    expect(answer.insuranceByMail).toBe(false);
    expect(answer.labels?.map((l) => l.format)).toEqual(['PDF', 'PDF']);
    expect(shippingCalls()).toHaveLength(1);
    const sent = operationOf(shippingCalls()[0].body, 'shippingMultiParcelV5') as {
      headerValue: Record<string, string>;
      recipientValue: Record<string, string>;
      refValue: Record<string, string>;
      skybillValue: Record<string, string>[];
      skybillParamsValue: Record<string, string>;
      numberOfParcel: string;
      multiParcel: string;
      password: string;
    };
    expect(sent.headerValue).toEqual({ accountNumber: '19869502', idEmit: 'CHRFR', subAccount: '000' });
    expect(sent.skybillParamsValue).toEqual({ duplicata: 'N', mode: 'THE', withReservation: '0' });
    expect([sent.numberOfParcel, sent.multiParcel]).toEqual(['2', 'Y']);
    expect(sent.refValue.shipperRef).toBe('HUB-CHR-1');
    // 22: the recipient's e-mail pre-alert.
    expect(sent.recipientValue.recipientPreAlert).toBe('22');
    expect(sent.skybillValue.map((x) => [x.weight, x.length, x.width, x.height, x.skybillRank, x.bulkNumber])).toEqual([
      ['4.5', '40', '30', '20', '1', '2'],
      ['4.5', '40', '30', '20', '2', '2'],
    ]);
    // 800 € insured below the carrier's 1,500 € threshold: in cents, shared over the parcels.
    expect(sent.skybillValue.map((x) => [x.insuredValue, x.insuredCurrency])).toEqual([
      ['40000', 'EUR'],
      ['40000', 'EUR'],
    ]);
    expect(sent.skybillValue[0]).toMatchObject({ productCode: '01', service: '0', objectType: 'MAR', evtCode: 'DC' });
    expect(sent.skybillValue[0].shipDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    if (!canReadLabels) return;
    const read = answer.labels!.map((l) => pdfPages(l.content).map((p) => readBarcodes(p).map((b) => b.data)));
    expect(read).toEqual([[[answer.trackingNumbers[0]]], [[answer.trackingNumbers[1]]]]);
  });

  it('asks ZPL labels (mode Z2D) for ZPL and keeps them as Chronopost wrote them', async () => {
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-CHR-Z' }), tour, carrier, zpl);
    expect(answer.labels?.map((l) => l.format)).toEqual(['ZPL', 'ZPL']);
    expect(made('HUB-CHR-Z').map((p) => p.mode)).toEqual(['Z2D', 'Z2D']);
    const text = answer.labels![0].content.toString('utf8');
    expect(text).toMatch(/^\^XA[\s\S]*\^XZ$/);
    expect(answer.labels![0].content.equals(made('HUB-CHR-Z')[0].label)).toBe(true);
    if (!canReadLabels) return;
    const [png] = await zplPages(text);
    expect(readBarcodes(png).map((b) => b.data)).toEqual([answer.trackingNumbers[0]]);
  });

  it('keeps one document when Chronopost gives every parcel’s label on the first', async () => {
    fake.chronopost.oneDocument = 1;
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-CHR-ONE' }), tour, carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
    expect(answer.labels).toHaveLength(1);
    if (!canReadLabels) return;
    expect(pdfPages(answer.labels![0].content).map((p) => readBarcodes(p).map((b) => b.data))).toEqual([
      [answer.trackingNumbers[0]],
      [answer.trackingNumbers[1]],
    ]);
  });

  it('sends the delivery options Chronopost takes: cash on delivery, Saturday, a product of the tour, one parcel', async () => {
    const s = shipment({ reference: 'HUB-CHR-OPT', cash_on_delivery: 150, insurance_value: 2000, packings: [testShipment().packings[0]] });
    s.packings = [{ ...s.packings[0], packages: 1 }];
    const answer = await connector().createVoucher(s, tourOf({ product: '16', service: '6' }), carrier, pdf);
    // 2,000 € is above the carrier's threshold: insured by mail, not declared to Chronopost.
    expect(answer.insuranceByMail).toBe(true);
    const sent = operationOf(shippingCalls()[0].body, 'shippingMultiParcelV5') as {
      skybillValue: Record<string, string>[];
      multiParcel: string;
    };
    expect(sent.multiParcel).toBe('N');
    expect(sent.skybillValue).toHaveLength(1);
    expect(sent.skybillValue[0]).toMatchObject({ productCode: '16', service: '6', codValue: '15000', codCurrency: 'EUR' });
    expect(sent.skybillValue[0].insuredValue).toBeUndefined();
    expect(sent.skybillValue[0].bulkNumber).toBeUndefined();
  });

  it('says Chronopost’s refusals with the spec’s keys and Chronopost’s code and message', async () => {
    const chronopost = connector();
    expect(await refusal(chronopost.createVoucher(shipment({}, { zip: '00000' }), tour, carrier, pdf))).toEqual({
      key: 'zipTownNotReferenced',
      params: { carrier: 'Chronopost', code: '38', message: 'Routing error : recipientZipCode 00000 is not routable for FR' },
    });
    expect(await refusal(chronopost.createVoucher(shipment({}, { address1: 'Poste restante' }), tour, carrier, pdf))).toMatchObject({
      key: 'addressNotDeliverable',
      params: { code: '33' },
    });
    expect(await refusal(chronopost.createVoucher(shipment(), tourOf({ product: '99' }), carrier, pdf))).toEqual({
      key: 'noCarrierService',
      params: { carrier: 'Chronopost', code: '35', message: 'Code Service GeoPost not found' },
    });
    expect(await refusal(chronopost.createVoucher(shipment({ reference: 'HUB-CHR-KO' }), tour, carrier, pdf))).toEqual({
      key: 'voucherCreationFailed',
      params: { carrier: 'Chronopost', code: '32', message: 'incorrect data length' },
    });
    expect(made('HUB-CHR-KO')).toHaveLength(0);
  });

  it('refuses in words, before any call, what the connector cannot send', async () => {
    const chronopost = connector();
    const dangerous = shipment({ dangerous_goods: [{ un_number: '1263' } as ShipmentDto['dangerous_goods'][number]] });
    expect(await refusal(chronopost.createVoucher(dangerous, tour, carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'DANGEROUS_GOODS' },
    });
    expect(await refusal(chronopost.createVoucher(shipment(), tourOf({ product: '86' }), carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'PICKUP_POINT' },
    });
    expect(await refusal(chronopost.createVoucher(shipment({}, { country: 'CH', zip: '1201' }), tour, carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'CUSTOMS_DECLARATION' },
    });
    expect(
      await refusal(chronopost.createVoucher(shipment({}, { country: 'BE', zip: '1000' }), tourOf({ service: '6' }), carrier, pdf)),
    ).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'DELIVERY_DAY' },
    });
    expect(fake.calls).toHaveLength(0);
    // With a dangerous goods product, the contract covers them.
    const answer = await chronopost.createVoucher({ ...dangerous, reference: 'HUB-CHR-DG' }, tourOf({ product: '1M' }), carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
  });

  it('says wrong credentials are the account’s, never with the password', async () => {
    const e = await connector({}, { secrets: { password: '000111' } })
      .createVoucher(shipment(), tour, carrier, pdf)
      .catch((x: Error) => x);
    expect(e).toBeInstanceOf(CarrierOutage);
    expect(e).toMatchObject({ code: 'AUTH', uncertain: false });
    const other = await connector({}, { settings: { account_number: '12345678' } })
      .createVoucher(shipment(), tour, carrier, pdf)
      .catch((x: Error) => x);
    expect(other).toMatchObject({ code: 'AUTH' });
    expect(JSON.stringify({ message: (e as Error).message, ...(e as object) })).not.toContain('000111');
  });

  it('says a 5xx, a malformed answer, a timeout and Chronopost’s system error are outages, the voucher then uncertain', async () => {
    const chronopost = connector({ timeoutMs: 1_500 });
    fake.failNext('chronopost.shipping', '5xx');
    expect(await refusal(chronopost.createVoucher(shipment(), tour, carrier, pdf))).toEqual({ outage: 'HTTP_5XX', uncertain: true });
    fake.failNext('chronopost.shipping', 'malformed');
    expect(await refusal(chronopost.createVoucher(shipment(), tour, carrier, pdf))).toEqual({ outage: 'MALFORMED', uncertain: true });
    // errorCode 1 "System Error" comes with HTTP 200: the carrier failing, not a refusal.
    expect(await refusal(chronopost.createVoucher(shipment({ reference: 'HUB-CHR-SYS' }), tour, carrier, pdf))).toEqual({
      outage: 'HTTP_5XX',
      uncertain: true,
    });
    fake.failNext('chronopost.shipping', 'timeout');
    const started = Date.now();
    expect(await refusal(chronopost.createVoucher(shipment({ reference: 'HUB-CHR-T' }), tour, carrier, pdf))).toEqual({
      outage: 'TIMEOUT',
      uncertain: true,
    });
    // Well before the fake's answer (6 s): the budget ended the wait.
    expect(Date.now() - started).toBeLessThan(4_500);
  });

  it('reads SOAP faults: a refused request (soap:Client) is a refusal, a server fault an outage', async () => {
    const faultOf = (code: string) =>
      new Response(
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>' +
          `<faultcode>${code}</faultcode><faultstring>Unmarshalling Error: unexpected element shipperFax</faultstring>` +
          '</soap:Fault></soap:Body></soap:Envelope>',
        { status: 500, headers: { 'Content-Type': 'text/xml' } },
      );
    let next = 'soap:Client';
    const fetchFn = (async () => faultOf(next)) as unknown as typeof fetch;
    expect(await refusal(connector({ fetchFn }).createVoucher(shipment(), tour, carrier, pdf))).toEqual({
      key: 'voucherCreationFailed',
      params: { carrier: 'Chronopost', code: 'soap:Client', message: 'Unmarshalling Error: unexpected element shipperFax' },
    });
    next = 'soap:Server';
    expect(await refusal(connector({ fetchFn }).createVoucher(shipment(), tour, carrier, pdf))).toEqual({
      outage: 'HTTP_5XX',
      uncertain: true,
    });
  });

  it('after a lost answer, cancels the parcels Chronopost made before making the labels again: one voucher stays', async () => {
    const s = shipment({ reference: 'HUB-CHR-LOST' });
    fake.failNext('chronopost.shipping', 'timeout');
    expect(await refusal(connector({ timeoutMs: 1_500 }).createVoucher(s, tour, carrier, pdf))).toEqual({
      outage: 'TIMEOUT',
      uncertain: true,
    });
    // Chronopost made the parcels (the fake may still be drawing their labels); the answer came too late.
    for (let i = 0; i < 200 && made('HUB-CHR-LOST').length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    const lost = made('HUB-CHR-LOST').map((p) => p.skybillNumber);
    expect(lost).toHaveLength(2);
    fake.calls.length = 0;
    const again = await connector().createVoucher(s, tour, carrier, { format: 'PDF', afterUncertain: true });
    expect(fake.calls.map((c) => operationName(c.body))).toEqual([
      'trackWithSenderRef',
      'cancelSkybill',
      'cancelSkybill',
      'shippingMultiParcelV5',
    ]);
    const live = made('HUB-CHR-LOST').filter((p) => !p.cancelled);
    expect(live.map((p) => p.skybillNumber)).toEqual(again.trackingNumbers);
    expect(again.trackingNumbers.some((t) => lost.includes(t))).toBe(false);
    // Asked again once more (the parcels cancelled already are found again): still one voucher.
    const third = await connector().createVoucher(s, tour, carrier, { format: 'PDF', afterUncertain: true });
    expect(
      made('HUB-CHR-LOST')
        .filter((p) => !p.cancelled)
        .map((p) => p.skybillNumber),
    ).toEqual(third.trackingNumbers);
  });

  it('after a lost answer, nothing found: the labels are made; a parcel Chronopost will not cancel: refused in words', async () => {
    fake.calls.length = 0;
    const fresh = await connector().createVoucher(shipment({ reference: 'HUB-CHR-NEW' }), tour, carrier, {
      format: 'PDF',
      afterUncertain: true,
    });
    expect(fresh.trackingNumbers).toHaveLength(2);
    expect(fake.calls.map((c) => operationName(c.body))).toEqual(['trackWithSenderRef', 'shippingMultiParcelV5']);
    // A parcel already scanned by Chronopost (its label printed after all): it cannot be cancelled.
    chronopostScan(fake.chronopost, fresh.trackingNumbers[0], { code: 'DB', label: 'Envoi remis par l’expéditeur', at: new Date() });
    const e = await refusal(
      connector().createVoucher(shipment({ reference: 'HUB-CHR-NEW' }), tour, carrier, { format: 'PDF', afterUncertain: true }),
    );
    expect(e).toMatchObject({
      key: 'voucherCreationFailed',
      params: { code: 'DUPLICATE_RISK', trackingNumbers: [fresh.trackingNumbers[0]] },
    });
    // Nothing cancelled, nothing made.
    expect(made('HUB-CHR-NEW').map((p) => p.cancelled)).toEqual([false, false]);
  });

  it('opens the circuit after consecutive outages, answers at once, and closes it when Chronopost is back', async () => {
    const chronopost = connector();
    fake.failNext('chronopost.shipping', '5xx', 3);
    for (let i = 0; i < 3; i++) expect((await refusal(chronopost.createVoucher(shipment(), tour, carrier, pdf)))?.outage).toBe('HTTP_5XX');
    fake.calls.length = 0;
    expect(await refusal(chronopost.createVoucher(shipment(), tour, carrier, pdf))).toEqual({ outage: 'CIRCUIT_OPEN', uncertain: false });
    expect(fake.calls).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 350));
    const answer = await chronopost.createVoucher(shipment({ reference: 'HUB-CHR-C1' }), tour, carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
  });

  it('cancels every parcel at Chronopost; one cancelled already is nothing left to do', async () => {
    const chronopost = connector();
    const answer = await chronopost.createVoucher(shipment({ reference: 'HUB-CHR-V' }), tour, carrier, pdf);
    const s = shipment({ voucher: answer.voucher, tracking_numbers: answer.trackingNumbers });
    await chronopost.cancel(s);
    expect(made('HUB-CHR-V').map((p) => p.cancelled)).toEqual([true, true]);
    // Error 2 again, and the tracking knows the parcels: they are cancelled already.
    await chronopost.cancel(s);
  });

  it('says a parcel not yet in Chronopost’s tracking, or taken in charge, cannot be cancelled', async () => {
    const chronopost = connector();
    fake.chronopost.registerLater = true;
    const answer = await chronopost.createVoucher(shipment({ reference: 'HUB-CHR-LATE' }), tour, carrier, pdf);
    fake.chronopost.registerLater = false;
    const s = shipment({ voucher: answer.voucher, tracking_numbers: answer.trackingNumbers });
    expect(await refusal(chronopost.cancel(s))).toMatchObject({ key: 'carrierServiceFailed', params: { code: '2' } });
    expect(made('HUB-CHR-LATE').map((p) => p.cancelled)).toEqual([false, false]);
    for (const t of answer.trackingNumbers) chronopostRegister(fake.chronopost, t);
    chronopostScan(fake.chronopost, answer.trackingNumbers[1], { code: 'DB', label: 'Envoi remis par l’expéditeur', at: new Date() });
    expect(await refusal(chronopost.cancel(s))).toMatchObject({ key: 'carrierServiceFailed', params: { code: '3' } });
  });

  it('reads a parcel’s events from trackSkybillV2 as the portal’s carrier events', async () => {
    const chronopost = connector();
    const answer = await chronopost.createVoucher(shipment({ reference: 'HUB-CHR-TRK' }), tour, carrier, pdf);
    const followed = { voucher: answer.voucher, tracking_numbers: answer.trackingNumbers };
    // DC only: the label's data, the parcel not yet in Chronopost's hands.
    expect(await chronopost.track(followed)).toEqual([]);
    const [first] = answer.trackingNumbers;
    chronopostScan(fake.chronopost, first, { code: 'DB', label: 'Envoi remis par l’expéditeur', at: new Date('2026-12-04T09:00:00Z') });
    chronopostScan(fake.chronopost, first, { code: 'TS', label: 'Envoi en transit', at: new Date('2026-12-04T22:00:00Z') });
    chronopostScan(fake.chronopost, first, { code: 'TA', label: 'Envoi en cours de livraison', at: new Date('2026-12-05T07:10:00Z') });
    chronopostScan(fake.chronopost, first, {
      code: 'B5',
      label: 'Destinataire absent, avis de passage',
      at: new Date('2026-12-05T10:00:00Z'),
    });
    chronopostScan(fake.chronopost, first, { code: 'D', label: 'Envoi livré', at: new Date('2026-12-06T11:30:00Z') });
    const events = await chronopost.track(followed);
    expect(events.map((e) => [e.trackingNumber, e.status, e.at])).toEqual([
      [first, 'PICKED_UP', '2026-12-04T09:00:00.000Z'],
      [first, 'IN_TRANSIT', '2026-12-04T22:00:00.000Z'],
      [first, 'IN_TRANSIT', '2026-12-05T07:10:00.000Z'],
      [first, 'ANOMALY', '2026-12-05T10:00:00.000Z'],
      [first, 'DELIVERED', '2026-12-06T11:30:00.000Z'],
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(5);
    expect(events[0].note).toBe('Envoi remis par l’expéditeur – LYON CHRONOPOST');
    // The tracking service needs no credentials.
    expect(fake.calls.filter((c) => operationName(c.body) === 'trackSkybillV2').every((c) => !c.body.includes(PASSWORD))).toBe(true);
    expect(await chronopost.track({ voucher: 'XP000000000FR', tracking_numbers: [] })).toEqual([]);
  });

  it('maps codes it does not list by their words', () => {
    expect(chronopostEventStatusOf('XX', 'Retour à l’expéditeur')).toBe('RETURNED');
    expect(chronopostEventStatusOf('XX', 'Colis endommagé')).toBe('DELIVERED_DAMAGED');
    expect(chronopostEventStatusOf('XX', 'Livré au point relais')).toBe('DELIVERED');
    expect(chronopostEventStatusOf('XX', 'Envoi annulé')).toBeNull();
    expect(chronopostEventStatusOf('XX', 'Tri en agence')).toBe('IN_TRANSIT');
  });

  it('tests the connection with quickCost: accepted, a refused password said as such with Chronopost’s words, incomplete', async () => {
    const fetchFn = fetch;
    expect(await testConnection(accountOf(), fetchFn)).toMatchObject({
      ok: true,
      call: `POST ${fake.url}/quickcost-cxf/QuickcostServiceWS`,
    });
    const refused = await testConnection(accountOf({ secrets: { password: '000111' } }), fetchFn);
    expect(refused).toMatchObject({ ok: false, failure: 'authRefused', code: '3', message: 'Invalid Password' });
    expect(JSON.stringify(refused)).not.toContain('000111');
    expect(await testConnection(accountOf({ secrets: {} }), fetchFn)).toMatchObject({ ok: false, failure: 'incomplete' });
  });

  it('has no pickup API to call: the mail asks for it', () => {
    expect((connector() as CarrierAdapter).requestPickup).toBeUndefined();
  });
});

function operationName(body: string): string {
  const parsed = read.parse(body) as { Envelope?: { Body?: Record<string, unknown> } };
  return Object.keys(parsed.Envelope?.Body ?? {})[0] ?? '';
}
