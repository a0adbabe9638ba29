import { describe, expect, it } from '@jest/globals';
import { checkShippingDate } from './shipments.service';

const refusal = (day: string, now: string, windowDays: number | null, zone = 'Europe/Paris') => {
  try {
    checkShippingDate(day, new Date(now), zone, windowDays);
    return null;
  } catch (e) {
    const error = e as { key: string; params?: Record<string, unknown>; fields?: Record<string, string> };
    return { key: error.key, params: error.params, fields: error.fields };
  }
};

describe('the shipping date window of a carrier (spec §5)', () => {
  it('takes today up to the carrier’s window, refuses the day before and the day after', () => {
    expect(refusal('2026-11-25', '2026-11-25T08:00:00Z', 10)).toBeNull();
    expect(refusal('2026-12-05', '2026-11-25T08:00:00Z', 10)).toBeNull();
    expect(refusal('2026-12-06', '2026-11-25T08:00:00Z', 10)).toEqual({
      key: 'shippingDateOutOfWindow',
      params: { maxDays: 10 },
      fields: { date_shipment_desired: 'max' },
    });
    expect(refusal('2026-11-24', '2026-11-25T08:00:00Z', 10)?.fields).toEqual({ date_shipment_desired: 'min' });
  });

  it('follows the carrier’s own window, and a carrier without the rule takes any day', () => {
    expect(refusal('2026-11-29', '2026-11-25T08:00:00Z', 3)).toMatchObject({ key: 'shippingDateOutOfWindow', params: { maxDays: 3 } });
    expect(refusal('2027-03-01', '2026-11-25T08:00:00Z', null)).toBeNull();
  });

  it('counts days in the user’s time zone', () => {
    // 23:30 UTC on the 24th is already the 25th in Paris: the 25th is today, not tomorrow.
    expect(refusal('2026-11-25', '2026-11-24T23:30:00Z', 10)).toBeNull();
    expect(refusal('2026-11-24', '2026-11-24T23:30:00Z', 10)?.fields).toEqual({ date_shipment_desired: 'min' });
  });
});
