import { describe, expect, it } from '@jest/globals';
import { ALERT_TIMES, dayIn, formatIn } from '@portal/contracts';
import fc from 'fast-check';
import { nextSlotAfter, slotAtOrBefore, type AlertSchedule } from './slots';

const at = (iso: string) => new Date(iso);
const day = (time: (typeof ALERT_TIMES)[number]): AlertSchedule => ({ frequency: 'DAY', time, weekday: null, monthDay: null, month: null });

describe('alert slots (spec §9 alert times, in the owner time zone)', () => {
  it('fires every day at the chosen time, strictly after the instant given', () => {
    expect(nextSlotAfter(day('12:00'), at('2026-06-10T08:00:00Z'), 'Europe/Paris')).toEqual(at('2026-06-10T10:00:00Z'));
    expect(nextSlotAfter(day('12:00'), at('2026-06-10T10:00:00Z'), 'Europe/Paris')).toEqual(at('2026-06-11T10:00:00Z'));
    expect(nextSlotAfter(day('23:50'), at('2026-12-31T23:00:00Z'), 'Europe/Paris')).toEqual(at('2027-01-01T22:50:00Z'));
    expect(slotAtOrBefore(day('01:00'), at('2026-06-10T00:00:00Z'), 'Europe/Paris')).toEqual(at('2026-06-09T23:00:00Z'));
  });

  it('keeps the wall clock across daylight-saving days (23- and 25-hour days)', () => {
    // Paris springs forward on 29 March 2026: 01:00 CET then 01:00 CEST, 23 hours apart.
    const spring = nextSlotAfter(day('01:00'), at('2026-03-28T23:59:00Z'), 'Europe/Paris')!;
    expect(spring).toEqual(at('2026-03-29T00:00:00Z'));
    expect(nextSlotAfter(day('01:00'), spring, 'Europe/Paris')).toEqual(at('2026-03-29T23:00:00Z'));
    // It falls back on 25 October 2026: midday comes 25 hours after the day before's.
    expect(nextSlotAfter(day('12:00'), at('2026-10-24T10:00:00Z'), 'Europe/Paris')).toEqual(at('2026-10-25T11:00:00Z'));
    // London skips 01:00-01:59 on 29 March 2026: the slot moves to the first minute that exists (02:00 BST).
    expect(nextSlotAfter(day('01:00'), at('2026-03-28T12:00:00Z'), 'Europe/London')).toEqual(at('2026-03-29T01:00:00Z'));
    // London has 01:00 twice on 25 October 2026: the later one, once.
    const twice = nextSlotAfter(day('01:00'), at('2026-10-24T12:00:00Z'), 'Europe/London')!;
    expect(twice).toEqual(at('2026-10-25T01:00:00Z'));
    expect(nextSlotAfter(day('01:00'), twice, 'Europe/London')).toEqual(at('2026-10-26T01:00:00Z'));
  });

  it('names its weekday, the first or last day of the month, and the month of a yearly alert', () => {
    const sunday: AlertSchedule = { frequency: 'WEEK', time: '23:50', weekday: 7, monthDay: null, month: null };
    expect(nextSlotAfter(sunday, at('2026-11-23T10:00:00Z'), 'Europe/Paris')).toEqual(at('2026-11-29T22:50:00Z'));
    const lastOfMonth: AlertSchedule = { frequency: 'MONTH', time: '23:50', weekday: null, monthDay: 'LAST', month: null };
    expect(nextSlotAfter(lastOfMonth, at('2028-02-10T00:00:00Z'), 'Europe/Paris')).toEqual(at('2028-02-29T22:50:00Z'));
    expect(nextSlotAfter(lastOfMonth, at('2028-02-29T22:50:00Z'), 'Europe/Paris')).toEqual(at('2028-03-31T21:50:00Z'));
    const firstOfFebruary: AlertSchedule = { frequency: 'YEAR', time: '01:00', weekday: null, monthDay: 'FIRST', month: 2 };
    expect(nextSlotAfter(firstOfFebruary, at('2026-02-01T00:00:00Z'), 'Europe/Paris')).toEqual(at('2027-02-01T00:00:00Z'));
    expect(slotAtOrBefore(firstOfFebruary, at('2026-12-01T00:00:00Z'), 'Europe/Paris')).toEqual(at('2026-02-01T00:00:00Z'));
  });

  it('has no slot for an immediate alert or an incomplete schedule', () => {
    expect(nextSlotAfter({ ...day('01:00'), frequency: 'IMMEDIATE' }, new Date(), 'Europe/Paris')).toBeNull();
    expect(nextSlotAfter({ frequency: 'WEEK', time: '01:00', weekday: null, monthDay: null, month: null }, new Date(), 'UTC')).toBeNull();
    expect(nextSlotAfter({ ...day('01:00'), time: null }, new Date(), 'UTC')).toBeNull();
  });

  const zones = [
    'Europe/Paris',
    'Europe/London',
    'America/New_York',
    'America/Santiago',
    'Australia/Sydney',
    'Pacific/Auckland',
    'Asia/Tokyo',
    'UTC',
  ];
  const schedule = fc.record({
    frequency: fc.constantFrom('DAY', 'WEEK', 'MONTH', 'YEAR' as const),
    time: fc.constantFrom(...ALERT_TIMES),
    weekday: fc.integer({ min: 1, max: 7 }),
    monthDay: fc.constantFrom('FIRST', 'LAST'),
    month: fc.integer({ min: 1, max: 12 }),
  }) as fc.Arbitrary<AlertSchedule>;
  const instant = fc.date({ min: at('2000-01-01T00:00:00Z'), max: at('2099-12-31T00:00:00Z'), noInvalidDate: true });

  it('answers the very next slot: later than the instant, none in between, on a day the schedule names', () => {
    fc.assert(
      fc.property(schedule, instant, fc.constantFrom(...zones), (s, after, zone) => {
        const next = nextSlotAfter(s, after, zone)!;
        expect(next.getTime()).toBeGreaterThan(after.getTime());
        expect(slotAtOrBefore(s, next, zone)).toEqual(next);
        expect(slotAtOrBefore(s, new Date(next.getTime() - 1), zone)!.getTime()).toBeLessThanOrEqual(after.getTime());
        const local = dayIn(zone, next);
        const [y, m, d] = local.split('-').map(Number);
        if (s.frequency === 'WEEK') expect(new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7).toBe(s.weekday);
        if (s.frequency === 'MONTH' || s.frequency === 'YEAR')
          expect(d).toBe(s.monthDay === 'FIRST' ? 1 : new Date(Date.UTC(y, m, 0)).getUTCDate());
        if (s.frequency === 'YEAR') expect(m).toBe(s.month);
        // The wall clock is the alert's time, or later that day when a time change skipped it.
        expect(formatIn(next, zone, 'HH:mm') >= s.time!).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
