/** Error keys of the stock service with their HTTP status (merged into ERROR_STATUS). */
export const STOCK_ERROR_STATUS = {} as const;
