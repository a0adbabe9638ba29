import { describe, expect, it } from 'vitest';
import { periodLabel } from './StatisticsChart';
import { statisticsParamsFrom, statisticsQuery } from './statisticsApi';

describe('the statistics page’s parameters', () => {
  it('reads the period, depositors and grain from the URL, dropping what is malformed', () => {
    expect(statisticsParamsFrom(new URLSearchParams('range=rolling90&depositorIds=1,2&grain=week'))).toEqual({
      range: 'rolling90',
      depositorIds: [1, 2],
      grain: 'week',
    });
    expect(statisticsParamsFrom(new URLSearchParams('from=2026-01-01&to=2026-02-01&grain=hour&depositorIds=x'))).toEqual({
      from: '2026-01-01',
      to: '2026-02-01',
    });
  });

  it('writes them back, the default grain left out', () => {
    expect(statisticsQuery({ range: 'month', grain: 'day' }).toString()).toBe('range=month');
    expect(statisticsQuery({ from: '2026-01-01', to: '2026-03-31', grain: 'month', depositorIds: [2] }).toString()).toBe(
      'from=2026-01-01&to=2026-03-31&depositorIds=2&grain=month',
    );
  });

  it('names a period on the chart’s axis by its grain', () => {
    const weekOf = (day: string) => `Sem. du ${day}`;
    expect(periodLabel('2026-03-02', 'day', weekOf)).toBe('02/03/2026');
    expect(periodLabel('2026-03-02', 'week', weekOf)).toBe('Sem. du 02/03/2026');
    expect(periodLabel('2026-03-01', 'month', weekOf)).toBe('03/2026');
  });
});
