import { DATE_RANGES, firstOfMonth, lastOfMonth, matchRange, rangeOf } from './ranges';

describe('movement periods (spec §9)', () => {
  const today = '2026-03-04'; // a Wednesday
  it('computes each predefined period', () => {
    expect(rangeOf('today', today)).toEqual(['2026-03-04', '2026-03-04']);
    expect(rangeOf('yesterday', today)).toEqual(['2026-03-03', '2026-03-03']);
    expect(rangeOf('week', today)).toEqual(['2026-03-02', '2026-03-08']);
    expect(rangeOf('lastWeek', today)).toEqual(['2026-02-23', '2026-03-01']);
    expect(rangeOf('month', today)).toEqual(['2026-03-01', '2026-03-31']);
    expect(rangeOf('lastMonth', today)).toEqual(['2026-02-01', '2026-02-28']);
    expect(rangeOf('last3Months', today)).toEqual(['2025-12-01', '2026-02-28']);
    expect(rangeOf('year', today)).toEqual(['2026-01-01', '2026-12-31']);
    expect(rangeOf('lastYear', today)).toEqual(['2025-01-01', '2025-12-31']);
    expect(rangeOf('rolling30', today)).toEqual(['2026-02-03', '2026-03-04']);
    expect(rangeOf('rolling90', today)).toEqual(['2025-12-05', '2026-03-04']);
    expect(rangeOf('firstDay', today)).toEqual(['2026-03-01', '2026-03-01']);
    expect(rangeOf('lastDay', today)).toEqual(['2026-03-31', '2026-03-31']);
    expect(rangeOf('lastDay', '2024-02-10')).toEqual(['2024-02-29', '2024-02-29']);
  });
  it('never exceeds the 366-day limit of the API', () => {
    for (const r of DATE_RANGES) {
      const [a, b] = rangeOf(r, '2028-12-31');
      expect((Date.parse(b) - Date.parse(a)) / 86_400_000 + 1).toBeLessThanOrEqual(366);
    }
  });
  it('month shortcuts and matching', () => {
    expect(firstOfMonth('2024-02-17')).toBe('2024-02-01');
    expect(lastOfMonth('2024-02-17')).toBe('2024-02-29');
    expect(matchRange('2026-03-01', '2026-03-31', today)).toBe('month');
    expect(matchRange('2026-03-01', '2026-03-30', today)).toBe('');
    expect(matchRange('2026-03-31', '2026-03-31', today)).toBe('lastDay');
    expect(matchRange('2026-03-01', '2026-03-01', today)).toBe('firstDay');
    // On the first of the month, "today" comes first in the list.
    expect(matchRange('2026-03-01', '2026-03-01', '2026-03-01')).toBe('today');
  });
});
