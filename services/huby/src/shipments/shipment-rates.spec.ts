import { afterEach, describe, expect, it } from '@jest/globals';
import { AppError, type TourDto } from '@portal/contracts';
import { testShipment } from '../../../../tests/support/carrier-shipments';
import type { CarrierAdapter, CarrierAdapters, CarrierQuote } from '../carriers/carrier-adapter';
import { CarrierOutage } from '../carriers/connectors/carrier-line';
import { ShipmentRates } from './shipment-rates';

const tour = (id: number, code: string): TourDto =>
  ({ id, code, carrier: { id, ref: code, name: code }, codes: { service: '11' } }) as unknown as TourDto;
const quoted = (price: number, deliveryDate: string): CarrierQuote => ({ price, currency: 'EUR', deliveryDate, service: null });

/** Adapters by tour id; `asked` counts each one's quotes. */
function adapters(byTour: Record<number, Partial<CarrierAdapter> | Error>) {
  const asked: Record<number, number> = {};
  const made = new Map<number, CarrierAdapter>();
  const carriers = {
    forTour: async (id: number) => {
      const a = byTour[id];
      if (a instanceof Error) throw a;
      if (!made.has(id)) {
        const adapter = { createVoucher: async () => ({}), cancel: async () => undefined, ...a } as CarrierAdapter;
        if (a.quote) {
          const quote = a.quote;
          adapter.quote = (s, t) => {
            asked[id] = (asked[id] ?? 0) + 1;
            return quote(s, t);
          };
        }
        made.set(id, adapter);
      }
      return made.get(id)!;
    },
  } as unknown as CarrierAdapters;
  return { carriers, asked };
}

describe('the rates of a shipment’s fitting tours', () => {
  afterEach(() => {
    delete process.env.HUBY_RATES_TIMEOUT_MS;
    delete process.env.HUBY_RATES_CACHE_MS;
  });

  it('quotes every tour in parallel: a late one, an open circuit, a refusal and a broken account mark their own row only', async () => {
    process.env.HUBY_RATES_TIMEOUT_MS = '200';
    const { carriers } = adapters({
      1: { quote: async () => quoted(20, '2031-03-04') },
      2: { quote: () => new Promise<CarrierQuote>((resolve) => setTimeout(() => resolve(quoted(1, '2031-03-03')), 800)) },
      3: { quote: async () => Promise.reject(new CarrierOutage('CIRCUIT_OPEN', 'UPS: circuit open', false)) },
      4: { quote: async () => Promise.reject(new AppError('noCarrierService', 'refused', { code: '111285' })) },
      5: {},
      6: new Error('account cannot be opened'),
      7: { quote: async () => quoted(12, '2031-03-06') },
    });
    const started = Date.now();
    const rows = await new ShipmentRates(carriers).of(
      testShipment(),
      [1, 2, 3, 4, 5, 6, 7].map((id) => tour(id, `T${id}`)),
      'price',
    );
    expect(Date.now() - started).toBeLessThan(800);
    expect(rows.map((r) => [r.tour_code, r.status, r.price ?? r.reason])).toEqual([
      ['T7', 'quoted', 12],
      ['T1', 'quoted', 20],
      ['T2', 'unavailable', 'TIMEOUT'],
      ['T3', 'unavailable', 'CIRCUIT_OPEN'],
      ['T4', 'unavailable', '111285'],
      ['T6', 'unavailable', 'ERROR'],
      ['T5', 'noOnlineRates', null],
    ]);
  });

  it('keeps a quote for the same shipment until it expires or what it depends on changes; a failed one is asked again', async () => {
    let now = 1_000_000;
    let fail = true;
    const { carriers, asked } = adapters({
      1: { quote: async () => quoted(20, '2031-03-04') },
      2: {
        quote: async () => {
          if (fail) throw new CarrierOutage('HTTP_5XX', 'down', true);
          return quoted(9, '2031-03-05');
        },
      },
    });
    const rates = new ShipmentRates(carriers, () => now);
    const tours = [tour(1, 'T1'), tour(2, 'T2')];
    const s = testShipment();
    await rates.of(s, tours, 'price');
    fail = false;
    now += 60_000;
    const again = await rates.of(s, tours, 'date');
    expect(asked).toEqual({ 1: 1, 2: 2 });
    expect(again.map((r) => r.tour_code)).toEqual(['T1', 'T2']);
    await rates.of({ ...s, total_weight_kg: 30 }, tours, 'price');
    expect(asked).toEqual({ 1: 2, 2: 3 });
    now += 5 * 60_000;
    await rates.of({ ...s, total_weight_kg: 30 }, tours, 'price');
    expect(asked).toEqual({ 1: 3, 2: 4 });
  });
});
