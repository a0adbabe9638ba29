import { describe, expect, it } from 'vitest';
import { toLocalInput, zonedInstant } from '@portal/contracts';
import { dateToDay, dateToWallClock, INVALID_DATE, isValidDate, wallClockToDate } from './dateValue';

describe('date field values (YYYY-MM-DD, YYYY-MM-DDTHH:mm) and the pickers’ Dates', () => {
  it('reads a day and a date-time as the same wall clock', () => {
    const day = wallClockToDate('2026-11-01')!;
    expect([day.getFullYear(), day.getMonth(), day.getDate(), day.getHours(), day.getMinutes()]).toEqual([2026, 10, 1, 0, 0]);
    const at = wallClockToDate('2026-03-04T23:45')!;
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual([2026, 2, 4, 23, 45]);
  });

  it('round-trips days and date-times', () => {
    for (const day of ['2026-11-01', '2024-02-29', '2026-12-31', '1999-01-01']) expect(dateToDay(wallClockToDate(day))).toBe(day);
    for (const local of ['2026-11-01T00:00', '2026-06-15T14:05', '2026-12-31T23:59']) {
      expect(dateToWallClock(wallClockToDate(local))).toBe(local);
    }
  });

  it('an empty field is null one way and empty the other', () => {
    expect(wallClockToDate('')).toBeNull();
    expect(wallClockToDate(undefined)).toBeNull();
    expect(dateToDay(null)).toBe('');
    expect(dateToWallClock(null)).toBe('');
  });

  it('a malformed value or a day not in the calendar is an invalid Date, written back as INVALID_DATE', () => {
    for (const bad of [
      '2026-02-31',
      '2026-13-01',
      '2026-00-10',
      '2026-11-01T24:00',
      '2026-11-01T10:60',
      '01/11/2026',
      'invalid',
      '0999-01-01',
    ]) {
      const date = wallClockToDate(bad);
      expect(date).not.toBeNull();
      expect(isValidDate(date), bad).toBe(false);
      expect(dateToDay(date)).toBe(INVALID_DATE);
      expect(dateToWallClock(date)).toBe(INVALID_DATE);
    }
    // What the picker gives while a date is typed halfway.
    expect(dateToDay(new Date(Number.NaN))).toBe(INVALID_DATE);
    expect(dateToWallClock(new Date(Number.NaN))).toBe(INVALID_DATE);
  });

  it('INVALID_DATE is no instant and no day: the forms refuse it before sending', () => {
    expect(zonedInstant(INVALID_DATE, 'Europe/Paris')).toBeNull();
    expect(/^\d{4}-\d{2}-\d{2}$/.test(INVALID_DATE)).toBe(false);
  });

  it('seconds and milliseconds picked are dropped: the forms hold minutes', () => {
    expect(dateToWallClock(new Date(2026, 5, 15, 14, 5, 42, 123))).toBe('2026-06-15T14:05');
  });

  it('shows the wall clock of the user’s time zone, not the browser’s', () => {
    // 2026-11-01 09:30 UTC: 10:30 in Paris, 18:30 in Tokyo, 04:30 in New York (winter time since 06:00 UTC) (the forms’ values).
    const instant = new Date('2026-11-01T09:30:00Z');
    for (const [zone, local] of [
      ['Europe/Paris', '2026-11-01T10:30'],
      ['Asia/Tokyo', '2026-11-01T18:30'],
      ['America/New_York', '2026-11-01T04:30'],
    ] as const) {
      const value = toLocalInput(instant, zone);
      expect(value).toBe(local);
      // The picker shows that wall clock, and what it gives back is the same instant of that zone.
      const shown = wallClockToDate(value)!;
      expect(shown.getHours()).toBe(Number(local.slice(11, 13)));
      expect(zonedInstant(dateToWallClock(shown), zone)?.toISOString()).toBe(instant.toISOString());
    }
  });
});
