/**
 * Colours of chart series and pie slices: the portal's orange first, then eleven others readable on
 * the light and dark themes. A chart never shows two slices or series of one colour: pies fold what
 * goes beyond into one "other" slice (foldSlices).
 */
export const CHART_COLOURS = [
  '#ff9800',
  '#4fc3f7',
  '#81c784',
  '#ba68c8',
  '#f06292',
  '#ffd54f',
  '#90a4ae',
  '#a1887f',
  '#4db6ac',
  '#e57373',
  '#7986cb',
  '#dce775',
] as const;

/**
 * A pie's slices, at most one per colour: the first ones as they are, the rest summed into one slice
 * made by `fold` (labelled "Autres" by the caller).
 */
export function foldSlices<T>(points: T[], fold: (rest: T[]) => T, max: number = CHART_COLOURS.length): T[] {
  return points.length <= max ? points : [...points.slice(0, max - 1), fold(points.slice(max - 1))];
}
