import { Inject, Injectable } from '@nestjs/common';
import { OutboxRelay } from '@portal/bus';
import { type CallerContext, type FeverIngestResult, type FeverReadingRefusal } from '@portal/contracts';
import { Db } from '@portal/db';
import { ExcursionTracker, type TouchedProbe } from '../excursions/excursion-tracker';
import { batchOf, checkReadings, type CheckedReading } from './reading-input';
import { ReadingPartitions } from './partitions';
import { insertReadings, lockProbes, type StoredReading } from './readings.store';

interface KnownProbe {
  id: number;
  mac: string;
  depositor_id: number;
  platform_id: number;
}

/**
 * Probe gateways' batches (HTTP with an API key of kind `probe`, or MQTT with the same key): each
 * reading checked on its own and refused with its key, the accepted ones stored in one transaction
 * (idempotent per probe and instant, in any order), with the hourly roll-up, the probes' live
 * state and their excursions. A probe outside the key's depositors (or platforms) is unknown.
 */
@Injectable()
export class ReadingsService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(ReadingPartitions) private readonly partitions: ReadingPartitions,
    @Inject(ExcursionTracker) private readonly excursions: ExcursionTracker,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  async ingest(ctx: CallerContext, data: unknown, now = new Date()): Promise<FeverIngestResult> {
    const checked = checkReadings(batchOf(data), now.getTime());
    const refused: FeverReadingRefusal[] = checked.refused;
    const probes = await this.knownProbes(ctx, checked.readings);
    const accepted: (CheckedReading & { probe: KnownProbe })[] = [];
    for (const r of checked.readings) {
      const probe = probes.get(r.mac);
      if (probe) accepted.push({ ...r, probe });
      else refused.push({ index: r.index, key: 'probeUnknown', params: { mac: r.mac } });
    }
    refused.sort((a, b) => a.index - b.index);
    if (!accepted.length) return { accepted: 0, duplicates: 0, refused };
    const inserted = await this.store(
      ctx,
      accepted.map((r) => ({
        probeId: r.probe.id,
        depositorId: r.probe.depositor_id,
        at: r.at,
        temperature: r.temperature,
        humidity: r.humidity,
        voltage: r.voltage,
      })),
      now,
    );
    return { accepted: inserted, duplicates: accepted.length - inserted, refused };
  }

  /** Stores readings of known probes (storeReadings) and relays the excursion events it wrote. */
  async store(ctx: CallerContext, readings: StoredReading[], now: Date): Promise<number> {
    const stored = await storeReadings(this.db, this.partitions, this.excursions, ctx, readings, now);
    if (stored.events) this.outbox.kick();
    return stored.inserted;
  }

  /** The batch's probes the caller may feed: its depositors (row-level security) and, when the key names some, its platforms. */
  private async knownProbes(ctx: CallerContext, readings: CheckedReading[]): Promise<Map<string, KnownProbe>> {
    const macs = [...new Set(readings.map((r) => r.mac))];
    if (!macs.length) return new Map();
    const platforms = ctx.client?.platformIds ?? [];
    const rows = await this.db.scopedQuery<KnownProbe>(
      ctx,
      `SELECT id, mac::text AS mac, depositor_id, platform_id FROM probes
        WHERE mac = ANY($1::macaddr[]) AND (cardinality($2::int[]) = 0 OR platform_id = ANY($2::int[]))`,
      [macs, platforms],
    );
    return new Map(rows.map((r) => [r.mac, r]));
  }
}

/**
 * Stores readings of known probes in one transaction (nothing half-stored): readings, roll-up, live
 * state, excursions and their events (`events: false`: none, for the demo's year of history).
 * Answers how many readings were new and how many events were written. The demo seed uses it too.
 */
export async function storeReadings(
  db: Db,
  partitions: ReadingPartitions,
  excursions: ExcursionTracker,
  ctx: CallerContext,
  readings: StoredReading[],
  now: Date,
  options: { events?: boolean } = {},
): Promise<{ inserted: number; events: number }> {
  await partitions.ensure(readings.map((r) => r.at));
  return db.scoped(ctx, async (em) => {
    const locked = await lockProbes(em, [...new Set(readings.map((r) => r.probeId))]);
    // A probe deleted since it was looked up takes its readings with it.
    const inserted = await insertReadings(
      em,
      readings.filter((r) => locked.has(r.probeId)),
      now,
    );
    const byProbe = new Map<number, TouchedProbe>();
    for (const row of inserted) {
      const probe = locked.get(row.probe_id)!;
      let touched = byProbe.get(row.probe_id);
      if (!touched) byProbe.set(row.probe_id, (touched = { ...probe, previousLast: probe.lastReadingAt, inserted: [] }));
      touched.inserted.push({
        at: new Date(row.at),
        temperature: Number(row.temperature),
        humidity: row.humidity === null ? null : Number(row.humidity),
      });
    }
    return { inserted: inserted.length, events: await excursions.track(em, [...byProbe.values()], options) };
  });
}
