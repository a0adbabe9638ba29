import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { CarrierDto, ShipmentDto, TourDto } from '@portal/contracts';
import { startCarrierFake, type CarrierFake } from '../../../../../tests/support/carrier-fakes';
import { testPacking, testShipment } from '../../../../../tests/support/carrier-shipments';
import { dpdScan } from '../../../../../tests/support/dpd-fake';
import { canReadLabels, pdfPages, readBarcodes, zplPages } from '../../../../../tests/support/read-barcodes';
import type { VoucherRequest } from '../carrier-adapter';
import { carrierLineOptions, CarrierOutage } from './carrier-line';
import { testConnection, type OpenAccount } from './connection-test';
import { DPD_EPRINT_NS, DPD_EPRINT_PATH, dpdEndpoints, dpdEnvelope, DpdConnector, dpdFaultOf, dpdSoapAction } from './dpd';

const dpdAccount = { userid: 'dpd-user', password: 'dpd-Pa55-word', customerCenterNumber: '077', customerNumber: '12345' };
const accounts = {
  ups: { clientId: 'u', clientSecret: 'u', shipperNumber: 'u' },
  dhlExpress: { apiKey: 'k', apiSecret: 's' },
  colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
  dpd: { ...dpdAccount } as typeof dpdAccount & { traceUserid?: string; tracePassword?: string },
};
const carrier: CarrierDto = {
  id: 11,
  ref: 'DPD',
  name: 'DPD France',
  kind: 'parcel',
  shipping_window_days: 10,
  insurance_threshold: 1500,
  pickup_email: null,
  settings: {},
};
const tour = (product = 'CLASSIC') => ({ id: 5, code: 'DPD-CL', account_number: '12345', codes: { product } }) as unknown as TourDto;
const shipment = (patch: Partial<ShipmentDto> = {}, recipient: Partial<ShipmentDto['recipient']> = {}): ShipmentDto =>
  testShipment({ reference: 'HUB-DPD-1', ...patch }, recipient);

const pdf: VoucherRequest = { format: 'PDF', afterUncertain: false };
const zpl: VoucherRequest = { format: 'ZPL', afterUncertain: false };
const PARCEL = /^1077\d{10}$/;

describe('the DPD France connector against a fake of its EPrint and Webtrace web services', () => {
  let fake: CarrierFake;
  const account = (patch: Partial<OpenAccount> = {}): OpenAccount => ({
    connector: 'dpd',
    environment: 'custom',
    base_url: fake.url,
    settings: { userid: dpdAccount.userid, customer_center_number: '077', customer_number: '12345' },
    secrets: { password: dpdAccount.password },
    ...patch,
  });
  const connector = (patch: Partial<ReturnType<typeof carrierLineOptions>> = {}, open: OpenAccount = account()) =>
    new DpdConnector(open, { ...carrierLineOptions(), timeoutMs: 10_000, halfOpenAfterMs: 300, failures: 3, ...patch });
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
  const live = (reference: string) => [...fake.dpd.parcels.values()].filter((p) => p.reference === reference && !p.terminated);
  const sent = (barcodeId: string) => fake.dpd.parcels.get(barcodeId)!.request as Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    fake = await startCarrierFake(accounts, { holdMs: 6_000 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.calls.length = 0;
    fake.dpd.operations.length = 0;
  });
  afterEach(() => {
    const seen = fake.violations.splice(0);
    expect(seen).toEqual([]);
  });

  it('makes one parcel per package with A6 PDF labels whose Code 128 carries DPD’s parcel number', async () => {
    const answer = await connector().createVoucher(shipment(), tour(), carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
    expect(answer.trackingNumbers.every((t) => PARCEL.test(t))).toBe(true);
    expect(answer.voucher).toBe(answer.trackingNumbers[0]);
    expect(answer.insuranceByMail).toBe(false);
    expect(answer.labels?.map((l) => l.format)).toEqual(['PDF', 'PDF']);
    expect(fake.dpd.operations).toEqual(['CreateShipmentWithLabelsBc', 'CreateShipmentWithLabelsBc']);
    const call = fake.calls[0];
    expect(call.path).toBe(DPD_EPRINT_PATH);
    expect(call.headers.soapaction).toBe('"http://www.cargonet.software/CreateShipmentWithLabelsBc"');
    const request = sent(answer.trackingNumbers[0]);
    expect(request.receiveraddress).toEqual({
      countryPrefix: 'FR',
      zipCode: '69002',
      city: 'LYON',
      street: '3 place Bellecour',
      name: 'Boulangerie Martin',
      phoneNumber: '0478000000',
    });
    expect(request.receiverinfo).toEqual({ contact: 'Claire Martin' });
    expect(request.weight).toBe('4.5');
    expect(request.referencenumber).toBe('HUB-DPD-1');
    expect(request.labelType).toEqual({ type: 'PDF_A6' });
    // 800 € insured below the carrier's 1,500 € threshold: declared to DPD, split over the parcels; the recipient told by e-mail.
    expect(request.services).toEqual({
      contact: { email: 'claire@example.fr', type: 'AutomaticMail' },
      extraInsurance: { value: '400.00', type: 'byShipments' },
    });
    expect(String(request.shippingdate)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    if (!canReadLabels) return;
    for (const [i, label] of answer.labels!.entries()) {
      const pages = pdfPages(label.content);
      expect(pages).toHaveLength(1);
      const read = readBarcodes(pages[0]).map((b) => b.data);
      // DPD's barcode: %, the recipient's postcode on 7 digits, the parcel number, service 101 (Classic), source 902.
      expect(read).toEqual([`%0069002${answer.trackingNumbers[i]}101902`]);
    }
  });

  it('asks ZPL for ZPL and keeps DPD’s text as it came', async () => {
    const answer = await connector().createVoucher(
      shipment({ reference: 'HUB-DPD-Z', packings: [testPacking(2, 1)] }),
      tour(),
      carrier,
      zpl,
    );
    expect(answer.labels?.map((l) => l.format)).toEqual(['ZPL']);
    expect(sent(answer.voucher).labelType).toEqual({ type: 'ZPL' });
    const text = answer.labels![0].content.toString('utf8');
    expect(text).toMatch(/^\^XA[\s\S]*\^XZ$/);
    if (!canReadLabels) return;
    const [png] = await zplPages(text);
    expect(readBarcodes(png).map((b) => b.data)).toEqual([`%0069002${answer.voucher}101902`]);
  });

  it('sends Predict with the recipient’s mobile, and refuses it in words without one', async () => {
    const answer = await connector().createVoucher(
      shipment({ reference: 'HUB-DPD-P', packings: [testPacking(1, 1)] }, { mobile: '06 12 34 56 78' }),
      tour('PREDICT'),
      carrier,
      pdf,
    );
    expect(sent(answer.voucher).services).toMatchObject({ contact: { sms: '0612345678', email: 'claire@example.fr', type: 'Predict' } });
    expect(fake.dpd.parcels.get(answer.voucher)!.service).toBe('327');
    fake.calls.length = 0;
    expect(await refusal(connector().createVoucher(shipment({}, { mobile: null }), tour('PREDICT'), carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'PREDICT_MOBILE' },
    });
    expect(fake.calls).toHaveLength(0);
  });

  it('says DPD’s refusals with the spec’s keys and DPD’s ErrorId and words', async () => {
    const dpd = connector();
    const one = { packings: [testPacking(3, 1)] };
    expect(await refusal(dpd.createVoucher(shipment(one, { zip: '00000' }), tour(), carrier, pdf))).toEqual({
      key: 'zipTownNotReferenced',
      params: { carrier: 'DPD France', code: 'InvalidInput', message: 'CountryPrefix-ZipCode-City is invalid' },
    });
    expect(await refusal(dpd.createVoucher(shipment(one, { address1: 'Poste restante' }), tour(), carrier, pdf))).toEqual({
      key: 'addressNotDeliverable',
      params: { carrier: 'DPD France', code: 'RoutingError', message: 'RoutingError: Error occured in DPD routing' },
    });
    expect(await refusal(dpd.createVoucher(shipment(one, { country: 'KP' }), tour(), carrier, pdf))).toEqual({
      key: 'noCarrierService',
      params: { carrier: 'DPD France', code: 'InvalidCountryPrefix', message: 'CountryPrefix is invalid' },
    });
    expect(await refusal(dpd.createVoucher(shipment({ reference: 'HUB-DPD-KO', ...one }), tour(), carrier, pdf))).toMatchObject({
      key: 'voucherCreationFailed',
      params: { code: 'InvalidInput', message: 'Shipment could not be created' },
    });
    expect(await refusal(dpd.createVoucher(shipment({ packings: [testPacking(40, 1)] }), tour(), carrier, pdf))).toMatchObject({
      key: 'voucherCreationFailed',
      params: { code: 'InvalidWeight', message: 'Invalid weight - Maximum supported weight is 31,5' },
    });
    expect(fake.dpd.parcels.size).toBeGreaterThan(0);
  });

  it('refuses in words, before any call, what EPrint does not take', async () => {
    const dpd = connector();
    const dangerous = shipment({ dangerous_goods: [{ un_number: '1263' } as ShipmentDto['dangerous_goods'][number]] });
    expect(await refusal(dpd.createVoucher(dangerous, tour(), carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'DANGEROUS_GOODS' },
    });
    expect(await refusal(dpd.createVoucher(shipment({ cash_on_delivery: 120 }), tour(), carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'CASH_ON_DELIVERY' },
    });
    expect(await refusal(dpd.createVoucher(shipment(), tour('RELAIS'), carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'PICKUP_POINT' },
    });
    expect(fake.calls).toHaveLength(0);
  });

  it('declares insurance above the threshold by mail, not to DPD', async () => {
    const answer = await connector().createVoucher(
      shipment({ reference: 'HUB-DPD-INS', insurance_value: 2_000, packings: [testPacking(1, 1)] }),
      tour(),
      carrier,
      pdf,
    );
    expect(answer.insuranceByMail).toBe(true);
    expect(sent(answer.voucher).services).toEqual({ contact: { email: 'claire@example.fr', type: 'AutomaticMail' } });
  });

  it('cancels at DPD the parcels made before a package it refuses', async () => {
    const s = shipment({ reference: 'HUB-DPD-HALF', packings: [testPacking(4, 1), { ...testPacking(40, 1), line: 2 }] });
    const result = await refusal(connector().createVoucher(s, tour(), carrier, pdf));
    expect(result).toMatchObject({ key: 'voucherCreationFailed', params: { code: 'InvalidWeight' } });
    const made = [...fake.dpd.parcels.values()].filter((p) => p.reference === 'HUB-DPD-HALF');
    expect(made).toHaveLength(1);
    expect(made[0].terminated).toBe(true);
    expect(result?.params?.dropped).toEqual([made[0].barcodeId]);
    expect(fake.dpd.operations).toEqual(['CreateShipmentWithLabelsBc', 'CreateShipmentWithLabelsBc', 'TerminateShipment']);
  });

  it('says a 5xx, a malformed answer and a timeout are outages, the voucher then uncertain', async () => {
    const dpd = connector({ timeoutMs: 1_500 });
    const s = shipment({ reference: 'HUB-DPD-OUT', packings: [testPacking(1, 1)] });
    fake.failNext('dpd.eprint', '5xx');
    expect(await refusal(dpd.createVoucher(s, tour(), carrier, pdf))).toEqual({ outage: 'HTTP_5XX', uncertain: true });
    fake.failNext('dpd.eprint', 'malformed');
    expect(await refusal(dpd.createVoucher(s, tour(), carrier, pdf))).toEqual({ outage: 'MALFORMED', uncertain: true });
    fake.failNext('dpd.eprint', 'timeout');
    const started = Date.now();
    expect(await refusal(dpd.createVoucher(s, tour(), carrier, pdf))).toEqual({ outage: 'TIMEOUT', uncertain: true });
    // Well before the fake's answer (6 s): the budget ended the wait.
    expect(Date.now() - started).toBeLessThan(4_500);
  });

  it('reads an .asmx fault without DPD’s error (a crash) as an outage, not a refusal', async () => {
    const crash = async () =>
      new Response(
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
          '<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Server was unable to process request.</faultstring><detail /></soap:Fault>' +
          '</soap:Body></soap:Envelope>',
        { status: 500, headers: { 'Content-Type': 'text/xml; charset=utf-8' } },
      );
    const dpd = new DpdConnector(account(), { ...carrierLineOptions(), fetchFn: crash as typeof fetch });
    expect(await refusal(dpd.createVoucher(shipment(), tour(), carrier, pdf))).toEqual({ outage: 'HTTP_5XX', uncertain: true });
  });

  it('after a lost answer, finds the parcels DPD made by the reference and prints them again, making none', async () => {
    const s = shipment({ reference: 'HUB-DPD-LOST', packings: [testPacking(2, 1)] });
    fake.failNext('dpd.eprint', 'timeout');
    expect(await refusal(connector({ timeoutMs: 1_500 }).createVoucher(s, tour(), carrier, pdf))).toEqual({
      outage: 'TIMEOUT',
      uncertain: true,
    });
    for (let i = 0; i < 100 && !live('HUB-DPD-LOST').length; i++) await new Promise((r) => setTimeout(r, 50));
    const lost = live('HUB-DPD-LOST');
    expect(lost).toHaveLength(1);
    fake.dpd.operations.length = 0;
    const found = await connector().createVoucher(s, tour(), carrier, { format: 'ZPL', afterUncertain: true });
    expect(found.trackingNumbers).toEqual([lost[0].barcodeId]);
    expect(found.labels?.map((l) => l.format)).toEqual(['ZPL']);
    expect(live('HUB-DPD-LOST')).toHaveLength(1);
    expect(fake.dpd.operations).toEqual(['GetShipping', 'GetLabelBc']);
    if (!canReadLabels) return;
    const [png] = await zplPages(found.labels![0].content.toString('utf8'));
    expect(readBarcodes(png).map((b) => b.data)).toEqual([lost[0].barcode]);
  });

  it('after a lost answer that made only some parcels, cancels them and makes the shipment again', async () => {
    const s = shipment({ reference: 'HUB-DPD-SOME' });
    fake.failNext('dpd.eprint', 'timeout');
    expect(await refusal(connector({ timeoutMs: 1_500 }).createVoucher(s, tour(), carrier, pdf))).toEqual({
      outage: 'TIMEOUT',
      uncertain: true,
    });
    for (let i = 0; i < 100 && !live('HUB-DPD-SOME').length; i++) await new Promise((r) => setTimeout(r, 50));
    const first = live('HUB-DPD-SOME').map((p) => p.barcodeId);
    expect(first).toHaveLength(1);
    fake.dpd.operations.length = 0;
    const again = await connector().createVoucher(s, tour(), carrier, { format: 'PDF', afterUncertain: true });
    expect(fake.dpd.operations).toEqual(['GetShipping', 'TerminateShipment', 'CreateShipmentWithLabelsBc', 'CreateShipmentWithLabelsBc']);
    expect(fake.dpd.parcels.get(first[0])!.terminated).toBe(true);
    expect(live('HUB-DPD-SOME').map((p) => p.barcodeId)).toEqual(again.trackingNumbers);
  });

  it('after a lost answer that never reached DPD (nothing under the reference), makes the parcels', async () => {
    const fresh = await connector().createVoucher(shipment({ reference: 'HUB-DPD-NEW' }), tour(), carrier, {
      format: 'PDF',
      afterUncertain: true,
    });
    expect(fake.dpd.operations).toEqual(['GetShipping', 'CreateShipmentWithLabelsBc', 'CreateShipmentWithLabelsBc']);
    expect(fresh.trackingNumbers).toHaveLength(2);
    expect(live('HUB-DPD-NEW')).toHaveLength(2);
  });

  it('says refused credentials as an AUTH outage, the password never in its words', async () => {
    const wrong = account({ secrets: { password: 'not-the-Pa55' } });
    const e = await connector({}, wrong)
      .createVoucher(shipment(), tour(), carrier, pdf)
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CarrierOutage);
    expect(e).toMatchObject({ code: 'AUTH', uncertain: false });
    expect(JSON.stringify({ message: (e as Error).message, ...(e as object) })).not.toContain('not-the-Pa55');
    const stranger = account({ settings: { ...account().settings, customer_number: '99999' } });
    expect(await refusal(connector({}, stranger).createVoucher(shipment(), tour(), carrier, pdf))).toEqual({
      outage: 'AUTH',
      uncertain: false,
    });
  });

  it('opens the circuit after consecutive outages, answers at once, and closes it when DPD is back', async () => {
    const dpd = connector();
    const s = shipment({ reference: 'HUB-DPD-C', packings: [testPacking(1, 1)] });
    fake.failNext('dpd.eprint', '5xx', 3);
    for (let i = 0; i < 3; i++) expect((await refusal(dpd.createVoucher(s, tour(), carrier, pdf)))?.outage).toBe('HTTP_5XX');
    fake.calls.length = 0;
    expect(await refusal(dpd.createVoucher(s, tour(), carrier, pdf))).toEqual({ outage: 'CIRCUIT_OPEN', uncertain: false });
    expect(fake.calls).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 350));
    const answer = await dpd.createVoucher(s, tour(), carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(1);
  });

  it('cancels every parcel at DPD; cancelled already or unknown is nothing left to do; a parcel DPD has is refused', async () => {
    const dpd = connector();
    const answer = await dpd.createVoucher(shipment({ reference: 'HUB-DPD-V' }), tour(), carrier, pdf);
    const made = shipment({ voucher: answer.voucher, tracking_numbers: answer.trackingNumbers });
    await dpd.cancel(made);
    expect(answer.trackingNumbers.map((t) => fake.dpd.parcels.get(t)!.terminated)).toEqual([true, true]);
    await dpd.cancel(made);
    await dpd.cancel(shipment({ voucher: '10770000000000', tracking_numbers: ['10770000000000'] }));
    const scanned = await dpd.createVoucher(shipment({ reference: 'HUB-DPD-V2', packings: [testPacking(1, 1)] }), tour(), carrier, pdf);
    dpdScan(fake.dpd, scanned.voucher, { status: 28, description: 'Colis pris en charge', at: new Date() });
    expect(await refusal(dpd.cancel(shipment({ voucher: scanned.voucher, tracking_numbers: scanned.trackingNumbers })))).toMatchObject({
      key: 'carrierServiceFailed',
      params: { code: 'ShipmentInNetwork' },
    });
  });

  it('reads a parcel’s scans from Webtrace as the portal’s carrier events, in UTC, the EDI data left out', async () => {
    accounts.dpd.traceUserid = 'dpd-trace';
    accounts.dpd.tracePassword = 'trace-Pa55';
    try {
      const dpd = connector(
        {},
        account({
          settings: { ...account().settings, trace_userid: 'dpd-trace' },
          secrets: { password: dpdAccount.password, trace_password: 'trace-Pa55' },
        }),
      );
      const answer = await dpd.createVoucher(shipment({ reference: 'HUB-DPD-TRK' }), tour(), carrier, pdf);
      const followed = { voucher: answer.voucher, tracking_numbers: answer.trackingNumbers };
      expect(await dpd.track(followed)).toEqual([]);
      const [first] = answer.trackingNumbers;
      dpdScan(fake.dpd, first, {
        status: 28,
        description: 'Colis pris en charge',
        at: new Date('2026-12-04T09:00:00Z'),
        center: 'DPD RHONE',
      });
      dpdScan(fake.dpd, first, { status: 10, description: 'Entrée centre', at: new Date('2026-12-04T21:15:00Z') });
      dpdScan(fake.dpd, first, { status: 141, description: 'Instance - destinataire absent', at: new Date('2026-12-05T10:00:00Z') });
      dpdScan(fake.dpd, first, { status: 40, description: 'Livré', at: new Date('2026-12-06T11:30:00Z') });
      dpdScan(fake.dpd, answer.trackingNumbers[1], { status: 44, description: 'Enlèvement', at: new Date('2026-07-01T08:00:00Z') });
      const events = await dpd.track(followed);
      expect(events.filter((e) => e.trackingNumber === first).map((e) => [e.status, e.at])).toEqual([
        ['PICKED_UP', '2026-12-04T09:00:00.000Z'],
        ['IN_TRANSIT', '2026-12-04T21:15:00.000Z'],
        ['ANOMALY', '2026-12-05T10:00:00.000Z'],
        ['DELIVERED', '2026-12-06T11:30:00.000Z'],
      ]);
      // Summer time (UTC+2) read back as well.
      expect(events.find((e) => e.trackingNumber === answer.trackingNumbers[1])).toMatchObject({
        status: 'PICKED_UP',
        at: '2026-07-01T08:00:00.000Z',
      });
      expect(events[1].note).toBe('Colis pris en charge – DPD RHONE');
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      // Webtrace asked with its own login, on its own path.
      const trace = fake.calls.filter((c) => c.path === '/trace-service/Webtrace_Service.asmx');
      expect(trace.length).toBeGreaterThan(0);
      expect(trace.every((c) => c.body.includes('<userid>dpd-trace</userid>'))).toBe(true);
      expect(await dpd.track({ voucher: '10779999999999', tracking_numbers: [] })).toEqual([]);
    } finally {
      delete accounts.dpd.traceUserid;
      delete accounts.dpd.tracePassword;
    }
  });

  it('books a pickup at the shipper’s and answers DPD’s pickup number', async () => {
    const booking = {
      depositor_code: 'DEMO-A',
      shipper: {
        company_name: 'Entrepôt Saint-Priest',
        contact_name: 'Quai 4',
        address1: '12 rue du Dauphiné',
        zip: '69800',
        town: 'SAINT-PRIEST',
        country: 'FR',
      },
      pickup_date: '2026-12-07',
      pickup_hour: '14:30',
      account_number: null,
      phone: '04 72 00 00 00',
    } as Parameters<DpdConnector['requestPickup']>[0];
    const { reference } = await connector().requestPickup(booking, carrier);
    expect(reference).toMatch(/^71\d{8}$/);
    const request = fake.dpd.pickups.get(reference) as Record<string, Record<string, unknown>>;
    expect(request.pick_date).toBe('07/12/2026');
    expect(request.data).toEqual({ time_from: '14:30', time_to: '18:30', remark: 'DEMO-A', pick_remark: 'Quai 4', dayCheckDone: 'false' });
    expect(request.shipperaddress).toMatchObject({ zipCode: '69800', name: 'Entrepôt Saint-Priest', phoneNumber: '0472000000' });
  });

  it('tests the connection with EPrint’s VerifyConfiguration; wrong credentials are said refused, with DPD’s code', async () => {
    expect(await testConnection(account())).toMatchObject({ ok: true, status: 200, call: `POST ${fake.url}${DPD_EPRINT_PATH}` });
    expect(await testConnection(account({ secrets: { password: 'nope-nope' } }))).toMatchObject({
      ok: false,
      failure: 'authRefused',
      status: 500,
      code: 'PermissionDenied',
      message: 'Permission denied',
    });
    expect(await testConnection(account({ settings: { userid: 'dpd-user' } }))).toMatchObject({ ok: false, failure: 'incomplete' });
  });

  it('calls the published hosts: EPrint’s production path with dpd-, its test path without, Webtrace on webtrace.dpd.fr', () => {
    expect(dpdEndpoints({ connector: 'dpd', environment: 'production', base_url: null })).toEqual({
      eprint: 'https://e-station.cargonet.software/dpd-eprintwebservice/eprintwebservice.asmx',
      trace: 'https://webtrace.dpd.fr/trace-service/Webtrace_Service.asmx',
    });
    expect(dpdEndpoints({ connector: 'dpd', environment: 'test', base_url: null })).toEqual({
      eprint: 'https://e-station-testenv.cargonet.software/eprintwebservice/eprintwebservice.asmx',
      trace: 'https://e-station-testenv.cargonet.software/trace-service/Webtrace_Service.asmx',
    });
    expect(dpdSoapAction('http://www.cargonet.software/', 'GetShipmentTrace')).toBe('"http://www.cargonet.software/GetShipmentTrace"');
    expect(dpdFaultOf('<html>Maintenance</html>')).toBeNull();
  });

  it('has a fake that refuses, and records, a request its schema does not allow', async () => {
    // Weight before the references' place in the sequence: xmllint says so against both EPrint schemas.
    const body = dpdEnvelope(
      DPD_EPRINT_NS,
      { name: 'UserCredentials', fields: { userid: dpdAccount.userid, password: dpdAccount.password } },
      'CreateShipmentWithLabelsBc',
      { request: { customer_countrycode: 250, customer_centernumber: 77, customer_number: 12345, referencenumber: 'X', weight: '1' } },
    );
    const response = await fetch(`${fake.url}${DPD_EPRINT_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: dpdSoapAction(DPD_EPRINT_NS, 'CreateShipmentWithLabelsBc') },
      body,
    });
    expect(response.status).toBe(500);
    expect(dpdFaultOf(await response.text())).toMatchObject({ code: 'soap:Client', dpd: false });
    const seen = fake.violations.splice(0);
    expect(seen.some((v) => v.includes('EPrintWebservice.xsd') && v.includes("'{http://www.cargonet.software}weight'"))).toBe(true);
    expect(seen.some((v) => v.includes('dpd-eprint-wsdl-'))).toBe(true);
  });
});
