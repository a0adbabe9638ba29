/** Spec §5 / §9 limits of the tracker, shared by the gateway, the service and the web. */

/** Widest date range a search may cover; wider answers `dateRangeTooLarge` and the web offers an export. */
export const TRACKING_MAX_SEARCH_DAYS = 93;
/** Rows per page at most (react-admin range). */
export const TRACKING_MAX_PAGE_SIZE = 200;
/** Offsets beyond this need the `cursor` filter (keyset pagination, no count over millions of rows). */
export const TRACKING_MAX_OFFSET = 1000;
/** Spec §5: a manual delivery date is at least 10 minutes in the past. */
export const MANUAL_DELIVERY_MIN_AGE_MINUTES = 10;
/** Upload size limit of documents and PODs (spec §9 leaves the value open; bodies travel base64 in JSON). */
export const TRACKING_UPLOAD_MAX_BYTES = 3 * 1024 * 1024;
/** Orders per bulk feed call. */
export const TRACKING_FEED_BULK_MAX = 5000;
/** PODs per bulk zip download or bulk delivered marking. */
export const TRACKING_BULK_MAX = 500;
/** Header carrying the HMAC-SHA256 (hex) of the raw webhook body, optionally prefixed `sha256=`. */
export const CARRIER_SIGNATURE_HEADER = 'x-signature';
/** An export may cover a wider date range than a screen search (the point of offering it instead). */
export const TRACKING_MAX_EXPORT_DAYS = 366;
/** Serial Tracker: GET /api/serials answers the newest orders only, at most this many rows (with the total). */
export const SERIAL_SEARCH_MAX = 200;
