import { describe, expect, it } from 'vitest';
import { formatDate, zoneOffset } from './format';

describe('formatDate (spec §9: DD/MM/YYYY, with HH:mm where a time is shown)', () => {
  const instant = '2026-03-29T22:30:00Z';
  it('shows the day in the user time zone', () => {
    expect(formatDate(instant, 'Europe/Paris')).toBe('30/03/2026');
    expect(formatDate(instant, 'America/New_York')).toBe('29/03/2026');
  });
  it('shows the time in 24 h in the user time zone', () => {
    expect(formatDate(instant, 'Europe/Paris', true)).toBe('30/03/2026 00:30');
    expect(formatDate(instant, 'UTC', true)).toBe('29/03/2026 22:30');
    expect(formatDate(instant, 'Asia/Kolkata', true)).toBe('30/03/2026 04:00');
  });
  it('pads day and month', () => {
    expect(formatDate(new Date(Date.UTC(2026, 0, 5, 8, 7)), 'UTC', true)).toBe('05/01/2026 08:07');
  });
  it('returns an empty text for an invalid date', () => {
    expect(formatDate('not a date', 'UTC')).toBe('');
  });
  it('gives the offset of a zone', () => {
    expect(zoneOffset('UTC')).toBe('GMT+00:00');
    expect(zoneOffset('Asia/Kolkata')).toBe('GMT+05:30');
  });
});
