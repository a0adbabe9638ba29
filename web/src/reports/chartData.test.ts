import { describe, expect, it } from 'vitest';
import { chartData, hasFigures } from './chartData';
import { RESULT } from './fixtures';

describe('what a report chart draws', () => {
  it('labels the points with the x column formatted, one number per y column (empty counts 0)', () => {
    const { points, series } = chartData(RESULT, 'en');
    expect(series.map((s) => [s.key, s.name])).toEqual([
      ['orders', 'Orders'],
      ['late', 'Late'],
    ]);
    expect(points).toEqual([
      { label: '01/10/2026', orders: 1200, late: 30 },
      { label: '02/10/2026', orders: 800, late: 0 },
    ]);
  });

  it('draws nothing for a table-only report or a result of zeros, and ignores unknown columns', () => {
    expect(hasFigures(RESULT)).toBe(true);
    expect(hasFigures({ ...RESULT, chart: { ...RESULT.chart, type: 'table' } })).toBe(false);
    expect(hasFigures({ ...RESULT, rows: [{ day: '2026-10-01', orders: 0, late: 0 }] })).toBe(false);
    expect(chartData({ ...RESULT, chart: { type: 'bars', x: 'day', y: ['nope', 'orders'] } }, 'fr').series.map((s) => s.key)).toEqual([
      'orders',
    ]);
  });
});
