import { describe, expect, it } from 'vitest';
import { sortTourRates, type TourRateDto } from '@portal/contracts';
import { priceText } from './TourRates';

const rate = (tour_code: string, patch: Partial<TourRateDto> = {}): TourRateDto => ({
  tour_id: tour_code.length,
  tour_code,
  carrier: { id: 1, ref: tour_code, name: tour_code },
  status: 'quoted',
  service: null,
  price: null,
  currency: 'EUR',
  delivery_date: null,
  reason: null,
  ...patch,
});

describe('the rates of the fitting tours on the shipment form', () => {
  const rates = [
    rate('DEMO', { status: 'noOnlineRates', currency: null }),
    rate('UPS', { price: 14, delivery_date: '2031-03-05' }),
    rate('SLOW', { status: 'unavailable', reason: 'TIMEOUT', currency: null }),
    rate('DHL', { price: 32.1, delivery_date: '2031-03-04' }),
    rate('GLS', { price: 14, delivery_date: '2031-03-06' }),
    rate('NODAY', { price: 9 }),
  ];

  it('sorts quoted tours by price (the earlier day first at the same price), then failed quotes, then carriers without quotes', () => {
    expect(sortTourRates(rates, 'price').map((r) => r.tour_code)).toEqual(['NODAY', 'UPS', 'GLS', 'DHL', 'SLOW', 'DEMO']);
  });

  it('sorts by promised day, a quote without a day after those with one, the lower price first on the same day', () => {
    const same = [...rates, rate('CHEAP', { price: 5, delivery_date: '2031-03-04' })];
    expect(sortTourRates(same, 'date').map((r) => r.tour_code)).toEqual(['CHEAP', 'DHL', 'UPS', 'GLS', 'NODAY', 'SLOW', 'DEMO']);
    // The list given is not changed.
    expect(same[0].tour_code).toBe('DEMO');
  });

  it('writes a price in the user’s language with its currency, and an unknown currency by its code', () => {
    expect(priceText({ price: 14, currency: 'EUR' }, 'fr').replace(/\s/g, ' ')).toBe('14,00 €');
    expect(priceText({ price: 32.1, currency: 'EUR' }, 'en')).toBe('€32.10');
    expect(priceText({ price: 3, currency: 'XXXX' }, 'de')).toBe('3,00 XXXX');
    expect(priceText({ price: null, currency: 'EUR' }, 'fr')).toBe('');
  });
});
