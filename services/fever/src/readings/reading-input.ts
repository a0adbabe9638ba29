import {
  AppError,
  FEED_CLOCK_TOLERANCE_MS,
  FEVER_HUMIDITY_RANGE,
  FEVER_MAX_BATCH,
  FEVER_OLDEST_READING_DAYS,
  FEVER_TEMPERATURE_RANGE,
  FEVER_VOLTAGE_RANGE,
  isValidInstant,
  type FeverReadingRefusal,
} from '@portal/contracts';

/** One reading that passed the checks that need no database: its probe is still to be found. */
export interface CheckedReading {
  index: number;
  mac: string;
  at: Date;
  temperature: number;
  humidity: number | null;
  voltage: number | null;
}

export interface CheckedBatch {
  readings: CheckedReading[];
  refused: FeverReadingRefusal[];
}

const DAY_MS = 86_400_000;
const HEX12 = /^[0-9a-f]{12}$/;

/**
 * A probe's MAC address in PostgreSQL's macaddr text form (`aa:bb:cc:dd:ee:ff`), from any of
 * `aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF`, `aabb.ccdd.eeff` or `aabbccddeeff`; null when it is none.
 */
export function normalizeMac(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 32) return null;
  const lower = value.trim().toLowerCase();
  if (lower.length > 17) return null;
  const separated = /^[0-9a-f]{2}([:-])[0-9a-f]{2}(\1[0-9a-f]{2}){4}$/.test(lower) || /^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/.test(lower);
  const hex = lower.replace(/[:.-]/g, '');
  if (!HEX12.test(hex) || (hex !== lower && !separated)) return null;
  return hex.match(/../g)!.join(':');
}

/** The batch's array (`{ readings: [...] }`): a whole-batch refusal when it is not one or too long. */
export function batchOf(data: unknown): unknown[] {
  const readings = data && typeof data === 'object' && !Array.isArray(data) ? (data as { readings?: unknown }).readings : undefined;
  if (!Array.isArray(readings)) throw new AppError('validationFailed', 'readings must be an array', undefined, { readings: 'required' });
  if (readings.length > FEVER_MAX_BATCH)
    throw new AppError('validationFailed', `at most ${FEVER_MAX_BATCH} readings per batch`, { max: FEVER_MAX_BATCH }, { readings: 'max' });
  return readings;
}

type Range = { readonly min: number; readonly max: number };
type Measure = { value: number | null } | { refusal: Omit<FeverReadingRefusal, 'index'> };

/** A measure: a finite number (required or not) inside the probe's physical range, kept to its column's precision. */
function measure(raw: unknown, field: string, range: Range, decimals: number, required: boolean): Measure {
  if (raw === undefined || raw === null) {
    if (!required) return { value: null };
    return { refusal: { key: 'validationFailed', params: { fields: { [field]: 'required' } } } };
  }
  if (typeof raw !== 'number' || !Number.isFinite(raw))
    return { refusal: { key: 'validationFailed', params: { fields: { [field]: 'numeric' } } } };
  if (raw < range.min || raw > range.max)
    return { refusal: { key: 'readingOutOfRange', params: { field, min: range.min, max: range.max } } };
  const scale = 10 ** decimals;
  return { value: Math.round(raw * scale) / scale };
}

/** The reading's instant: an ISO 8601 instant with its offset, not in the future (clock tolerance) nor too old. */
function instant(raw: unknown, now: number): Date | { refusal: Omit<FeverReadingRefusal, 'index'> } {
  if (typeof raw !== 'string' || raw.length > 40 || !isValidInstant(raw))
    return { refusal: { key: 'readingBadTimestamp', params: { reason: 'format' } } };
  const at = new Date(raw);
  if (at.getTime() > now + FEED_CLOCK_TOLERANCE_MS) return { refusal: { key: 'readingBadTimestamp', params: { reason: 'future' } } };
  if (at.getTime() < now - FEVER_OLDEST_READING_DAYS * DAY_MS)
    return { refusal: { key: 'readingBadTimestamp', params: { reason: 'tooOld', days: FEVER_OLDEST_READING_DAYS } } };
  return at;
}

/** Checks each reading on its own (shape, instant, physical ranges): a bad one is refused with its key, the others go on. */
export function checkReadings(raw: unknown[], now: number): CheckedBatch {
  const batch: CheckedBatch = { readings: [], refused: [] };
  raw.forEach((item, index) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      batch.refused.push({ index, key: 'validationFailed', params: { fields: { reading: 'invalidFormat' } } });
      return;
    }
    const r = item as Record<string, unknown>;
    const mac = normalizeMac(r.mac);
    if (!mac) {
      batch.refused.push({
        index,
        key: 'validationFailed',
        params: { fields: { mac: r.mac === undefined ? 'required' : 'invalidFormat' } },
      });
      return;
    }
    const at = instant(r.at, now);
    if (!(at instanceof Date)) return void batch.refused.push({ index, ...at.refusal });
    const temperature = measure(r.temperature, 'temperature', FEVER_TEMPERATURE_RANGE, 2, true);
    const humidity = measure(r.humidity, 'humidity', FEVER_HUMIDITY_RANGE, 2, false);
    const voltage = measure(r.voltage, 'voltage', FEVER_VOLTAGE_RANGE, 3, false);
    for (const m of [temperature, humidity, voltage]) if ('refusal' in m) return void batch.refused.push({ index, ...m.refusal });
    batch.readings.push({
      index,
      mac,
      at,
      temperature: (temperature as { value: number }).value,
      humidity: (humidity as { value: number | null }).value,
      voltage: (voltage as { value: number | null }).value,
    });
  });
  return batch;
}
