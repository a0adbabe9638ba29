import { describe, expect, it } from '@jest/globals';
import { durationMinutes, walkExcursions } from './excursion-walk';

const t0 = Date.UTC(2026, 5, 1, 12, 0);
const at = (m: number) => new Date(t0 + m * 60_000);
const r = (m: number, temperature: number, humidity: number | null = null) => ({ at: at(m), temperature, humidity });
const COLD = { minTemperature: 2, maxTemperature: 8, maxHumidity: 70 };

describe('walkExcursions', () => {
  it('starts at the first reading out, ends at the first back in, keeps the peak furthest from the threshold', () => {
    const spans = walkExcursions([r(0, 5), r(10, 8), r(20, 8.01), r(30, 12), r(40, 9), r(50, 8), r(60, 1.9), r(70, 0.5)], COLD);
    expect(spans).toEqual([
      { kind: 'high', threshold: 8, startedAt: at(20), endedAt: at(50), peak: 12 },
      { kind: 'low', threshold: 2, startedAt: at(60), endedAt: null, peak: 0.5 },
    ]);
    expect(durationMinutes(spans[0])).toBe(30);
    expect(durationMinutes(spans[1])).toBeNull();
  });

  it('lets a reading without humidity neither start nor end a humidity excursion', () => {
    const spans = walkExcursions([r(0, 5, 75), r(10, 5), r(20, 5, 80), r(30, 5, 60)], COLD);
    expect(spans).toEqual([{ kind: 'humidity', threshold: 70, startedAt: at(0), endedAt: at(30), peak: 80 }]);
  });

  it('continues the excursions in progress it is given, and watches nothing without thresholds', () => {
    const open = [{ id: 7, kind: 'high' as const, threshold: 8, startedAt: at(-30), endedAt: null, peak: 9 }];
    expect(walkExcursions([r(0, 10), r(10, 6)], COLD, open)).toEqual([{ ...open[0], endedAt: at(10), peak: 10 }]);
    expect(walkExcursions([r(0, 50, 99)], { minTemperature: null, maxTemperature: null, maxHumidity: null })).toEqual([]);
  });
});
