/** Error keys of the tracking service with their HTTP status (merged into ERROR_STATUS). */
export const TRACKING_ERROR_STATUS = {} as const;
