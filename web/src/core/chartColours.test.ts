import { describe, expect, it } from 'vitest';
import { CHART_COLOURS, foldSlices } from './chartColours';

describe('chart colours', () => {
  it('are all different', () => {
    expect(new Set(CHART_COLOURS.map((c) => c.toLowerCase())).size).toBe(CHART_COLOURS.length);
  });

  it('fold a pie beyond one slice per colour into one slice, so no two slices share a colour', () => {
    const points = Array.from({ length: 15 }, (_, i) => ({ label: `C${i}`, value: i + 1 }));
    const sum = (rest: typeof points) => ({ label: 'Autres', value: rest.reduce((t, p) => t + p.value, 0) });
    const folded = foldSlices(points, sum);
    expect(folded).toHaveLength(CHART_COLOURS.length);
    expect(folded.slice(0, 11)).toEqual(points.slice(0, 11));
    expect(folded[11]).toEqual({ label: 'Autres', value: 12 + 13 + 14 + 15 });
    expect(foldSlices(points.slice(0, 12), sum)).toEqual(points.slice(0, 12));
  });
});
