import type { FeverExcursionDto } from '@portal/contracts';

export type ExcursionKind = FeverExcursionDto['kind'];

/** A zone's thresholds (°C, % RH); null: not watched. */
export interface Thresholds {
  minTemperature: number | null;
  maxTemperature: number | null;
  maxHumidity: number | null;
}

export interface WalkedReading {
  at: Date;
  temperature: number;
  humidity: number | null;
}

/** An excursion as the walk sees it: its first reading out, the first reading back in (null: in progress), its peak. */
export interface ExcursionSpan {
  /** The stored row, when the span continues one. */
  id?: number;
  kind: ExcursionKind;
  threshold: number;
  startedAt: Date;
  endedAt: Date | null;
  peak: number;
}

interface Watch {
  kind: ExcursionKind;
  threshold: number;
  /** The reading's value for this kind, or null when it says nothing (humidity not measured). */
  value: (r: WalkedReading) => number | null;
  out: (value: number) => boolean;
  /** The further from the threshold of two values. */
  worse: (a: number, b: number) => number;
}

/** The kinds a zone watches: above its maximum, below its minimum, above its maximum humidity. */
export function watchesOf(t: Thresholds): Watch[] {
  const watches: Watch[] = [];
  if (t.maxTemperature !== null) {
    const max = t.maxTemperature;
    watches.push({ kind: 'high', threshold: max, value: (r) => r.temperature, out: (v) => v > max, worse: Math.max });
  }
  if (t.minTemperature !== null) {
    const min = t.minTemperature;
    watches.push({ kind: 'low', threshold: min, value: (r) => r.temperature, out: (v) => v < min, worse: Math.min });
  }
  if (t.maxHumidity !== null) {
    const max = t.maxHumidity;
    watches.push({ kind: 'humidity', threshold: max, value: (r) => r.humidity, out: (v) => v > max, worse: Math.max });
  }
  return watches;
}

/** Whether a reading lies outside any watched threshold. */
export function isOut(r: WalkedReading, t: Thresholds): boolean {
  return watchesOf(t).some((w) => {
    const v = w.value(r);
    return v !== null && w.out(v);
  });
}

/**
 * Walks readings in time order and answers the excursions they make, kind by kind: an excursion
 * starts at the first reading outside the threshold, ends at the first reading back inside (a
 * reading without the measure, humidity not sent, neither starts nor ends one), its peak is the
 * value furthest from the threshold in between. `open` are the excursions in progress before the
 * first reading (appending to a probe's history); they come back continued, ended or as they were.
 */
export function walkExcursions(readings: WalkedReading[], thresholds: Thresholds, open: ExcursionSpan[] = []): ExcursionSpan[] {
  const spans: ExcursionSpan[] = open.map((s) => ({ ...s }));
  for (const watch of watchesOf(thresholds)) {
    let current = spans.find((s) => s.kind === watch.kind && s.endedAt === null) ?? null;
    for (const r of readings) {
      const v = watch.value(r);
      if (v === null) continue;
      if (watch.out(v)) {
        if (current) current.peak = watch.worse(current.peak, v);
        else spans.push((current = { kind: watch.kind, threshold: watch.threshold, startedAt: r.at, endedAt: null, peak: v }));
      } else if (current) {
        current.endedAt = r.at;
        current = null;
      }
    }
  }
  return spans.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.kind.localeCompare(b.kind));
}

/** Whole minutes from start to end (null while in progress). */
export function durationMinutes(span: Pick<ExcursionSpan, 'startedAt' | 'endedAt'>): number | null {
  return span.endedAt ? Math.round((span.endedAt.getTime() - span.startedAt.getTime()) / 60_000) : null;
}
