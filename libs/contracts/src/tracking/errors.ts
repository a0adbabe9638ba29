/**
 * Error keys of the tracking service with their HTTP status (merged into ERROR_STATUS). Spec §8
 * "Tracker and delivery" names first, then the keys of the feeds and of the search.
 */
export const TRACKING_ERROR_STATUS = {
  /** Delivery or order not found: unknown, or outside the caller's depositors (same answer). */
  deliveryNotFound: 404,
  documentNotFound: 404,
  documentDeleteFailed: 409,
  statusUpdateImpossible: 409,
  classificationDeliveredFailed: 409,
  classificationUndeliveredFailed: 409,
  classificationReturnedFailed: 409,
  podAlreadyPresent: 409,
  nothingToRemove: 409,
  /** The date range is wider than TRACKING_MAX_SEARCH_DAYS: the web offers an export instead. */
  dateRangeTooLarge: 400,
  /** Spec §5: the manual delivery date must be at least 10 minutes in the past. */
  deliveryDateTooRecent: 400,
  invalidCursor: 400,
  unknownTrackingNumber: 422,
  unknownCarrier: 404,
  /** A carrier's tracking URL template that is not an https URL with {trackingNumber} (outside the host). */
  invalidTrackingUrlTemplate: 400,
  invalidSignature: 401,
  malformedWebhook: 400,
  profileNotFound: 404,
} as const;
