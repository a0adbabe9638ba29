import { describe, expect, it } from 'vitest';
import { isDay, nextDay, toLocalInput, zonedInstant } from './zonedTime';

describe('wall-clock times of the user time zone', () => {
  it('reads a day and a time in Paris, winter and summer', () => {
    expect(zonedInstant('2026-01-15', 'Europe/Paris')?.toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(zonedInstant('2026-07-15T08:30', 'Europe/Paris')?.toISOString()).toBe('2026-07-15T06:30:00.000Z');
  });
  it('crosses the daylight-saving changes', () => {
    // 29 March 2026: 02:00 → 03:00 in Paris; midnight is still UTC+1.
    expect(zonedInstant('2026-03-29', 'Europe/Paris')?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zonedInstant('2026-03-30', 'Europe/Paris')?.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(zonedInstant('2026-10-25T12:00', 'Europe/Paris')?.toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });
  it('works far from the browser zone', () => {
    expect(zonedInstant('2026-05-01', 'Pacific/Kiritimati')?.toISOString()).toBe('2026-04-30T10:00:00.000Z');
    expect(zonedInstant('2026-05-01', 'Pacific/Pago_Pago')?.toISOString()).toBe('2026-05-01T11:00:00.000Z');
  });
  it('refuses what is not a date', () => {
    expect(zonedInstant('15/01/2026', 'Europe/Paris')).toBeNull();
    expect(zonedInstant('', 'Europe/Paris')).toBeNull();
    expect(isDay('2026-01-15')).toBe(true);
    expect(isDay('2026-1-15')).toBe(false);
  });
  it('writes an instant back as a datetime-local value of the zone', () => {
    expect(toLocalInput(new Date('2026-07-15T06:30:00Z'), 'Europe/Paris')).toBe('2026-07-15T08:30');
    expect(toLocalInput(new Date('2026-12-31T23:59:00Z'), 'America/New_York')).toBe('2026-12-31T18:59');
  });
  it('counts calendar days across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('date-time fields in the user’s time zone (manual delivery date)', () => {
  it('reads a wall-clock time of the zone, summer and winter, across the DST change', () => {
    expect(zonedInstant('2026-01-15T10:30', 'Europe/Paris')?.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(zonedInstant('2026-07-15T10:30', 'Europe/Paris')?.toISOString()).toBe('2026-07-15T08:30:00.000Z');
    expect(zonedInstant('2026-03-29T03:30', 'Europe/Paris')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant('2026-11-01T01:30', 'America/New_York')?.toISOString()).toMatch(/^2026-11-01T0[56]:30:00.000Z$/);
    expect(zonedInstant('2026-07-15T10:30', 'Asia/Kolkata')?.toISOString()).toBe('2026-07-15T05:00:00.000Z');
    expect(zonedInstant('', 'Europe/Paris')).toBeNull();
  });
  it('writes an instant as the zone’s wall clock', () => {
    expect(toLocalInput(new Date('2026-07-15T08:30:00Z'), 'Europe/Paris')).toBe('2026-07-15T10:30');
    expect(toLocalInput(new Date('2026-01-15T09:30:42Z'), 'Europe/Paris')).toBe('2026-01-15T10:30');
    expect(toLocalInput(new Date('2026-07-15T05:00:00Z'), 'Pacific/Auckland')).toBe('2026-07-15T17:00');
  });
});
