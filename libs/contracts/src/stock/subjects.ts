/** Request/reply subjects of the stock service. */
export const StockSubjects = {
  stockList: 'stock.lines.list',
  stockGet: 'stock.lines.get',
  movementsList: 'stock.movements.list',
  movementsGet: 'stock.movements.get',
  itemsList: 'stock.items.list',
  itemsGet: 'stock.items.get',
  feedSnapshot: 'stock.feed.snapshot',
  feedMovements: 'stock.feed.movements',
  feedItems: 'stock.feed.items',
  figures: 'stock.figures.get',
  /** System callers only: StockMovementPage after a movement id (the reports projection's catch-up). */
  movementPages: 'stock.movements.pages',
  /** System callers only: StockLinePage after a line id (the reports projection's stock). */
  linePages: 'stock.lines.pages',
  health: 'stock.health.check',
} as const;
