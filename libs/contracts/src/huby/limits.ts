/** Huby limits (spec §5, §9). */
export const HUBY_LIMITS = {
  /** A shipment is duplicated 1 to 50 times at once. */
  maxDuplicates: 50,
  /** Addresses answered by GET /dashtower/address/all when no limit is given, and at most. */
  addressListDefault: 50,
  addressListMax: 200,
  /** A carrier with the shipping-window rule takes shipments at most this many days ahead. */
  shippingWindowDays: 10,
  /** Packings per shipment and packages per packing line. */
  maxPackings: 99,
  maxPackagesPerLine: 999,
  maxPageSize: 200,
} as const;

/** Codes (spec §5): uppercase letters, digits, hyphen and underscore. The order reference follows the same rule. */
export const HUBY_CODE = /^[A-Z0-9_-]+$/;
