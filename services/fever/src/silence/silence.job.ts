import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { addToOutbox, OutboxRelay, Repeater } from '@portal/bus';
import { FEVER_SILENCE_HOURS, FeverEvents, systemContext, type ProbeSilentEvent } from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';

/** The advisory lock of the silence job: one copy of the service runs it at a time (in this database). */
const SILENCE_LOCK = 1_600_001;
const CTX = systemContext('fever-silence');
/** Probes flagged per run (the next run takes the rest). */
const BATCH = 500;

interface SilentRow {
  id: number;
  mac: string;
  label: string;
  depositor_id: number;
  platform_id: number;
  zone: string;
  last_reading_at: Date | null;
  silent_since: Date;
}

/**
 * Spec §3 "no temperature for 12 h": every FEVER_SILENCE_INTERVAL_MS (60 s), under an advisory lock,
 * an active probe whose latest reading (or, never heard, its creation) is FEVER_SILENCE_HOURS old
 * is marked silent and FeverEvents.probeSilent goes to the outbox, once: the mark stays until a
 * reading younger than that arrives (ingestion clears it), so the event comes again only after the
 * probe spoke and fell silent again.
 */
@Injectable()
export class SilenceJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('FeverSilence');
  private readonly repeater = new Repeater(
    () => this.run(new Date()),
    (e: unknown) => this.logger.error(`silence job failed: ${e instanceof Error ? e.message : String(e)}`),
  );

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  onApplicationBootstrap(): void {
    this.repeater.start(Number(process.env.FEVER_SILENCE_INTERVAL_MS ?? 60_000), false);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.repeater.stop();
  }

  /** One run: answers the probes found silent, or null when another copy holds the lock. */
  async run(now: Date): Promise<number | null> {
    const found = await this.db.scoped(CTX, async (em) => {
      const [{ locked }] = await em.query<{ locked: boolean }[]>(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [SILENCE_LOCK]);
      if (!locked) return null;
      const rows = rowsOf<SilentRow>(
        await em.query(
          `WITH due AS (
           SELECT id FROM probes
            WHERE active AND silent_since IS NULL
              AND coalesce(last_reading_at, created_at) <= $1::timestamptz - make_interval(hours => ${FEVER_SILENCE_HOURS})
            ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
         UPDATE probes p SET silent_since = coalesce(p.last_reading_at, p.created_at), silence_notified_at = $1
           FROM due, zones z WHERE p.id = due.id AND z.id = p.zone_id
         RETURNING p.id, p.mac::text AS mac, p.label, p.depositor_id, p.platform_id, z.label AS zone, p.last_reading_at, p.silent_since`,
          [now],
        ),
      );
      for (const r of rows) {
        const event: ProbeSilentEvent = {
          probeId: r.id,
          mac: r.mac,
          label: r.label,
          depositorIds: [r.depositor_id],
          platformId: r.platform_id,
          zone: r.zone,
          lastReadingAt: r.last_reading_at ? new Date(r.last_reading_at).toISOString() : null,
          silentSince: new Date(r.silent_since).toISOString(),
          silentHours: FEVER_SILENCE_HOURS,
        };
        await addToOutbox(em, 'fever', FeverEvents.probeSilent, event);
      }
      return rows.length;
    });
    if (found) this.outbox.kick();
    return found;
  }
}
