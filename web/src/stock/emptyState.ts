/** Which stock list a table shows: the Id tab (by reference), the Stock tab (lines) or Movements. */
export type StockListKind = 'byReference' | 'lines' | 'movements';

/** Filter values that are not the user's criteria: the Id tab's view, the movements' period. */
const NOT_CRITERIA: Record<StockListKind, string[]> = {
  byReference: ['view'],
  lines: [],
  movements: ['dateFrom', 'dateTo'],
};

/**
 * The key of what an empty stock list says, from its filter: the expiry asked for ("no expired
 * stock"), the period of the movements, or plainly that the criteria match nothing.
 */
export function stockEmptyKey(kind: StockListKind, filter: Record<string, unknown> = {}): string {
  const criteria = Object.entries(filter).filter(
    ([name, value]) => !NOT_CRITERIA[kind].includes(name) && value !== undefined && value !== null && value !== '',
  );
  if (kind === 'movements') return criteria.length ? 'stock.emptyStates.movementsFiltered' : 'stock.emptyStates.movements';
  const expiry = filter.expiry;
  if (expiry === 'expired' || expiry === 'soon')
    return criteria.length > 1 ? `stock.emptyStates.${expiry}Filtered` : `stock.emptyStates.${expiry}`;
  return criteria.length ? 'stock.emptyStates.filtered' : 'stock.emptyStates.none';
}
