import { describe, expect, it } from 'vitest';
import { formatCell, formatDay, isNumeric } from './format';

// Intl puts narrow no-break spaces in French numbers: compare with plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('report cells by column type', () => {
  it('writes days DD/MM/YYYY and months MM/YYYY whatever the language (spec §9)', () => {
    expect(formatCell('2026-10-01', 'day', 'en')).toBe('01/10/2026');
    expect(formatCell('2026-10-01T22:00:00Z', 'day', 'fr')).toBe('01/10/2026');
    expect(formatCell('2026-10', 'month', 'de')).toBe('10/2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('writes money in euros, percentages of 0–100, numbers in the user’s language', () => {
    expect(plain(formatCell(10500.5, 'money', 'fr'))).toBe('10 500,50 €');
    expect(formatCell(10500.5, 'money', 'en')).toBe('€10,500.50');
    expect(plain(formatCell(97.5, 'percent', 'fr'))).toBe('97,5 %');
    expect(formatCell(12, 'percent', 'en')).toBe('12%');
    expect(plain(formatCell(1234567, 'integer', 'fr'))).toBe('1 234 567');
    expect(formatCell(2.456, 'decimal', 'de')).toBe('2,46');
  });

  it('writes durations: minutes as hours and minutes past an hour, hours and days with a decimal', () => {
    expect(plain(formatCell(45, 'minutes', 'fr'))).toBe('45 min');
    expect(formatCell('2026-11-26T17:29:31.405Z', 'datetime', 'fr', 'Europe/Paris')).toBe('26/11/2026 18:29');
    expect(plain(formatCell(125, 'minutes', 'fr'))).toBe('2 h 5 min');
    expect(plain(formatCell(120, 'minutes', 'en'))).toBe('2 hr');
    expect(plain(formatCell(-30, 'minutes', 'fr'))).toBe('-30 min');
    expect(plain(formatCell(12.5, 'hours', 'fr'))).toBe('12,5 h');
    expect(plain(formatCell(1.5, 'days', 'fr'))).toBe('1,5 j');
  });

  it('leaves empty cells empty and odd values as they are', () => {
    expect(formatCell(null, 'money', 'fr')).toBe('');
    expect(formatCell(undefined, 'integer', 'fr')).toBe('');
    expect(formatCell('n/a', 'integer', 'fr')).toBe('n/a');
    expect(formatCell('Colissimo', 'text', 'fr')).toBe('Colissimo');
    expect(isNumeric('money')).toBe(true);
    expect(isNumeric('day')).toBe(false);
  });
});
