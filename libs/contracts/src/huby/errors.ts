/** Error keys of the Huby service (spec §8 Huby) with their HTTP status, merged into ERROR_STATUS. */
export const HUBY_ERROR_STATUS = {
  /** A shipment of the depositor already has this reference. */
  existingReference: 409,
  /** An address of the book already has this customer code. */
  customerCodeExists: 409,
  /** The shipment left draft: it can no longer be edited (cancel, restore to draft, then edit). */
  orderAlreadyInProcess: 409,
  /** The reference, packages or tour code of the order is empty (one field per case in `fields`). */
  orderFieldsEmpty: 400,
  /** Ad valorem insurance needs the content to be declared. */
  contentTypeRequired: 400,
  orderNotFound: 404,
  addressNotFound: 404,
  depositorNotFound: 404,
  /** The move is not in the shipment's transition table (params.from, params.to). */
  invalidTransition: 409,
  /** The shipping date is in the past or beyond the carrier's window (params.maxDays). */
  shippingDateOutOfWindow: 400,
  /** A depositor without packaging types (a warning on screens, refused when a packing names one). */
  noPackagingType: 422,
  /** The address cannot be used: deleted, or its zip does not match its town (params.reason). */
  addressNotDeliverable: 422,
  tourNotFound: 404,
  /** No tour of the depositor fits the shipment (weight, volume, packages, delivery delay, options). */
  noToursAvailable: 422,
  tourAccountNumberEmpty: 422,
  /** GET /admin/carriers without a depositor code (spec §5). */
  depositorCodeRequired: 400,
  /** Spec §5: a same-day pickup must be requested before 12:00 (params.cutoff, params.timeZone: the pickup place's). */
  pickupCutoffPassed: 422,
  /** The carrier refused the transport voucher (params.code: its return code). */
  voucherCreationFailed: 502,
  /** The carrier's web service did not answer or failed (params.code). */
  carrierServiceFailed: 502,
  /** The carrier does not know the address, or its postcode does not match its town. */
  addressNotReferenced: 422,
  /** The carrier does not serve that postcode or town. */
  zipTownNotReferenced: 422,
  /** The carrier has no service for that destination (params.country). */
  noCarrierService: 422,
  trackingNumberExists: 409,
  /** Dangerous goods without the right USER_HUBY_DANGEROUS_GOODS. */
  dangerousGoodsNotAllowed: 403,
  /** Spec §5: more than 10 shipments' labels at once (params.max), or more packages than one request prints. */
  labelLimitExceeded: 400,
  /** Spec §5: a label request names no shipment, or none of those named has its labels yet. */
  noShipmentsToPrint: 422,
  /** Spec §5: the shipments' carriers cannot give their labels in one format (params.format, params.references). */
  mixedLabelFormats: 409,
  /** Shipments whose labels cannot be printed: not received yet, canceled or already with the carrier (params.references). */
  labelsNotPrintable: 422,
  /** Auto-print in one format left the shipments whose carrier gives only the other (params.format, params.references). */
  labelFormatIgnored: 422,
  /** A reprint in a format that is neither PDF nor ZPL. */
  unknownReprintFormat: 400,
  /** The labels could not be written (params.reference). */
  labelWriteFailed: 500,
  /** After printing, a shipment could not move to "labels printed" (params.references). */
  printedStatusUpdateFailed: 409,
} as const;
