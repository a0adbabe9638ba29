/**
 * What the stock service tells others (the reports projection) about movements and stock lines:
 * events written in the same transaction as the change (outbox), and pages of what it holds for a
 * system caller rebuilding its projection (a new deployment, or the demo data written without events).
 */
export const StockEvents = {
  /** Payload: StockMovementsRecordedEvent, the movements a feed call recorded (replays excluded), at most STOCK_EVENT_MOVEMENTS each. */
  movementsRecorded: 'stock.movements.recorded',
  /** Payload: StockLinesReplacedEvent: a snapshot replaced the stock of a depositor on a platform (read it with StockSubjects.linePages). */
  linesReplaced: 'stock.lines.replaced',
  /**
   * Payload: StockLinesReservedEvent: a Loop order's reservation raised the reserved and lowered the
   * available quantity of some lines (read their quantities now with StockSubjects.linePages and `ids`).
   */
  linesReserved: 'stock.lines.reserved',
  /**
   * Payload: StockLineBlockChangedEvent: a snapshot turned a stock line's blocked quantity from 0 to
   * more (blocked) or back to 0 (unblocked), compared with the previous snapshot of its depositor and
   * platform (a first snapshot tells nothing: there is no "before").
   */
  lineBlockChanged: 'stock.line.block-changed',
} as const;

/** A stock line, named by reference, lot and store on a platform, whose blocked quantity left or reached 0. */
export interface StockLineBlockChangedEvent {
  depositorId: number;
  depositorCode: string;
  platformId: number;
  reference: string;
  lot: string | null;
  storeCode: string | null;
  blocked: boolean;
  /** The blocked quantity now (0 once unblocked), and the blocking code of the line (spec §3). */
  quantityBlocked: number;
  blockingCode: string;
  /** When the snapshot telling it was taken. */
  at: string;
}

/** Movements per event: a feed batch becomes several events, each well under the bus's message size. */
export const STOCK_EVENT_MOVEMENTS = 500;

export interface StockMovementRecord {
  /** The stock service's movement id (unique, increasing). */
  id: number;
  depositorId: number;
  platformId: number;
  storeCode: string | null;
  reference: string;
  type: string;
  quantity: number;
  lot: string | null;
  movedAt: string;
}

export interface StockMovementsRecordedEvent {
  movements: StockMovementRecord[];
}

export interface StockLinesReplacedEvent {
  depositorId: number;
  platformId: number;
  takenAt: string;
  lineCount: number;
}

export interface StockLinesReservedEvent {
  depositorId: number;
  platformId: number;
  /** The Loop order reserved. */
  loopOrderUuid: string;
  /** The lines it took from, and how much of each. */
  lines: { id: number; quantity: number }[];
}

/** A stock line as the reports read it. */
export interface StockLineRecord {
  id: number;
  depositorId: number;
  platformId: number;
  storeCode: string | null;
  reference: string;
  family: string | null;
  lot: string | null;
  bestBefore: string | null;
  entryDate: string | null;
  unitPrice: number | null;
  stockValue: number | null;
  quantityInStock: number;
  quantityReserved: number;
  quantityBlocked: number;
  quantityAvailable: number;
  blockingCode: string;
}

/** StockSubjects.movementPages (system callers): movements after an id, from `since` on. */
export interface StockMovementPage {
  movements: StockMovementRecord[];
  next: number | null;
}

/** StockSubjects.linePages (system callers): the lines after an id, of one depositor and platform, or of some `ids`, when asked. */
export interface StockLinePage {
  lines: StockLineRecord[];
  /** The snapshot times of the pairs the page covers ("depositorId/platformId" → takenAt). */
  takenAt: Record<string, string>;
  next: number | null;
}
