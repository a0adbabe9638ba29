import { FEVER_CERTIFICATE_SILENCE_MINUTES, type FeverCertificateVerdict } from '@portal/contracts';

/**
 * The figures of a cold-chain certificate, computed in one place from the readings (the PDF only
 * draws them). Instants are epoch milliseconds. Definitions, as printed on the certificate:
 * - a reading is in force from its instant until the next reading of the same probe when that one
 *   comes within the silence limit; further apart, the time between them is a silence (not
 *   covered). The last reading holds until the end of the stay on the same condition; a first
 *   reading later than the silence limit after the start leaves a silence before it;
 * - time within thresholds = covered time with a reading in force within [min, max] / covered time;
 * - min, max and average are those of the readings of the stay (every probe of the zone);
 * - the verdict: no reading → noReadings; a reading outside the thresholds or an excursion
 *   overlapping the stay → notConforming; silences → conformingWithSilences; else conforming.
 */

export interface CertificateZone {
  id: number;
  code: string;
  label: string;
  minTemperature: number | null;
  maxTemperature: number | null;
  maxHumidity: number | null;
}

export interface CertificateProbe {
  id: number;
  label: string;
  mac: string;
}

export interface CertificateReading {
  probeId: number;
  at: number;
  temperature: number;
}

export interface CertificateExcursion {
  probeId: number;
  kind: 'high' | 'low' | 'humidity';
  startedAt: number;
  /** Null while in progress. */
  endedAt: number | null;
  peak: number;
  threshold: number;
}

export interface Silence {
  probeId: number;
  from: number;
  to: number;
  durationMs: number;
}

export interface ProbeFigures {
  probe: CertificateProbe;
  readings: number;
  min: number | null;
  max: number | null;
}

export interface CurveBucket {
  /** Start of the bucket. */
  at: number;
  min: number;
  max: number;
  avg: number;
}

export interface ZoneFigures {
  zone: CertificateZone;
  probes: ProbeFigures[];
  readings: number;
  min: number | null;
  max: number | null;
  avg: number | null;
  coveredMs: number;
  withinMs: number;
  /** Share of the covered time within the thresholds (0–100, one decimal); null when nothing is covered. */
  withinPercent: number | null;
  outsideReadings: number;
  silences: Silence[];
  excursions: (CertificateExcursion & { durationMs: number | null })[];
  bucketMs: number;
  buckets: CurveBucket[];
  verdict: FeverCertificateVerdict;
}

export interface ZoneFiguresInput {
  zone: CertificateZone;
  probes: CertificateProbe[];
  readings: CertificateReading[];
  excursions: CertificateExcursion[];
  from: number;
  to: number;
  silenceMs?: number;
  maxBuckets?: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Bucket sizes of the curve, the smallest that keeps the curve within maxBuckets is used. */
const BUCKET_SIZES = [10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];

export function computeZoneFigures(input: ZoneFiguresInput): ZoneFigures {
  const { zone, from, to } = input;
  const silenceMs = input.silenceMs ?? FEVER_CERTIFICATE_SILENCE_MINUTES * MINUTE;
  const within = (t: number) =>
    (zone.minTemperature === null || t >= zone.minTemperature) && (zone.maxTemperature === null || t <= zone.maxTemperature);
  const stay = input.readings.filter((r) => r.at >= from && r.at <= to && Number.isFinite(r.temperature));
  const byProbe = new Map<number, CertificateReading[]>(input.probes.map((p) => [p.id, []]));
  for (const r of stay) byProbe.get(r.probeId)?.push(r);

  let coveredMs = 0;
  let withinMs = 0;
  const silences: Silence[] = [];
  const probes: ProbeFigures[] = [];
  const kept: CertificateReading[] = [];
  for (const probe of input.probes) {
    const readings = byProbe.get(probe.id)!.sort((a, b) => a.at - b.at);
    kept.push(...readings);
    probes.push({ probe, readings: readings.length, ...extremes(readings) });
    if (!readings.length) {
      silences.push(silence(probe.id, from, to));
      continue;
    }
    if (readings[0].at - from > silenceMs) silences.push(silence(probe.id, from, readings[0].at));
    for (let i = 0; i < readings.length; i++) {
      const at = readings[i].at;
      const end = i + 1 < readings.length ? readings[i + 1].at : to;
      if (end - at > silenceMs) {
        silences.push(silence(probe.id, at, end));
        continue;
      }
      coveredMs += end - at;
      if (within(readings[i].temperature)) withinMs += end - at;
    }
  }

  const excursions = input.excursions
    .filter((e) => e.startedAt < to && (e.endedAt === null || e.endedAt > from))
    .sort((a, b) => a.startedAt - b.startedAt)
    .map((e) => ({ ...e, durationMs: e.endedAt === null ? null : e.endedAt - e.startedAt }));
  const outsideReadings = kept.filter((r) => !within(r.temperature)).length;
  const sum = kept.reduce((s, r) => s + r.temperature, 0);
  const bucketMs = BUCKET_SIZES.find((size) => (to - from) / size <= (input.maxBuckets ?? 120)) ?? BUCKET_SIZES[BUCKET_SIZES.length - 1];
  return {
    zone,
    probes,
    readings: kept.length,
    ...extremes(kept),
    avg: kept.length ? round(sum / kept.length, 2) : null,
    coveredMs,
    withinMs,
    withinPercent: coveredMs > 0 ? round((withinMs / coveredMs) * 100, 1) : null,
    outsideReadings,
    silences: silences.sort((a, b) => a.from - b.from || a.probeId - b.probeId),
    excursions,
    bucketMs,
    buckets: curve(kept, from, bucketMs),
    verdict: !kept.length
      ? 'noReadings'
      : outsideReadings > 0 || excursions.length > 0
        ? 'notConforming'
        : silences.length > 0
          ? 'conformingWithSilences'
          : 'conforming',
  };
}

/** The certificate's verdict over several zones: the worst of them. */
export function overallVerdict(zones: Pick<ZoneFigures, 'verdict'>[]): FeverCertificateVerdict {
  const order: FeverCertificateVerdict[] = ['notConforming', 'noReadings', 'conformingWithSilences', 'conforming'];
  return order.find((v) => zones.some((z) => z.verdict === v)) ?? 'noReadings';
}

/** Min, max and average per bucket of the stay (buckets from its start), empty buckets left out. */
function curve(readings: CertificateReading[], from: number, bucketMs: number): CurveBucket[] {
  const buckets = new Map<number, { min: number; max: number; sum: number; count: number }>();
  for (const r of readings) {
    const at = from + Math.floor((r.at - from) / bucketMs) * bucketMs;
    const b = buckets.get(at);
    if (!b) buckets.set(at, { min: r.temperature, max: r.temperature, sum: r.temperature, count: 1 });
    else {
      b.min = Math.min(b.min, r.temperature);
      b.max = Math.max(b.max, r.temperature);
      b.sum += r.temperature;
      b.count++;
    }
  }
  return [...buckets].sort(([a], [b]) => a - b).map(([at, b]) => ({ at, min: b.min, max: b.max, avg: round(b.sum / b.count, 2) }));
}

function extremes(readings: CertificateReading[]): { min: number | null; max: number | null } {
  if (!readings.length) return { min: null, max: null };
  let min = Infinity;
  let max = -Infinity;
  for (const r of readings) {
    if (r.temperature < min) min = r.temperature;
    if (r.temperature > max) max = r.temperature;
  }
  return { min, max };
}

const silence = (probeId: number, from: number, to: number): Silence => ({ probeId, from, to, durationMs: to - from });
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
