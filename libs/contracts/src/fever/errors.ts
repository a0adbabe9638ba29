/** Fever keys (spec §8 "temperature export impossible", the readings' refusals), merged into ERROR_STATUS. */
export const FEVER_ERROR_STATUS = {
  /** Spec §8 "temperature export impossible": the export cannot be produced (params.reason). */
  temperatureExportImpossible: 422,
  /** A reading (or a call) names a probe this gateway's depositors do not have (params.mac). */
  probeUnknown: 404,
  /** A reading outside the physical range of a probe (params.field, params.min, params.max). */
  readingOutOfRange: 400,
  /** A reading's timestamp is not a date, lies in the future beyond the clock tolerance or before FEVER_OLDEST_READING_DAYS. */
  readingBadTimestamp: 400,
  /** A probe's MAC address already belongs to another probe. */
  probeMacExists: 409,
  /** A zone code already used by the depositor on that platform. */
  feverZoneCodeExists: 409,
  /** A zone that still has probes cannot be deleted (params.probes). */
  feverZoneInUse: 409,
} as const;
export type FeverErrorKey = keyof typeof FEVER_ERROR_STATUS;
