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
  health: 'stock.health.check',
} as const;
