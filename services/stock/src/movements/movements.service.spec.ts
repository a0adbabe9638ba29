import { instant } from './movements.service';

describe('the bounds of a movements range', () => {
  it('reads a day in the caller’s zone on a daylight-saving day (the old one-pass conversion was an hour off)', () => {
    // Sydney, 5 April 2026: clocks go back at 03:00; the day starts at UTC+11 and ends at UTC+10.
    expect(instant('2026-04-05', 'Australia/Sydney', 'start').toISOString()).toBe('2026-04-04T13:00:00.000Z');
    expect(instant('2026-04-05', 'Australia/Sydney', 'end').toISOString()).toBe('2026-04-05T14:00:00.000Z');
    expect(instant('2026-03-29', 'Europe/Paris', 'end').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
  it('keeps an instant as it is', () => {
    expect(instant('2026-04-05T10:00:00.000Z', 'Australia/Sydney', 'start').toISOString()).toBe('2026-04-05T10:00:00.000Z');
  });
});
