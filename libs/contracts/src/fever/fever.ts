/**
 * Fever (spec §1, §2, §3 Probe, §6 FEVER_USER / ADMIN_SONDE, §8, §9): temperature and humidity
 * probes placed on plans of the platforms' zones, their readings (HTTP and MQTT gateways), graphs,
 * a one-year export, silence and excursion alerts, and cold-chain certificates of tracking orders.
 */

/** Spec §3 "no temperature for 12 h": a probe silent this long raises FeverEvents.probeSilent. */
export const FEVER_SILENCE_HOURS = 12;
/** Spec §9: the temperature export covers one year. */
export const FEVER_EXPORT_MAX_DAYS = 366;
/** Readings older than this are refused (readingBadTimestamp): a gateway replaying its buffer stays well within it. */
export const FEVER_OLDEST_READING_DAYS = 400;
/** Physical ranges a probe can measure; a reading outside is refused (readingOutOfRange). */
export const FEVER_TEMPERATURE_RANGE = { min: -60, max: 90 } as const;
export const FEVER_HUMIDITY_RANGE = { min: 0, max: 100 } as const;
export const FEVER_VOLTAGE_RANGE = { min: 0, max: 12 } as const;
/** At most this many readings per HTTP batch or MQTT message. */
export const FEVER_MAX_BATCH = 5_000;
/** Graph ranges up to this many days read raw readings; longer ones read the hourly roll-up. */
export const FEVER_RAW_GRAPH_DAYS = 7;

/** A zone of a platform (cold room, ambient aisle, dock) for one depositor, with its thresholds. */
export interface FeverZoneDto {
  id: number;
  platformId: number;
  depositorId: number;
  code: string;
  label: string;
  /** Thresholds of an excursion (°C, % RH); null = not watched. */
  minTemperature: number | null;
  maxTemperature: number | null;
  maxHumidity: number | null;
}

export interface FeverPlanDto {
  id: number;
  platformId: number;
  depositorId: number;
  name: string;
  /** Size of the stored image in pixels (after resizing); null while no image is uploaded. */
  width: number | null;
  height: number | null;
  hasImage: boolean;
  updatedAt: string;
}

/** Spec §3 Probe, with its live values. */
export interface FeverProbeDto {
  id: number;
  mac: string;
  label: string;
  zoneId: number;
  zone: string;
  depositorId: number;
  platformId: number;
  planId: number | null;
  /** Position on the plan as fractions of the image (0..1). */
  x: number | null;
  y: number | null;
  voltage: number | null;
  lastReadingAt: string | null;
  temperature: number | null;
  humidity: number | null;
  /** Min, max and average temperature over the last 24 hours. */
  minTemperature: number | null;
  maxTemperature: number | null;
  avgTemperature: number | null;
  silent: boolean;
  /** An excursion in progress on this probe. */
  inExcursion: boolean;
}

/** One reading as a gateway sends it (HTTP body item or MQTT message item). */
export interface FeverReadingInput {
  /** The probe's MAC address (any of aa:bb:cc:dd:ee:ff, AA-BB-…, aabbccddeeff). */
  mac: string;
  /** ISO 8601 instant with an offset. */
  at: string;
  temperature: number;
  humidity?: number | null;
  voltage?: number | null;
}

export interface FeverReadingRefusal {
  /** Index of the reading in the batch. */
  index: number;
  key: 'probeUnknown' | 'readingOutOfRange' | 'readingBadTimestamp' | 'validationFailed';
  params?: Record<string, unknown>;
}

/** Answer to a batch: stored, already there (same probe and instant), refused one by one. */
export interface FeverIngestResult {
  accepted: number;
  duplicates: number;
  refused: FeverReadingRefusal[];
}

export interface FeverGraphPoint {
  at: string;
  min: number;
  max: number;
  avg: number;
  humidity: number | null;
}

export interface FeverGraphDto {
  probeId: number;
  from: string;
  to: string;
  /** `raw` (every reading) or `hour` (the hourly roll-up). */
  resolution: 'raw' | 'hour';
  points: FeverGraphPoint[];
  min: number | null;
  max: number | null;
  avg: number | null;
  /** The zone's thresholds, drawn as lines. */
  minTemperature: number | null;
  maxTemperature: number | null;
}

export interface FeverExcursionDto {
  id: number;
  probeId: number;
  zoneId: number;
  /** `high` above the zone's maximum, `low` below its minimum, `humidity` above its maximum humidity. */
  kind: 'high' | 'low' | 'humidity';
  startedAt: string;
  /** Null while in progress. */
  endedAt: string | null;
  durationMinutes: number | null;
  /** The furthest value from the threshold during the excursion. */
  peak: number;
  threshold: number;
}

export interface FeverExcursionEvent extends FeverExcursionDto {
  depositorId: number;
  platformId: number;
  mac: string;
  label: string;
}

/** Tracking → fever: a cold-chain certificate for an order's stay on a platform. */
export interface FeverCertificateRequest {
  orderId: number;
  reference: string;
  depositorId: number;
  platformId: number;
  /** The order's store code: the zone of that code; none → every zone of the depositor on the platform. */
  store?: string | null;
  /** The order's identification printed on the certificate. */
  depositorCode?: string;
  customerReference?: string | null;
  /** The stay runs up to now (the order has not shipped yet): printed as provisional. */
  provisional?: boolean;
  /** Reception of the goods (or the order's creation when no reception is known) and shipping. */
  from: string;
  to: string;
  locale: string;
  timezone: string;
}
