/** Business limits of My Stocks and My Items. */
export const STOCK_LIMITS = {
  /** A best-before date within this many days from today is flagged `soon` (past ones `expired`). */
  expirySoonDays: 30,
  /** Largest page a list answers (react-admin `range`); exports read pages of this size. */
  maxPageSize: 5000,
  /** Movements are read over at most this many days at once (spec §5: too big a range is refused, export instead). */
  maxMovementRangeDays: 366,
  /** Movements lists without dates show the last this many days. */
  defaultMovementRangeDays: 30,
  /** Counts above this answer `Content-Range: <resource> a-b/*` (total unknown, `more` set). */
  maxExactCount: 10000,
  /** Lines in one feed call (snapshot, movements, items). */
  maxFeedLines: 50000,
} as const;
