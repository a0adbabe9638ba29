import { describe, expect, it } from '@jest/globals';
import { AppError, type CarrierDto, type ShipmentDto, type TourDto } from '@portal/contracts';
import type { CarrierAdapter } from './carrier-adapter';
import { CarrierHealth, measuredAdapter } from './carrier-health';
import { CarrierLine, carrierLineOptions, CarrierOutage } from './connectors/carrier-line';

const shipment = {} as ShipmentDto;
const tour = {} as TourDto;
const carrier = {} as CarrierDto;

describe('a carrier account’s health', () => {
  it('sums up the last hour: calls, the share the carrier answered (refusals included), the 95th percentile', () => {
    let now = Date.parse('2026-12-04T10:00:00Z');
    const health = new CarrierHealth('ups', 'spec-1', () => now);
    health.record('labels', 5_000, 'ok'); // more than an hour ago by the time it is read
    now += 61 * 60_000;
    for (let i = 1; i <= 18; i++) health.record('labels', i * 10, 'ok');
    health.record('labels', 900, 'refused', { code: '120100', message: 'Missing or invalid ship to postal code' });
    health.record('tracking', 8_000, 'TIMEOUT', { message: 'UPS: no answer in 8000 ms' });
    expect(health.summary()).toEqual({
      calls: 20,
      successRate: 0.95,
      p95Ms: 900,
      circuit: 'closed',
      lastCallAt: new Date(now).toISOString(),
    });
    expect(health.lastRefusal).toMatchObject({ operation: 'labels', outcome: 'refused', code: '120100' });
    expect(health.lastError).toMatchObject({ operation: 'tracking', outcome: 'TIMEOUT', message: 'UPS: no answer in 8000 ms' });
  });

  it('has no figures without calls', () => {
    expect(new CarrierHealth('dhl_express', 'spec-2').summary()).toEqual({
      calls: 0,
      successRate: null,
      p95Ms: null,
      circuit: 'closed',
      lastCallAt: null,
    });
  });

  it('measures each operation of a connector: done, refused by the carrier, or the outage’s code', async () => {
    const health = new CarrierHealth('ups', 'spec-3');
    const outcomes = [
      () => Promise.resolve({ voucher: 'V1', trackingNumbers: ['T1'], insuranceByMail: false }),
      () => Promise.reject(new AppError('zipTownNotReferenced', 'refused', { code: '120100', message: 'invalid postal code' })),
      () => Promise.reject(new CarrierOutage('HTTP_5XX', 'UPS: HTTP 503', true, 503)),
    ];
    let n = 0;
    const connector: CarrierAdapter = {
      createVoucher: () => outcomes[n++](),
      cancel: () => Promise.resolve(),
    };
    const measured = measuredAdapter(connector, health);
    await measured.createVoucher(shipment, tour, carrier, { format: 'PDF', afterUncertain: false });
    await expect(measured.createVoucher(shipment, tour, carrier, { format: 'PDF', afterUncertain: false })).rejects.toThrow(AppError);
    await expect(measured.createVoucher(shipment, tour, carrier, { format: 'PDF', afterUncertain: false })).rejects.toThrow(CarrierOutage);
    await measured.cancel(shipment, carrier);
    expect(measured.track).toBeUndefined();
    expect(health.summary()).toMatchObject({ calls: 4, successRate: 0.75 });
    expect(health.lastRefusal).toMatchObject({ code: '120100', message: 'invalid postal code' });
    expect(health.lastError).toMatchObject({ outcome: 'HTTP_5XX', message: 'UPS: HTTP 503' });
  });

  it('follows its line’s circuit: open after the consecutive outages, half open after the wait, closed on success', async () => {
    const health = new CarrierHealth('ups', 'spec-4');
    let up = false;
    const line = new CarrierLine(
      'UPS',
      {},
      {
        ...carrierLineOptions(),
        failures: 2,
        halfOpenAfterMs: 200,
        attempts: 1,
        circuit: (state) => health.circuit(state),
        fetchFn: () => (up ? Promise.resolve(new Response('{}', { status: 200 })) : Promise.reject(new TypeError('fetch failed'))),
      },
    );
    const call = () => line.call({ method: 'GET', url: 'http://carrier.test/ping', headers: {}, idempotent: false });
    await expect(call()).rejects.toThrow(CarrierOutage);
    expect(health.summary().circuit).toBe('closed');
    await expect(call()).rejects.toThrow(CarrierOutage);
    expect(health.summary().circuit).toBe('open');
    up = true;
    await new Promise((r) => setTimeout(r, 250));
    await call();
    expect(health.summary().circuit).toBe('closed');
  });
});
