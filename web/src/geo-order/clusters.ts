/** A point projected to the map's pixels at the current zoom, with what it stands for. */
export interface PlacedPoint<T> {
  x: number;
  y: number;
  item: T;
}

/** Points close together on screen, drawn as one marker at their mean position. */
export interface Cluster<T> {
  x: number;
  y: number;
  items: T[];
}

/**
 * Grid clustering: the screen is cut into square cells of `cellPx` pixels and the points of one
 * cell become one cluster. Linear in the number of points, which suits a few thousand addresses;
 * every point lands in exactly one cluster, and the order of the input is kept inside a cluster.
 */
export function clusterPoints<T>(points: readonly PlacedPoint<T>[], cellPx: number): Cluster<T>[] {
  const cells = new Map<string, { sx: number; sy: number; items: T[] }>();
  for (const p of points) {
    const key = `${Math.floor(p.x / cellPx)}:${Math.floor(p.y / cellPx)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.sx += p.x;
      cell.sy += p.y;
      cell.items.push(p.item);
    } else cells.set(key, { sx: p.x, sy: p.y, items: [p.item] });
  }
  return [...cells.values()].map((c) => ({ x: c.sx / c.items.length, y: c.sy / c.items.length, items: c.items }));
}
