import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { CarrierDto, ShipmentDto, TourDto } from '@portal/contracts';
import { startCarrierFake, type CarrierFake } from '../../../../../tests/support/carrier-fakes';
import { testShipment } from '../../../../../tests/support/carrier-shipments';
import { glsEndOfDay, glsScan } from '../../../../../tests/support/gls-fake';
import { canReadLabels, pdfPages, readBarcodes, zplPages } from '../../../../../tests/support/read-barcodes';
import { mergePdf } from '../../labels/carrier-labels';
import type { PickupBooking, VoucherRequest } from '../carrier-adapter';
import { carrierLineOptions, CarrierOutage } from './carrier-line';
import { testConnection, type OpenAccount } from './connection-test';
import { connectorFor } from './connectors';
import { GlsConnector, glsEventStatus, glsTime, refusalKeyOf } from './gls';

const accounts = {
  ups: { clientId: 'u', clientSecret: 'u-secret', shipperNumber: 'A1B2C3' },
  dhlExpress: { apiKey: 'k', apiSecret: 's' },
  colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
  gls: { username: '2500000001', password: 'gls-password-value', contactId: '250aabbCcD' },
};
const carrier: CarrierDto = {
  id: 9,
  ref: 'GLS',
  name: 'GLS',
  kind: 'parcel',
  shipping_window_days: 10,
  insurance_threshold: 1500,
  pickup_email: null,
  settings: {},
};
const tour = (codes: Record<string, string> = {}) => ({ id: 5, code: 'GLS-FR', account_number: null, codes }) as unknown as TourDto;
const shipment = (patch: Partial<ShipmentDto> = {}, recipient: Partial<ShipmentDto['recipient']> = {}): ShipmentDto =>
  testShipment({ uuid: '00000000-0000-4000-8000-000000000009', reference: 'HUB-GLS-1', ...patch }, recipient);

const pdf: VoucherRequest = { format: 'PDF', afterUncertain: false };
const zpl: VoucherRequest = { format: 'ZPL', afterUncertain: false };

interface SentShipment {
  Shipment: {
    ShippingDate: string;
    Product: string;
    Consignee: { Category: string; Address: Record<string, string> };
    Shipper: { ContactID: string; AlternativeShipperAddress: Record<string, string> };
    ShipmentUnit: { Weight: number; ShipmentUnitReference: string[]; Service?: Record<string, Record<string, unknown>>[] }[];
    Service?: { Service: { ServiceName: string } }[];
  };
  PrintingOptions: { ReturnLabels: { TemplateSet: string; LabelFormat: string } };
}

describe('the GLS connector against a fake of GLS ShipIT’s published REST API', () => {
  let fake: CarrierFake;
  const account = (secrets: Record<string, string> = { password: accounts.gls.password }): OpenAccount => ({
    connector: 'gls',
    environment: 'custom',
    base_url: fake.url,
    settings: { username: accounts.gls.username, contact_id: accounts.gls.contactId },
    secrets,
  });
  const connector = (patch: Partial<ReturnType<typeof carrierLineOptions>> = {}, open: OpenAccount = account()) =>
    new GlsConnector(open, { ...carrierLineOptions(), timeoutMs: 10_000, halfOpenAfterMs: 300, failures: 3, ...patch });
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
  const shipCalls = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/backend/rs/shipments');
  const sent = (n = 0) => JSON.parse(shipCalls()[n].body) as SentShipment;
  const made = (reference: string) => [...fake.gls.parcels.values()].filter((p) => p.reference === reference);
  const parcelNumbers = (trackIds: string[]) => trackIds.map((t) => fake.gls.parcels.get(t)?.parcelNumber);

  beforeAll(async () => {
    fake = await startCarrierFake(accounts, { holdMs: 6_000 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.calls.length = 0;
    fake.gls.onePrintData = false;
    fake.gls.inactive = 0;
  });
  afterEach(() => {
    const seen = fake.violations.splice(0);
    expect(seen).toEqual([]);
  });

  it('makes the parcels in one createParcels call, one PDF label each, GLS’s TrackIDs the tracking numbers', async () => {
    const answer = await connector().createVoucher(shipment(), tour(), carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
    expect(answer.trackingNumbers.every((t) => /^[A-Z0-9]{8}$/.test(t))).toBe(true);
    expect(answer.voucher).toBe(answer.trackingNumbers[0]);
    expect(answer.insuranceByMail).toBe(false);
    expect(answer.labels?.map((l) => l.format)).toEqual(['PDF', 'PDF']);
    expect(answer.labels![0].content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(shipCalls()).toHaveLength(1);
    const call = shipCalls()[0];
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from(`${accounts.gls.username}:${accounts.gls.password}`).toString('base64')}`);
    expect(call.headers['content-type']).toBe('application/glsVersion1+json');
    const body = sent();
    expect(body.PrintingOptions).toEqual({ ReturnLabels: { TemplateSet: 'NONE', LabelFormat: 'PDF' } });
    expect(body.Shipment.Product).toBe('PARCEL');
    expect(body.Shipment.Shipper.ContactID).toBe(accounts.gls.contactId);
    expect(body.Shipment.Shipper.AlternativeShipperAddress).toMatchObject({ Name1: 'Entrepôt Saint-Priest', ZIPCode: '69800' });
    expect(body.Shipment.Consignee).toEqual({
      Category: 'BUSINESS',
      Address: {
        Name1: 'Boulangerie Martin',
        Name2: 'Claire Martin',
        CountryCode: 'FR',
        ZIPCode: '69002',
        City: 'LYON',
        Street: '3 place Bellecour',
        ContactPerson: 'Claire Martin',
        FixedLinePhonenumber: '0478000000',
        eMail: 'claire@example.fr',
      },
    });
    // 800 € insured below the carrier's 1,500 € threshold: GLS's AddOnLiability, split over the parcels.
    expect(body.Shipment.ShipmentUnit).toEqual([
      {
        ShipmentUnitReference: ['HUB-GLS-1'],
        Weight: 4.5,
        Note1: 'Vaisselle',
        Service: [{ AddonLiability: { ServiceName: 'service_addonliability', Amount: 400, Currency: 'EUR', ParcelContent: 'Vaisselle' } }],
      },
      expect.objectContaining({ Weight: 4.5 }),
    ]);
    if (!canReadLabels) return;
    // GLS's 1D barcode is the parcel number (Primary1D): zbarimg reads each parcel's on its own label.
    const pages = pdfPages(await mergePdf([{ labels: answer.labels! }], 'GLS'));
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => readBarcodes(p).map((b) => b.data))).toEqual(parcelNumbers(answer.trackingNumbers).map((n) => [n]));
  });

  it('asks ZPL labels (ZEBRA, 200 dpi) for ZPL and keeps them as GLS wrote them', async () => {
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-GLS-Z' }), tour(), carrier, zpl);
    expect(sent().PrintingOptions).toEqual({ ReturnLabels: { TemplateSet: 'ZPL_200', LabelFormat: 'ZEBRA' } });
    expect(answer.labels?.map((l) => l.format)).toEqual(['ZPL', 'ZPL']);
    const text = answer.labels![1].content.toString('utf8');
    expect(text).toMatch(/^\^XA[\s\S]*\^XZ$/);
    if (!canReadLabels) return;
    const [png] = await zplPages(text);
    expect(readBarcodes(png).map((b) => b.data)).toEqual([parcelNumbers(answer.trackingNumbers)[1]]);
  });

  it('keeps one label for all the parcels when GLS gives one document for the shipment', async () => {
    fake.gls.onePrintData = true;
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-GLS-ONE' }), tour(), carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
    expect(answer.labels).toHaveLength(1);
    if (!canReadLabels) return;
    const pages = pdfPages(answer.labels![0].content);
    expect(pages.map((p) => readBarcodes(p).map((b) => b.data))).toEqual(parcelNumbers(answer.trackingNumbers).map((n) => [n]));
  });

  it('sends the tour’s product and services, cash on delivery and limited quantities per parcel', async () => {
    await connector().createVoucher(
      shipment(
        {
          reference: 'HUB-GLS-S',
          cash_on_delivery: 100.01,
          insurance_value: null,
          limited_quantities: { gross_weight_kg: 3, un_numbers: ['1263'] },
        },
        { mobile: '06 12 34 56 78' },
      ),
      tour({ product: 'express', service: 'flexdelivery, service_1300 Saturday' }),
      carrier,
      pdf,
    );
    const body = sent();
    expect(body.Shipment.Product).toBe('EXPRESS');
    expect(body.Shipment.Service).toEqual([
      { Service: { ServiceName: 'service_flexdelivery' } },
      { Service: { ServiceName: 'service_1300' } },
      { Service: { ServiceName: 'service_Saturday' } },
    ]);
    expect(body.Shipment.Consignee.Address.MobilePhoneNumber).toBe('0612345678');
    expect(body.Shipment.ShipmentUnit.map((u) => u.Service)).toEqual([
      [
        { Cash: { ServiceName: 'service_cash', Reason: 'HUB-GLS-S', Amount: 50.01, Currency: 'EUR' } },
        { LimitedQuantities: { ServiceName: 'service_limitedquantities', Weight: 1.5 } },
      ],
      [
        { Cash: { ServiceName: 'service_cash', Reason: 'HUB-GLS-S', Amount: 50, Currency: 'EUR' } },
        { LimitedQuantities: { ServiceName: 'service_limitedquantities', Weight: 1.5 } },
      ],
    ]);
  });

  it('leaves the insured value out above the carrier’s threshold: it goes by mail', async () => {
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-GLS-INS', insurance_value: 5000 }), tour(), carrier, pdf);
    expect(answer.insuranceByMail).toBe(true);
    expect(sent().Shipment.ShipmentUnit.every((u) => !u.Service)).toBe(true);
  });

  it('says GLS’s refusals with the spec’s keys and GLS’s code and message', async () => {
    const gls = connector();
    const before = fake.gls.parcels.size;
    expect(await outcome(gls.createVoucher(shipment({}, { zip: '00000' }), tour(), carrier, pdf))).toEqual({
      key: 'zipTownNotReferenced',
      params: {
        carrier: 'GLS',
        code: 'INVALID_FIELD_VALUE',
        message:
          'Invalid field Shipment.Consignee.Address.ZIPCode. Value 00000 is not a valid value. The ZIP code is not known for the country.',
      },
    });
    expect(await outcome(gls.createVoucher(shipment({}, { address1: 'Poste restante' }), tour(), carrier, pdf))).toMatchObject({
      key: 'addressNotDeliverable',
      params: { code: 'INVALID_FIELD_VALUE' },
    });
    expect(await outcome(gls.createVoucher(shipment({}, { country: 'KP' }), tour(), carrier, pdf))).toEqual({
      key: 'noCarrierService',
      params: {
        carrier: 'GLS',
        code: 'INVALID_FIELD_VALUE',
        message:
          'Invalid field ShipmentRequestData.Shipment.Product. Value PARCEL is not a valid value. ' +
          'No matching product available for shipper for the given input data (weight and addresses).',
      },
    });
    const wrongContact = connector({}, { ...account(), settings: { username: accounts.gls.username, contact_id: 'NOT-MINE' } });
    expect(await outcome(wrongContact.createVoucher(shipment(), tour(), carrier, pdf))).toEqual({
      key: 'voucherCreationFailed',
      params: {
        carrier: 'GLS',
        code: 'INVALID_FIELD_VALUE',
        message:
          'Invalid field Shipment.Shipper.ContactID. Value NOT-MINE is not a valid value. Shipper does not exist or is not available for the user.',
      },
    });
    expect(await outcome(gls.createVoucher(shipment({ reference: 'HUB-GLS-KO' }), tour(), carrier, pdf))).toEqual({
      key: 'voucherCreationFailed',
      params: {
        carrier: 'GLS',
        code: 'INVALID_FIELD_VALUE',
        message: 'Invalid field Shipment.ShipmentReference. Value HUB-GLS-KO is not a valid value. Shipment validation failed',
      },
    });
    expect(fake.gls.parcels.size).toBe(before);
  });

  it('refuses in words, before any call, what GLS cannot be asked through this account', async () => {
    const gls = connector();
    const dangerous = shipment({ dangerous_goods: [{ un_number: '1263' } as ShipmentDto['dangerous_goods'][number]] });
    expect(await outcome(gls.createVoucher(dangerous, tour(), carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'HAZMAT' },
    });
    expect(await outcome(gls.createVoucher(shipment(), tour({ service: 'shopdelivery' }), carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'SERVICE_NEEDS_DATA' },
    });
    expect(await outcome(gls.createVoucher(shipment(), tour({ service: 'teleportation' }), carrier, pdf))).toMatchObject({
      key: 'noCarrierService',
      params: { code: 'UNKNOWN_SERVICE' },
    });
    expect(await outcome(gls.createVoucher(shipment({}, { email: null }), tour({ service: 'flexdelivery' }), carrier, pdf))).toMatchObject({
      key: 'voucherCreationFailed',
      params: { code: 'EMAIL_REQUIRED' },
    });
    expect(fake.calls).toHaveLength(0);
  });

  it('says a 5xx, a malformed answer and a timeout are outages, the voucher then uncertain', async () => {
    const gls = connector({ timeoutMs: 1_500 });
    fake.failNext('gls.ship', '5xx');
    expect(await outcome(gls.createVoucher(shipment(), tour(), carrier, pdf))).toEqual({ outage: 'HTTP_5XX', uncertain: true });
    fake.failNext('gls.ship', 'malformed');
    expect(await outcome(gls.createVoucher(shipment(), tour(), carrier, pdf))).toEqual({ outage: 'MALFORMED', uncertain: true });
    fake.failNext('gls.ship', 'timeout');
    const started = Date.now();
    expect(await outcome(gls.createVoucher(shipment({ reference: 'HUB-GLS-T' }), tour(), carrier, pdf))).toEqual({
      outage: 'TIMEOUT',
      uncertain: true,
    });
    // Well before the fake's answer (6 s): the budget ended the wait; a label request is never sent twice.
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(shipCalls()).toHaveLength(3);
  });

  it('says ShipIT’s “backend inactive” (a bare HTTP 490) is an outage of a request never done', async () => {
    fake.gls.inactive = 1;
    expect(await outcome(connector().createVoucher(shipment({ reference: 'HUB-GLS-490' }), tour(), carrier, pdf))).toEqual({
      outage: 'UNREACHABLE',
      uncertain: false,
    });
    expect(made('HUB-GLS-490')).toHaveLength(0);
    // A read is tried again: the second attempt finds GLS back.
    fake.gls.inactive = 1;
    expect(await connector().track({ voucher: 'ZNOTHING', tracking_numbers: ['ZNOTHING'] })).toEqual([]);
  });

  it('after a lost answer, finds the parcels GLS made (reprint by reference) instead of making them twice', async () => {
    const s = shipment({ reference: 'HUB-GLS-LOST' });
    fake.failNext('gls.ship', 'timeout');
    expect(await outcome(connector({ timeoutMs: 1_500 }).createVoucher(s, tour(), carrier, pdf))).toEqual({
      outage: 'TIMEOUT',
      uncertain: true,
    });
    // GLS made the parcels (the fake may still be drawing their labels); its answer came too late.
    for (let i = 0; i < 200 && made('HUB-GLS-LOST').length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect(made('HUB-GLS-LOST')).toHaveLength(2);
    fake.calls.length = 0;
    const found = await connector().createVoucher(s, tour(), carrier, { format: 'ZPL', afterUncertain: true });
    expect(made('HUB-GLS-LOST')).toHaveLength(2);
    expect(shipCalls()).toHaveLength(0);
    expect(found.trackingNumbers).toEqual(made('HUB-GLS-LOST').map((p) => p.trackId));
    expect(found.labels?.map((l) => l.format)).toEqual(['ZPL', 'ZPL']);
    const reprint = JSON.parse(fake.calls[0].body) as Record<string, unknown>;
    expect(reprint).toMatchObject({ ShipmentReference: 'HUB-GLS-LOST', PrintingOptions: { ReturnLabels: { LabelFormat: 'ZEBRA' } } });
    // Nothing to find (the lost request never reached GLS): today and yesterday asked, then the parcels made.
    fake.calls.length = 0;
    const fresh = await connector().createVoucher(shipment({ reference: 'HUB-GLS-NEW' }), tour(), carrier, {
      format: 'PDF',
      afterUncertain: true,
    });
    expect(fake.calls.map((c) => c.path)).toEqual([
      '/backend/rs/shipments/reprintparcel',
      '/backend/rs/shipments/reprintparcel',
      '/backend/rs/shipments',
    ]);
    expect(fresh.trackingNumbers).toEqual(made('HUB-GLS-NEW').map((p) => p.trackId));
  });

  it('refuses in words when GLS has other parcels under the reference than the packages', async () => {
    await connector().createVoucher(shipment({ reference: 'HUB-GLS-ODD', packings: [shipment().packings[0]] }), tour(), carrier, pdf);
    const odd = shipment({ reference: 'HUB-GLS-ODD', packings: [{ ...shipment().packings[0], packages: 3 }] });
    expect(await outcome(connector().createVoucher(odd, tour(), carrier, { format: 'PDF', afterUncertain: true }))).toMatchObject({
      key: 'voucherCreationFailed',
      params: { code: 'DUPLICATE_RISK', trackingNumbers: made('HUB-GLS-ODD').map((p) => p.trackId) },
    });
    expect(made('HUB-GLS-ODD')).toHaveLength(2);
  });

  it('says refused credentials are an outage (AUTH), never a refusal, and lets no secret out', async () => {
    const wrong = connector({ timeoutMs: 1_500 }, account({ password: 'not-the-password' }));
    expect(await outcome(wrong.createVoucher(shipment(), tour(), carrier, pdf))).toEqual({ outage: 'AUTH', uncertain: false });
    expect(await outcome(wrong.track({ voucher: 'Z0000001', tracking_numbers: ['Z0000001'] }))).toEqual({
      outage: 'AUTH',
      uncertain: false,
    });
    const errors: unknown[] = [];
    const gls = connector({ timeoutMs: 1_500 });
    for (const failure of ['5xx', 'malformed', 'timeout'] as const) {
      fake.failNext('gls.ship', failure);
      errors.push(await gls.createVoucher(shipment(), tour(), carrier, pdf).catch((e: Error) => e));
    }
    errors.push(await gls.createVoucher(shipment({}, { zip: '00000' }), tour(), carrier, pdf).catch((e: Error) => e));
    for (const e of errors)
      expect(JSON.stringify({ message: (e as Error).message, ...(e as object) })).not.toContain(accounts.gls.password);
  });

  it('opens the circuit after consecutive outages, answers at once, and closes it when GLS is back', async () => {
    const gls = connector();
    fake.failNext('gls.ship', '5xx', 3);
    for (let i = 0; i < 3; i++) expect((await outcome(gls.createVoucher(shipment(), tour(), carrier, pdf)))?.outage).toBe('HTTP_5XX');
    fake.calls.length = 0;
    expect(await outcome(gls.createVoucher(shipment(), tour(), carrier, pdf))).toEqual({ outage: 'CIRCUIT_OPEN', uncertain: false });
    expect(fake.calls).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 350));
    const answer = await gls.createVoucher(shipment({ reference: 'HUB-GLS-C1' }), tour(), carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
  });

  it('cancels every parcel at GLS; unknown is nothing left to do, a scanned parcel refuses the cancel', async () => {
    const gls = connector();
    const answer = await gls.createVoucher(shipment({ reference: 'HUB-GLS-X' }), tour(), carrier, pdf);
    await gls.cancel(shipment({ voucher: answer.voucher, tracking_numbers: answer.trackingNumbers }));
    expect(made('HUB-GLS-X').map((p) => p.cancelled)).toEqual([true, true]);
    expect(fake.calls.filter((c) => c.path.startsWith('/backend/rs/shipments/cancel/')).map((c) => c.path)).toEqual(
      answer.trackingNumbers.map((t) => `/backend/rs/shipments/cancel/${t}`),
    );
    await gls.cancel(shipment({ voucher: 'ZUNKNOWN', tracking_numbers: ['ZUNKNOWN'] }));
    const scanned = await gls.createVoucher(shipment({ reference: 'HUB-GLS-SC' }), tour(), carrier, pdf);
    glsScan(fake.gls, scanned.trackingNumbers[1], {
      statusCode: 'INTIAL.NORMAL',
      description: 'The parcel was handed over to GLS.',
      at: new Date(),
    });
    expect(await outcome(gls.cancel(shipment({ voucher: scanned.voucher, tracking_numbers: scanned.trackingNumbers })))).toMatchObject({
      key: 'carrierServiceFailed',
      params: { carrier: 'GLS', code: 'SCANNED' },
    });
  });

  it('reads the parcels’ history from ShipIT’s tracking as the portal’s carrier events, once GLS tracks them', async () => {
    const gls = connector();
    const answer = await gls.createVoucher(shipment({ reference: 'HUB-GLS-TRK' }), tour(), carrier, pdf);
    const followed = { voucher: answer.voucher, tracking_numbers: answer.trackingNumbers };
    // Before the end-of-day report GLS does not track the parcels yet: no events.
    expect(await gls.track(followed)).toEqual([]);
    glsEndOfDay(fake.gls);
    const [first, second] = answer.trackingNumbers;
    const scan = (trackId: string, statusCode: string, description: string, at: string) =>
      glsScan(fake.gls, trackId, { statusCode, description, at: new Date(at) });
    scan(first, 'INTIAL.PREADVICE', 'The parcel data was entered into the GLS IT system.', '2026-12-03T17:00:00Z');
    scan(first, 'INTIAL.NORMAL', 'The parcel was handed over to GLS.', '2026-12-04T09:00:00Z');
    scan(first, 'INTRANSIT', 'The parcel has left the parcel center.', '2026-12-04T20:00:00Z');
    scan(first, 'DELIVD.NORMAL', 'The parcel has been delivered.', '2026-12-05T11:30:00Z');
    scan(second, 'INTIAL.NORMAL', 'The parcel was handed over to GLS.', '2026-12-04T09:00:00Z');
    scan(second, 'NOTDELIVERED', 'The parcel could not be delivered.', '2026-12-05T10:00:00Z');
    const events = await gls.track(followed);
    expect(events.map((e) => [e.trackingNumber, e.status, e.at])).toEqual([
      [first, 'PICKED_UP', '2026-12-04T09:00:00.000Z'],
      [second, 'PICKED_UP', '2026-12-04T09:00:00.000Z'],
      [first, 'IN_TRANSIT', '2026-12-04T20:00:00.000Z'],
      [second, 'ANOMALY', '2026-12-05T10:00:00.000Z'],
      [first, 'DELIVERED', '2026-12-05T11:30:00.000Z'],
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(5);
    expect(events[0].note).toBe('The parcel was handed over to GLS. – Lyon – FR');
  });

  it('maps GLS’s statuses and event codes, and reads its times', () => {
    expect(['INTIAL.PREADVICE', 'PREADVICE', 'PLANNEDPICKUP', 'CANCEL.NORMAL', 'FINAL', 'WHATEVER'].map(glsEventStatus)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(
      ['INTIAL.NORMAL', 'INWAREHOUSE', 'INDELIVERY', 'CHANGD.MONEWADDR', 'DELIVERED', 'DELIVD.PARCELSHOP', 'NOTPICKEDUP'].map(
        glsEventStatus,
      ),
    ).toEqual(['PICKED_UP', 'IN_TRANSIT', 'IN_TRANSIT', 'IN_TRANSIT', 'DELIVERED', 'ANOMALY', 'ANOMALY']);
    expect(glsTime('2026-12-04T10:00:00+01:00')).toBe('2026-12-04T09:00:00.000Z');
    expect(glsTime('2026-07-04T10:00:00+0200')).toBe('2026-07-04T08:00:00.000Z');
    // Without an offset: French local time (summer and winter).
    expect(glsTime('2026-07-04T10:00:00')).toBe('2026-07-04T08:00:00.000Z');
    expect(glsTime('2026-12-04 10:00')).toBe('2026-12-04T09:00:00.000Z');
    expect(glsTime('04.12.2026')).toBeNull();
    expect(refusalKeyOf('Invalid field Shipment.Consignee.Address.City. Value X is not a valid value.')).toBe('zipTownNotReferenced');
    expect(refusalKeyOf('The Mandatory parameter Shipment is not set')).toBe('voucherCreationFailed');
  });

  it('orders a pickup with ShipIT’s sporadic collection and answers GLS’s estimated pickup', async () => {
    const booking: PickupBooking = {
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
    } as PickupBooking;
    const { reference } = await connector().requestPickup(booking);
    expect(reference).toBe('2026-12-07T14:30:00+01:00');
    expect(fake.gls.pickups.at(-1)).toEqual({
      ContactID: accounts.gls.contactId,
      PreferredPickUpDate: '2026-12-07T14:30:00+01:00',
      Product: 'PARCEL',
      AdditionalInformation: 'DEMO-A: Entrepôt Saint-Priest / 12 rue du Dauphiné / 69800 SAINT-PRIEST / 04 72 00 00 00',
    });
  });

  it('is the connector of a GLS account, and “Tester la connexion” reads ShipIT’s allowed services', async () => {
    expect(connectorFor(account())).toBeInstanceOf(GlsConnector);
    const ok = await testConnection(account());
    expect(ok).toMatchObject({ ok: true, status: 200, call: `POST ${fake.url}/backend/rs/shipments/allowedservices` });
    const refused = await testConnection(account({ password: 'not-the-password' }));
    expect(refused).toMatchObject({ ok: false, failure: 'authRefused', status: 401 });
    expect(await testConnection({ ...account(), settings: { username: accounts.gls.username } })).toMatchObject({
      ok: false,
      failure: 'incomplete',
    });
  });
});
