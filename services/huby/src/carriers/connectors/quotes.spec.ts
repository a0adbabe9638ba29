import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { ShipmentDto, TourDto } from '@portal/contracts';
import { startCarrierFake, type CarrierFake } from '../../../../../tests/support/carrier-fakes';
import { testShipment } from '../../../../../tests/support/carrier-shipments';
import { CarrierLine, carrierLineOptions, CarrierOutage } from './carrier-line';
import type { OpenAccount } from './connection-test';
import { ChronopostConnector } from './chronopost';
import { DhlExpressConnector, dhlQuoteOf } from './dhl-express';
import { UpsConnector, upsQuoteOf } from './ups';

const accounts = {
  ups: { clientId: 'ups-client', clientSecret: 'ups-secret-value', shipperNumber: 'A1B2C3' },
  dhlExpress: { apiKey: 'dhl-key', apiSecret: 'dhl-secret-value' },
  colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
  chronopost: { accountNumber: '19869502', password: '255562' },
};
const upsTour = { id: 3, code: 'UPS-STD', account_number: 'A1B2C3', codes: { service: '11' } } as unknown as TourDto;
const chronoTour = { id: 5, code: 'CHRONO-13', account_number: '19869502', codes: { product: '1' } } as unknown as TourDto;
const dhlTour = { id: 4, code: 'DHL-DOM', account_number: '950000002', codes: {} } as unknown as TourDto;
// A Monday: the fakes' promised days are business days after it.
const shipment = (recipient: Partial<ShipmentDto['recipient']> = {}): ShipmentDto =>
  testShipment({ reference: 'HUB-QUOTE-1', date_shipment_desired: '2031-03-03' }, recipient);

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: { key?: string; params?: Record<string, unknown> }) =>
      e instanceof CarrierOutage ? { outage: e.code } : e.key ? { key: e.key, code: e.params?.code } : { error: String(e) },
  );

/**
 * Quotes of the carriers whose API rates (issue 37 item 3): UPS's Rating API and DHL Express's
 * `POST /rates`, each request validated by the fakes against the carrier's published document
 * (ups/Rating.yaml, dpdhl-express-api-3.3.1.yaml), their answers read into a price, a currency and a
 * promised day; refusals in the spec's keys with the carrier's code, malformed answers and timeouts
 * as outages.
 */
describe('carrier quotes against fakes of the carriers’ published rating APIs', () => {
  let fake: CarrierFake;
  const line = (name: string, secrets: Record<string, string>, timeoutMs = 10_000) =>
    new CarrierLine(name, secrets, { ...carrierLineOptions(), timeoutMs, halfOpenAfterMs: 300, failures: 3 });
  const ups = (timeoutMs?: number) => {
    const account: OpenAccount = {
      connector: 'ups',
      environment: 'custom',
      base_url: fake.url,
      settings: { client_id: accounts.ups.clientId, shipper_number: accounts.ups.shipperNumber },
      secrets: { client_secret: accounts.ups.clientSecret },
    };
    return new UpsConnector(account, line('UPS', account.secrets, timeoutMs));
  };
  const dhl = (timeoutMs?: number) => {
    const account: OpenAccount = {
      connector: 'dhl_express',
      environment: 'custom',
      base_url: `${fake.url}/mydhlapi`,
      settings: { account_number: '950000002' },
      secrets: { api_key: accounts.dhlExpress.apiKey, api_secret: accounts.dhlExpress.apiSecret },
    };
    return new DhlExpressConnector(account, line('DHL Express', account.secrets, timeoutMs));
  };

  const chrono = (timeoutMs?: number, password = accounts.chronopost.password) => {
    const account: OpenAccount = {
      connector: 'chronopost',
      environment: 'custom',
      base_url: fake.url,
      settings: { account_number: accounts.chronopost.accountNumber },
      secrets: { password },
    };
    return new ChronopostConnector(account, { ...carrierLineOptions(), timeoutMs: timeoutMs ?? 10_000, halfOpenAfterMs: 300, failures: 3 });
  };

  beforeAll(async () => {
    fake = await startCarrierFake(accounts, { holdMs: 1_500 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.calls.length = 0;
  });
  afterEach(() => {
    const seen = fake.violations.splice(0);
    expect(seen).toEqual([]);
  });

  it('UPS: rates the shipment on the tour’s service with time in transit, the negotiated total and the arrival day', async () => {
    const quote = await ups().quote(shipment(), upsTour);
    // Two 4.5 kg cartons: 9 kg billed, 7.90 + 0.85 × 9 = 15.55, negotiated 10 % lower.
    expect(quote).toEqual({ price: 14, currency: 'EUR', deliveryDate: '2031-03-05', service: 'UPS Standard' });
    const rate = fake.calls.find((c) => c.path.startsWith('/api/rating/'));
    expect(rate?.path).toBe('/api/rating/v2409/Rate?additionalinfo=timeintransit');
    const sent = JSON.parse(rate!.body) as { RateRequest: { Shipment: { Service: { Code: string }; Package: unknown[] } } };
    expect(sent.RateRequest.Shipment.Service.Code).toBe('11');
    expect(sent.RateRequest.Shipment.Package).toHaveLength(2);
  });

  it('UPS: a refused postcode is noCarrierService with UPS’s code; a malformed answer and a late one are outages', async () => {
    expect(await failure(ups().quote(shipment({ zip: '00000' }), upsTour))).toEqual({ key: 'noCarrierService', code: '111285' });
    fake.failNext('ups.rate', 'malformed');
    expect(await failure(ups().quote(shipment(), upsTour))).toEqual({ outage: 'MALFORMED' });
    const connector = ups(400);
    await connector.quote(shipment(), upsTour); // the token first, within the budget
    fake.failNext('ups.rate', 'timeout');
    const started = Date.now();
    expect(await failure(connector.quote(shipment(), upsTour))).toEqual({ outage: 'TIMEOUT' });
    // One attempt only: a quote is not retried.
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it('DHL Express: rates every package on the tour’s product, the billing-currency total and DHL’s estimated day', async () => {
    const quote = await dhl().quote(shipment(), dhlTour);
    // 19.50 + 1.40 × 9 kg, the next business day.
    expect(quote).toEqual({ price: 32.1, currency: 'EUR', deliveryDate: '2031-03-04', service: 'EXPRESS DOMESTIC' });
    const call = fake.calls.find((c) => c.path === '/mydhlapi/rates');
    const sent = JSON.parse(call!.body) as { productCode: string; packages: unknown[]; accounts: { number: string }[] };
    expect(sent.productCode).toBe('N');
    expect(sent.packages).toHaveLength(2);
    expect(sent.accounts[0].number).toBe('950000002');
    expect(call!.headers['x-version']).toBe('3.3.1');
  });

  it('DHL Express: a product refused is noCarrierService with DHL’s code; a 5xx, a malformed answer and a late one are outages', async () => {
    expect(await failure(dhl().quote(shipment({ zip: '00000' }), dhlTour))).toEqual({ key: 'noCarrierService', code: '420504' });
    fake.failNext('dhl.rates', '5xx');
    expect(await failure(dhl().quote(shipment(), dhlTour))).toEqual({ outage: 'HTTP_5XX' });
    fake.failNext('dhl.rates', 'malformed');
    expect(await failure(dhl().quote(shipment(), dhlTour))).toEqual({ outage: 'MALFORMED' });
    fake.slow('dhl.rates', 1_000);
    try {
      expect(await failure(dhl(300).quote(shipment(), dhlTour))).toEqual({ outage: 'TIMEOUT' });
    } finally {
      fake.slow('dhl.rates', 0);
    }
  });

  it('Chronopost: quickCost on the tour’s product, type M, the whole weight; the amount before tax, no day', async () => {
    const quote = await chrono().quote(shipment(), chronoTour);
    expect(quote).toEqual({ price: 12.5, currency: 'EUR', deliveryDate: null, service: 'Chronopost 01' });
    const call = fake.calls.find((c) => c.path === '/quickcost-cxf/QuickcostServiceWS');
    expect(call?.body).toContain('<productCode>01</productCode>');
    expect(call?.body).toContain('<type>M</type>');
    expect(call?.body).toContain('<accountNumber>19869502</accountNumber>');
  });

  it('Chronopost: no price is noCarrierService with Chronopost’s code; a wrong password, a fault, a malformed answer and a late one are outages', async () => {
    expect(await failure(chrono().quote(shipment({ zip: '00000' }), chronoTour))).toEqual({ key: 'noCarrierService', code: '5' });
    expect(await failure(chrono(undefined, 'wrong').quote(shipment(), chronoTour))).toEqual({ outage: 'AUTH' });
    fake.failNext('chronopost.quickcost', '5xx');
    expect(await failure(chrono().quote(shipment(), chronoTour))).toEqual({ outage: 'HTTP_5XX' });
    fake.failNext('chronopost.quickcost', 'malformed');
    expect(await failure(chrono().quote(shipment(), chronoTour))).toEqual({ outage: 'MALFORMED' });
    fake.failNext('chronopost.quickcost', 'timeout');
    expect(await failure(chrono(400).quote(shipment(), chronoTour))).toEqual({ outage: 'TIMEOUT' });
  });

  it('Chronopost: a soap:Client fault is the carrier’s refusal with its words, a soap:Server fault an outage', async () => {
    const faulting = (code: string) => {
      const account: OpenAccount = {
        connector: 'chronopost',
        environment: 'custom',
        base_url: fake.url,
        settings: { account_number: accounts.chronopost.accountNumber },
        secrets: { password: accounts.chronopost.password },
      };
      const body = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>${code}</faultcode><faultstring>Unmarshalling Error: weight</faultstring></soap:Fault></soap:Body></soap:Envelope>`;
      const fetchFn = (() => Promise.resolve(new Response(body, { status: 500, headers: { 'Content-Type': 'text/xml' } }))) as typeof fetch;
      return new ChronopostConnector(account, { ...carrierLineOptions(), fetchFn, timeoutMs: 2_000, failures: 3 });
    };
    expect(await failure(faulting('soap:Client').quote(shipment(), chronoTour))).toEqual({
      key: 'carrierServiceFailed',
      code: 'soap:Client',
    });
    expect(await failure(faulting('soap:Server').quote(shipment(), chronoTour))).toEqual({ outage: 'HTTP_5XX' });
  });
});

describe('reading the carriers’ rate answers', () => {
  it('UPS: the published total without a negotiated one, no day when UPS gives none, anything else malformed', () => {
    const rated = (extra: object) => ({ RateResponse: { RatedShipment: { Service: { Code: '65' }, ...extra } } });
    expect(upsQuoteOf(rated({ TotalCharges: { CurrencyCode: 'eur', MonetaryValue: '12.345' } }))).toEqual({
      price: 12.35,
      currency: 'EUR',
      deliveryDate: null,
      service: 'UPS 65',
    });
    for (const bad of [
      null,
      {},
      { RateResponse: {} },
      rated({ TotalCharges: { CurrencyCode: 'EUR', MonetaryValue: 'gratis' } }),
      rated({ TotalCharges: { CurrencyCode: 'EURO', MonetaryValue: '3.00' } }),
      rated({ TotalCharges: { CurrencyCode: 'EUR', MonetaryValue: '-1' } }),
    ])
      expect(() => upsQuoteOf(bad)).toThrow(CarrierOutage);
    const absurdDay = rated({
      TotalCharges: { CurrencyCode: 'EUR', MonetaryValue: '3.00' },
      TimeInTransit: { ServiceSummary: { EstimatedArrival: { Arrival: { Date: '20319999' } } } },
    });
    expect(upsQuoteOf(absurdDay).deliveryDate).toBeNull();
  });

  it('DHL Express: the asked product, else the first; a price without a currency or no product is malformed', () => {
    const product = (code: string, price: unknown, currency: unknown = 'EUR') => ({
      productCode: code,
      productName: `P${code}`,
      totalPrice: [{ currencyType: 'BILLC', priceCurrency: currency, price }],
      deliveryCapabilities: { estimatedDeliveryDateAndTime: '2031-03-04T12:00:00' },
    });
    expect(dhlQuoteOf({ products: [product('P', 50), product('N', 20)] }, 'N')).toMatchObject({ price: 20, service: 'PN' });
    expect(dhlQuoteOf({ products: [product('P', 50)] }, 'N')).toMatchObject({ price: 50, deliveryDate: '2031-03-04' });
    for (const bad of [null, { products: [] }, { products: [product('N', 'x')] }, { products: [product('N', 5, null)] }])
      expect(() => dhlQuoteOf(bad, 'N')).toThrow(CarrierOutage);
  });
});
