/**
 * Error keys of the stock service with their HTTP status (merged into ERROR_STATUS). The feed
 * refuses lines one by one with these keys in `refused[].key` (see FeedResult).
 */
export const STOCK_ERROR_STATUS = {
  /** A feed line names a depositor the API key is not bound to. */
  depositorNotAllowed: 403,
  /** A feed line names a platform the API key is not bound to. */
  platformNotAllowed: 403,
  /** A feed line names a depositor the admin service does not know. */
  unknownDepositor: 422,
  /** A feed line names a platform the admin service does not know. */
  unknownPlatform: 422,
  /** The same movement id or item reference twice in one batch, or a stock line twice in one snapshot. */
  duplicateLine: 422,
  /** A movement id already recorded with other content. */
  movementIdConflict: 409,
  /** A snapshot older than the one already applied for that depositor and platform. */
  staleSnapshot: 409,
  /** dateFrom after dateTo, or a movements range longer than STOCK_LIMITS.maxMovementRangeDays. */
  invalidDateRange: 400,
  /** More rows than an export may hold (EXPORT_LIMITS.maxRows, EXPORT_MAX_ROWS): narrow the filter. */
  exportTooLarge: 413,
} as const;
