import { describe, expect, it } from 'vitest';
import { clusterPoints } from './clusters';

describe('clusterPoints', () => {
  it('groups the points of one cell at their mean position, and keeps distant points apart', () => {
    const clusters = clusterPoints(
      [
        { x: 10, y: 10, item: 'a' },
        { x: 30, y: 50, item: 'b' },
        { x: 130, y: 10, item: 'c' },
      ],
      60,
    );
    expect(clusters).toEqual([
      { x: 20, y: 30, items: ['a', 'b'] },
      { x: 130, y: 10, items: ['c'] },
    ]);
  });

  it('puts every point in exactly one cluster, and fewer clusters for bigger cells', () => {
    const points = Array.from({ length: 1000 }, (_, i) => ({ x: (i * 37) % 800, y: (i * 91) % 600, item: i }));
    const small = clusterPoints(points, 20);
    const big = clusterPoints(points, 200);
    for (const clusters of [small, big]) expect(clusters.flatMap((c) => c.items).sort((a, b) => a - b)).toEqual(points.map((p) => p.item));
    expect(big.length).toBeLessThan(small.length);
    expect(big.length).toBeLessThanOrEqual(4 * 3);
  });

  it('handles negative pixels (west of the origin) and no points', () => {
    expect(
      clusterPoints(
        [
          { x: -5, y: 0, item: 1 },
          { x: 5, y: 0, item: 2 },
        ],
        60,
      ),
    ).toHaveLength(2);
    expect(clusterPoints([], 60)).toEqual([]);
  });
});
