import { Injectable } from '@nestjs/common';
import { addManyToOutbox } from '@portal/bus';
import { FeverOwnEvents, type FeverExcursionEvent } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import {
  durationMinutes,
  isOut,
  walkExcursions,
  watchesOf,
  type ExcursionSpan,
  type Thresholds,
  type WalkedReading,
} from './excursion-walk';

/** A probe whose readings a batch stored, as the ingestion saw it (its row locked for the transaction). */
export interface TouchedProbe {
  id: number;
  mac: string;
  label: string;
  depositorId: number;
  platformId: number;
  zoneId: number;
  thresholds: Thresholds;
  /** The probe's latest reading before this batch. */
  previousLast: Date | null;
  /** The readings the batch inserted (not the duplicates), in time order. */
  inserted: WalkedReading[];
}

interface ExcursionRow {
  id: number;
  kind: ExcursionSpan['kind'];
  threshold: string;
  started_at: Date;
  ended_at: Date | null;
  peak: string;
}

const spanOf = (r: ExcursionRow): ExcursionSpan => ({
  id: r.id,
  kind: r.kind,
  threshold: Number(r.threshold),
  startedAt: new Date(r.started_at),
  endedAt: r.ended_at ? new Date(r.ended_at) : null,
  peak: Number(r.peak),
});
/** What a batch changes in the stored excursions, written in a few statements for all its probes. */
class Plan {
  readonly deletes: number[] = [];
  readonly updates: ExcursionSpan[] = [];
  readonly inserts: { probe: TouchedProbe; span: ExcursionSpan }[] = [];
  readonly events: { probe: TouchedProbe; span: ExcursionSpan; type: string }[] = [];
}

const sameInstant = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());
/** How far the window of an out-of-order batch may widen (touching excursions found one after the other). */
const MAX_WIDENINGS = 20;

/**
 * Keeps a probe's excursions true to its stored readings, inside the ingestion's transaction (the
 * probe's row is locked: one batch at a time per probe). Readings appended after the latest one
 * continue the excursions in progress; readings that land in the past recompute the window they
 * touch, from a reading before which every threshold was kept to one after which every one is
 * again (or the end). Each start and end goes to the outbox (FeverOwnEvents).
 */
@Injectable()
export class ExcursionTracker {
  /** Answers how many events were written (`events: false`: none, for the demo's year of history). */
  async track(em: EntityManager, probes: TouchedProbe[], options: { events?: boolean } = {}): Promise<number> {
    const publish = options.events ?? true;
    const plan = new Plan();
    const watched = probes.filter((p) => p.inserted.length && watchesOf(p.thresholds).length);
    if (!watched.length) return 0;
    const openRows: (ExcursionRow & { probe_id: number })[] = await em.query(
      `SELECT id, probe_id, kind, threshold, started_at, ended_at, peak FROM excursions WHERE probe_id = ANY($1::int[]) AND ended_at IS NULL`,
      [watched.map((p) => p.id)],
    );
    for (const probe of watched) {
      const first = probe.inserted[0].at;
      const open = openRows.filter((r) => r.probe_id === probe.id).map(spanOf);
      const anyOut = probe.inserted.some((r) => isOut(r, probe.thresholds));
      if (probe.previousLast === null || first > probe.previousLast) {
        if (!open.length && !anyOut) continue;
        this.plan(plan, probe, open, walkExcursions(probe.inserted, probe.thresholds, open));
      } else if (anyOut || (await this.touched(em, probe))) {
        this.plan(plan, probe, ...(await this.recompute(em, probe)));
      }
    }
    return this.apply(em, plan, publish);
  }

  /** Whether readings inside thresholds fell within a stored excursion (which they then end or split). */
  private async touched(em: EntityManager, probe: TouchedProbe): Promise<boolean> {
    const rows: unknown[] = await em.query(
      `SELECT 1 FROM excursions WHERE probe_id = $1 AND started_at <= $3 AND (ended_at IS NULL OR ended_at >= $2) LIMIT 1`,
      [probe.id, probe.inserted[0].at, probe.inserted[probe.inserted.length - 1].at],
    );
    return rows.length > 0;
  }

  /** Recomputes the excursions of the window an out-of-order batch touched. */
  private async recompute(em: EntityManager, probe: TouchedProbe): Promise<[ExcursionSpan[], ExcursionSpan[]]> {
    let from = probe.inserted[0].at;
    let to = probe.inserted[probe.inserted.length - 1].at;
    let end: Date | null = null;
    let touching: ExcursionSpan[] = [];
    for (let i = 0; i < MAX_WIDENINGS; i++) {
      end = await this.firstAllInAtOrAfter(em, probe, to);
      const rows: ExcursionRow[] = await em.query(
        `SELECT id, kind, threshold, started_at, ended_at, peak FROM excursions
          WHERE probe_id = $1 AND ($3::timestamptz IS NULL OR started_at <= $3) AND (ended_at IS NULL OR ended_at >= $2)`,
        [probe.id, from, end],
      );
      touching = rows.map(spanOf);
      const wider = touching.reduce((min, s) => (s.startedAt < min ? s.startedAt : min), from);
      const later = touching.reduce((max, s) => (s.endedAt && s.endedAt > max ? s.endedAt : max), to);
      if (sameInstant(wider, from) && sameInstant(later, to)) break;
      from = wider;
      to = later;
    }
    const readings: { at: Date; temperature: string; humidity: string | null }[] = await em.query(
      `SELECT at, temperature, humidity FROM readings WHERE probe_id = $1 AND at >= $2 AND ($3::timestamptz IS NULL OR at <= $3) ORDER BY at`,
      [probe.id, from, end],
    );
    const walked = readings.map((r) => ({
      at: new Date(r.at),
      temperature: Number(r.temperature),
      humidity: r.humidity === null ? null : Number(r.humidity),
    }));
    return [touching, walkExcursions(walked, probe.thresholds)];
  }

  /** The first reading at or after `at` inside every watched threshold (null: none yet). */
  private async firstAllInAtOrAfter(em: EntityManager, probe: TouchedProbe, at: Date): Promise<Date | null> {
    const params: unknown[] = [probe.id, at];
    const inside = watchesOf(probe.thresholds).map((w) => {
      params.push(w.threshold);
      const p = `$${params.length}`;
      return w.kind === 'high' ? `temperature <= ${p}` : w.kind === 'low' ? `temperature >= ${p}` : `humidity <= ${p}`;
    });
    const [row]: { at: Date }[] = await em.query(
      `SELECT at FROM readings WHERE probe_id = $1 AND at >= $2 AND ${inside.join(' AND ')} ORDER BY at LIMIT 1`,
      params,
    );
    return row ? new Date(row.at) : null;
  }

  /** Adds to the plan what turns the stored excursions into the walk's answer. */
  private plan(plan: Plan, probe: TouchedProbe, before: ExcursionSpan[], after: ExcursionSpan[]): void {
    const key = (s: ExcursionSpan) => `${s.kind}|${s.startedAt.getTime()}`;
    const previous = new Map(before.map((s) => [key(s), s]));
    const kept = new Set(after.map(key));
    for (const s of before) if (!kept.has(key(s)) && s.id !== undefined) plan.deletes.push(s.id);
    for (const span of after) {
      const old = previous.get(key(span));
      if (old?.id !== undefined) {
        span.id = old.id;
        if (sameInstant(old.endedAt, span.endedAt) && old.peak === span.peak && old.threshold === span.threshold) continue;
        plan.updates.push(span);
        if (!old.endedAt && span.endedAt) plan.events.push({ probe, span, type: FeverOwnEvents.excursionEnded });
        continue;
      }
      plan.inserts.push({ probe, span });
      plan.events.push({ probe, span, type: FeverOwnEvents.excursionStarted });
      if (span.endedAt) plan.events.push({ probe, span, type: FeverOwnEvents.excursionEnded });
    }
  }

  /** Deletes, updates, inserts and events of the batch, a statement each; answers the events written. */
  private async apply(em: EntityManager, plan: Plan, publish: boolean): Promise<number> {
    if (plan.deletes.length) await em.query(`DELETE FROM excursions WHERE id = ANY($1::int[])`, [plan.deletes]);
    if (plan.updates.length)
      await em.query(
        `UPDATE excursions e SET ended_at = u.ended_at, peak = u.peak, threshold = u.threshold
           FROM unnest($1::int[], $2::timestamptz[], $3::numeric[], $4::numeric[]) AS u(id, ended_at, peak, threshold) WHERE e.id = u.id`,
        [
          plan.updates.map((s) => s.id),
          plan.updates.map((s) => s.endedAt?.toISOString() ?? null),
          plan.updates.map((s) => s.peak),
          plan.updates.map((s) => s.threshold),
        ],
      );
    if (plan.inserts.length) {
      const rows: { id: number; probe_id: number; kind: string; started_at: Date }[] = await em.query(
        `INSERT INTO excursions (probe_id, zone_id, depositor_id, platform_id, kind, threshold, started_at, ended_at, peak)
         SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::numeric[], $7::timestamptz[], $8::timestamptz[], $9::numeric[])
         RETURNING id, probe_id, kind, started_at`,
        [
          plan.inserts.map((i) => i.probe.id),
          plan.inserts.map((i) => i.probe.zoneId),
          plan.inserts.map((i) => i.probe.depositorId),
          plan.inserts.map((i) => i.probe.platformId),
          plan.inserts.map((i) => i.span.kind),
          plan.inserts.map((i) => i.span.threshold),
          plan.inserts.map((i) => i.span.startedAt.toISOString()),
          plan.inserts.map((i) => i.span.endedAt?.toISOString() ?? null),
          plan.inserts.map((i) => i.span.peak),
        ],
      );
      const ids = new Map(rows.map((r) => [`${r.probe_id}|${r.kind}|${new Date(r.started_at).getTime()}`, r.id]));
      for (const { probe, span } of plan.inserts) span.id = ids.get(`${probe.id}|${span.kind}|${span.startedAt.getTime()}`);
    }
    if (!publish || !plan.events.length) return 0;
    const events = plan.events.map(({ probe, span, type }) => ({ type, payload: eventOf(probe, span) }));
    await addManyToOutbox<FeverExcursionEvent>(em, 'fever', events);
    return events.length;
  }
}

function eventOf(probe: TouchedProbe, span: ExcursionSpan): FeverExcursionEvent {
  return {
    id: span.id!,
    probeId: probe.id,
    zoneId: probe.zoneId,
    kind: span.kind,
    startedAt: span.startedAt.toISOString(),
    endedAt: span.endedAt?.toISOString() ?? null,
    durationMinutes: durationMinutes(span),
    peak: span.peak,
    threshold: span.threshold,
    depositorId: probe.depositorId,
    platformId: probe.platformId,
    mac: probe.mac,
    label: probe.label,
  };
}
