import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { CarrierDto, ShipmentDto, TourDto } from '@portal/contracts';
import sharp from 'sharp';
import { startCarrierFake, type CarrierFake } from '../../../../../tests/support/carrier-fakes';
import { testShipment } from '../../../../../tests/support/carrier-shipments';
import { upsScan } from '../../../../../tests/support/ups-fake';
import { canReadLabels, pdfPages, readBarcodes, zplPages } from '../../../../../tests/support/read-barcodes';
import { mergePdf } from '../../labels/carrier-labels';
import type { VoucherRequest } from '../carrier-adapter';
import { CarrierLine, carrierLineOptions, CarrierOutage } from './carrier-line';
import type { OpenAccount } from './connection-test';
import { UpsConnector } from './ups';

const accounts = {
  ups: { clientId: 'ups-client', clientSecret: 'ups-secret-value', shipperNumber: 'A1B2C3' },
  dhlExpress: { apiKey: 'k', apiSecret: 's' },
  colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
};
const carrier: CarrierDto = {
  id: 7,
  ref: 'UPS',
  name: 'UPS',
  kind: 'parcel',
  shipping_window_days: 10,
  insurance_threshold: 1500,
  pickup_email: null,
  settings: {},
};
const tour = { id: 3, code: 'UPS-STD', account_number: 'A1B2C3', codes: { service: '11' } } as unknown as TourDto;
const shipment = (patch: Partial<ShipmentDto> = {}, recipient: Partial<ShipmentDto['recipient']> = {}): ShipmentDto =>
  testShipment({ reference: 'HUB-UPS-1', ...patch }, recipient);

const pdf: VoucherRequest = { format: 'PDF', afterUncertain: false };
const zpl: VoucherRequest = { format: 'ZPL', afterUncertain: false };

describe('the UPS connector against a fake of UPS’s published API', () => {
  let fake: CarrierFake;
  const connector = (patch: Partial<ReturnType<typeof carrierLineOptions>> = {}) => {
    const account: OpenAccount = {
      connector: 'ups',
      environment: 'custom',
      base_url: fake.url,
      settings: { client_id: accounts.ups.clientId, shipper_number: accounts.ups.shipperNumber },
      secrets: { client_secret: accounts.ups.clientSecret },
    };
    return new UpsConnector(
      account,
      new CarrierLine('UPS', account.secrets, { ...carrierLineOptions(), timeoutMs: 10_000, halfOpenAfterMs: 300, failures: 3, ...patch }),
    );
  };
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

  it('asks GIF labels for PDF, one per package, with UPS’s tracking numbers and a token asked once', async () => {
    const ups = connector();
    const answer = await ups.createVoucher(shipment(), tour, carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
    expect(answer.trackingNumbers.every((t) => /^1ZA1B2C311\d{8}$/.test(t))).toBe(true);
    expect(answer.voucher).toBe(answer.trackingNumbers[0]);
    expect(answer.labels?.map((l) => l.format)).toEqual(['GIF', 'GIF']);
    const second = await ups.createVoucher(shipment({ reference: 'HUB-UPS-2' }), tour, carrier, pdf);
    expect(second.voucher).not.toBe(answer.voucher);
    expect(fake.calls.filter((c) => c.path.endsWith('/oauth/token'))).toHaveLength(1);
    const ship = JSON.parse(fake.calls.find((c) => c.path.endsWith('/ship'))!.body) as {
      ShipmentRequest: { Shipment: { Package: { PackageWeight: { Weight: string }; PackageServiceOptions?: unknown }[] } };
    };
    expect(ship.ShipmentRequest.Shipment.Package[0].PackageWeight.Weight).toBe('4.5');
    // 800 € insured below the carrier's 1,500 € threshold: declared to UPS, split over the packages.
    expect(ship.ShipmentRequest.Shipment.Package[0].PackageServiceOptions).toEqual({
      DeclaredValue: { CurrencyCode: 'EUR', MonetaryValue: '400.00' },
    });
    if (!canReadLabels) return;
    // The GIF lying as UPS gives it becomes an upright PDF page; zbarimg reads the tracking number back.
    const pages = pdfPages(await mergePdf([{ labels: answer.labels! }], 'UPS'));
    expect(pages).toHaveLength(2);
    const read = pages.map((p) => readBarcodes(p).map((b) => b.data));
    expect(read).toEqual([[answer.trackingNumbers[0]], [answer.trackingNumbers[1]]]);
    const meta = await sharp(answer.labels![0].content).metadata();
    expect(meta.format).toBe('gif');
  });

  it('asks ZPL labels for ZPL and keeps them as UPS wrote them', async () => {
    const answer = await connector().createVoucher(shipment({ reference: 'HUB-UPS-Z' }), tour, carrier, zpl);
    expect(answer.labels?.map((l) => l.format)).toEqual(['ZPL', 'ZPL']);
    const text = answer.labels![0].content.toString('utf8');
    expect(text).toMatch(/^\^XA[\s\S]*\^XZ$/);
    if (!canReadLabels) return;
    const [png] = await zplPages(text);
    expect(readBarcodes(png).map((b) => b.data)).toEqual([answer.trackingNumbers[0]]);
  });

  it('says UPS’s refusals with the spec’s keys and UPS’s code and message', async () => {
    const ups = connector();
    expect(await refusal(ups.createVoucher(shipment({}, { zip: '00000' }), tour, carrier, pdf))).toEqual({
      key: 'zipTownNotReferenced',
      params: { carrier: 'UPS', code: '120208', message: 'Missing or invalid ship to postal code' },
    });
    expect((await refusal(ups.createVoucher(shipment({}, { address1: 'Poste restante' }), tour, carrier, pdf)))?.key).toBe(
      'addressNotDeliverable',
    );
    expect((await refusal(ups.createVoucher(shipment({}, { country: 'KP' }), tour, carrier, pdf)))?.key).toBe('noCarrierService');
    expect(await refusal(ups.createVoucher(shipment({ reference: 'HUB-UPS-KO' }), tour, carrier, pdf))).toMatchObject({
      key: 'voucherCreationFailed',
      params: { code: '121111' },
    });
    expect(
      await refusal(
        ups.createVoucher(
          shipment({ dangerous_goods: [{ un_number: '1263' } as ShipmentDto['dangerous_goods'][number]] }),
          tour,
          carrier,
          pdf,
        ),
      ),
    ).toMatchObject({ key: 'noCarrierService', params: { code: 'HAZMAT' } });
  });

  it('says a 5xx, a malformed answer and a timeout are outages, the voucher then uncertain', async () => {
    const ups = connector({ timeoutMs: 1_500 });
    fake.failNext('ups.ship', '5xx');
    expect(await refusal(ups.createVoucher(shipment(), tour, carrier, pdf))).toEqual({ outage: 'HTTP_5XX', uncertain: true });
    fake.failNext('ups.ship', 'malformed');
    expect(await refusal(ups.createVoucher(shipment(), tour, carrier, pdf))).toEqual({ outage: 'MALFORMED', uncertain: true });
    fake.failNext('ups.ship', 'timeout');
    const started = Date.now();
    expect(await refusal(ups.createVoucher(shipment(), tour, carrier, pdf))).toEqual({ outage: 'TIMEOUT', uncertain: true });
    // Well before the fake's answer (6 s): the budget ended the wait.
    expect(Date.now() - started).toBeLessThan(4_500);
  });

  it('after a lost answer, finds the voucher UPS made instead of making a second one', async () => {
    const ups = connector({ timeoutMs: 1_500 });
    const s = shipment({ reference: 'HUB-UPS-LOST' });
    const made = (reference: string) => [...fake.ups.shipments.values()].filter((x) => x.reference === reference);
    fake.failNext('ups.ship', 'timeout');
    expect(await refusal(ups.createVoucher(s, tour, carrier, pdf))).toEqual({ outage: 'TIMEOUT', uncertain: true });
    // UPS made the voucher (the fake may still be drawing its labels); its answer came too late for the client.
    for (let i = 0; i < 200 && !made('HUB-UPS-LOST').length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(made('HUB-UPS-LOST')).toHaveLength(1);
    // Asked again (the next request, with the line's usual budget).
    const again = connector();
    const found = await again.createVoucher(s, tour, carrier, { format: 'PDF', afterUncertain: true });
    expect(made('HUB-UPS-LOST')).toHaveLength(1);
    expect(found.trackingNumbers).toEqual(made('HUB-UPS-LOST')[0].trackingNumbers);
    expect(found.labels).toHaveLength(2);
    // Nothing to find (the first request never reached UPS): a new voucher.
    const fresh = await again.createVoucher(shipment({ reference: 'HUB-UPS-NEW' }), tour, carrier, { format: 'PDF', afterUncertain: true });
    expect(made('HUB-UPS-NEW')).toHaveLength(1);
    expect(fresh.trackingNumbers).toHaveLength(2);
  });

  it('renews an expired token once and goes on', async () => {
    const ups = connector();
    await ups.createVoucher(shipment({ reference: 'HUB-UPS-T1' }), tour, carrier, pdf);
    fake.expireTokens();
    fake.calls.length = 0;
    await ups.createVoucher(shipment({ reference: 'HUB-UPS-T2' }), tour, carrier, pdf);
    expect(fake.calls.map((c) => `${c.method} ${c.path.replace(/\/v\d+\//, '/v/')}`)).toEqual([
      'POST /api/shipments/v/ship',
      'POST /security/v/oauth/token',
      'POST /api/shipments/v/ship',
    ]);
  });

  it('opens the circuit after consecutive outages, answers at once, and closes it when UPS is back', async () => {
    const ups = connector();
    await ups.createVoucher(shipment({ reference: 'HUB-UPS-C0' }), tour, carrier, pdf); // token taken
    fake.failNext('ups.ship', '5xx', 3);
    for (let i = 0; i < 3; i++) expect((await refusal(ups.createVoucher(shipment(), tour, carrier, pdf)))?.outage).toBe('HTTP_5XX');
    fake.calls.length = 0;
    expect(await refusal(ups.createVoucher(shipment(), tour, carrier, pdf))).toEqual({ outage: 'CIRCUIT_OPEN', uncertain: false });
    expect(fake.calls).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 350));
    const answer = await ups.createVoucher(shipment({ reference: 'HUB-UPS-C1' }), tour, carrier, pdf);
    expect(answer.trackingNumbers).toHaveLength(2);
  });

  it('voids a shipment at UPS; voided already or unknown is nothing left to do', async () => {
    const ups = connector();
    const answer = await ups.createVoucher(shipment({ reference: 'HUB-UPS-V' }), tour, carrier, pdf);
    await ups.cancel(shipment({ voucher: answer.voucher }));
    expect(fake.ups.voided.has(answer.voucher)).toBe(true);
    await ups.cancel(shipment({ voucher: answer.voucher }));
    await ups.cancel(shipment({ voucher: '1ZUNKNOWN' }));
  });

  it('reads a shipment’s scans from UPS’s Track API as the portal’s carrier events, billing information left out', async () => {
    const ups = connector();
    const answer = await ups.createVoucher(shipment({ reference: 'HUB-UPS-TRK' }), tour, carrier, pdf);
    const followed = { voucher: answer.voucher, tracking_numbers: answer.trackingNumbers };
    expect(await ups.track(followed)).toEqual([]);
    upsScan(fake.ups, answer.voucher, { type: 'P', code: 'OR', description: 'Pickup Scan', at: new Date('2026-12-04T09:00:00Z') });
    upsScan(fake.ups, answer.voucher, { type: 'X', code: 'RD', description: 'Adresse incomplète', at: new Date('2026-12-05T10:00:00Z') });
    upsScan(fake.ups, answer.voucher, { type: 'D', code: 'KB', description: 'Delivered', at: new Date('2026-12-06T11:30:00Z') });
    const events = await ups.track(followed);
    expect(events.filter((e) => e.trackingNumber === answer.trackingNumbers[1]).map((e) => [e.status, e.at])).toEqual([
      ['PICKED_UP', '2026-12-04T09:00:00.000Z'],
      ['ANOMALY', '2026-12-05T10:00:00.000Z'],
      ['DELIVERED', '2026-12-06T11:30:00.000Z'],
    ]);
    expect(events).toHaveLength(6);
    expect(new Set(events.map((e) => e.id)).size).toBe(6);
    expect(events[0].note).toContain('Pickup Scan');
    expect(await ups.track({ voucher: '1ZNOTKNOWN', tracking_numbers: [] })).toEqual([]);
  });

  it('books a pickup with UPS’s Pickup API and answers its PRN; no phone at the place is said in words', async () => {
    const ups = connector();
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
    } as Parameters<UpsConnector['requestPickup']>[0];
    const { reference } = await ups.requestPickup(booking, carrier);
    expect(reference).toMatch(/^2929\d{3}E9CP$/);
    const sent = fake.ups.pickups.get(reference) as { PickupCreationRequest: { PickupDateInfo: unknown; Shipper: unknown } };
    expect(sent.PickupCreationRequest.PickupDateInfo).toEqual({ ReadyTime: '1430', CloseTime: '1830', PickupDate: '20261207' });
    expect(sent.PickupCreationRequest.Shipper).toEqual({ Account: { AccountNumber: 'A1B2C3', AccountCountryCode: 'FR' } });
    expect(await refusal(ups.requestPickup({ ...booking, phone: null }, carrier))).toMatchObject({
      key: 'carrierServiceFailed',
      params: { code: 'PHONE_REQUIRED' },
    });
  });

  it('never lets the secret out in an error', async () => {
    const ups = connector();
    fake.failNext('ups.ship', '5xx');
    const e = await ups.createVoucher(shipment(), tour, carrier, pdf).catch((x: Error) => x);
    expect(JSON.stringify({ message: (e as Error).message, ...(e as object) })).not.toContain(accounts.ups.clientSecret);
  });
});
