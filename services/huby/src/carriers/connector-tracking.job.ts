import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { addToOutbox, OutboxRelay } from '@portal/bus';
import { HubyEvents, HubyStatus, systemContext, type CarrierEventsPulledMessage } from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';
import { CarrierAdapters, type CarrierTrackingEvent } from './carrier-adapter';
import { CarrierOutage } from './connectors/carrier-line';

/** The statuses of a shipment still on its way (labels received … anomaly): those followed. */
const FOLLOWED = [HubyStatus.LabelsReceived, HubyStatus.LabelsPrinted, HubyStatus.TakenInCharge, HubyStatus.InTransit, HubyStatus.Anomaly];

export interface ConnectorTrackingOptions {
  /** How often the job looks for shipments due (ms). */
  tickMs: number;
  /** How long a shipment waits between two reads of its carrier's tracking (ms). */
  everyMs: number;
  /** Calls per second to one carrier account, at most (the carrier's published limit, with room). */
  ratePerSecond: number;
  /** Shipments taken per tick. */
  batch: number;
}

export function connectorTrackingOptions(): ConnectorTrackingOptions {
  const env = (name: string, fallback: number) => {
    const n = Number(process.env[name]);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    tickMs: env('HUBY_CARRIER_TRACKING_TICK_MS', 60_000),
    everyMs: env('HUBY_CARRIER_TRACKING_EVERY_MS', 30 * 60_000),
    ratePerSecond: env('HUBY_CARRIER_TRACKING_RATE', 10),
    batch: env('HUBY_CARRIER_TRACKING_BATCH', 500),
  };
}

interface Due {
  uuid: string;
  depositor_id: number;
  reference: string;
  voucher: string;
  tracking_numbers: string[];
  tour_id: number;
  carrier_ref: string;
  last_event_at: string | null;
}

export interface TrackingRound {
  shipments: number;
  requests: number;
  events: number;
  failed: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Tracking of the shipments of carriers with a connector that pulls (issue 34 item 6): every tick it
 * claims the shipments due (each read at most every `everyMs`), one copy of the service per shipment
 * (the claim is an UPDATE on rows taken with SKIP LOCKED, committed before any carrier is called),
 * reads each one's events from its carrier account's connector outside any transaction, at most
 * `ratePerSecond` calls per account, and hands the new ones to the tracking service
 * (huby.carrier.events-pulled, through the outbox with the shipment's last event time), which applies
 * them as the carrier's webhook would: Pack and Go Tracer, Tracer Route, the alerts and Huby's statuses.
 * An account whose circuit is open is left for the next tick.
 */
@Injectable()
export class ConnectorTrackingJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ConnectorTracking');
  private readonly options = connectorTrackingOptions();
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(CarrierAdapters) private readonly carriers: CarrierAdapters,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.run()
        .catch((e: Error) => this.logger.error(`carrier tracking failed: ${e.message}`))
        .finally(() => (this.running = undefined));
    }, this.options.tickMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One round over the shipments due now. */
  async run(options: Partial<ConnectorTrackingOptions> = {}): Promise<TrackingRound> {
    const o = { ...this.options, ...options };
    const due = await this.claim(o);
    const round: TrackingRound = { shipments: due.length, requests: 0, events: 0, failed: 0 };
    const byTour = new Map<number, Due[]>();
    for (const s of due) byTour.set(s.tour_id, [...(byTour.get(s.tour_id) ?? []), s]);
    await Promise.all(
      [...byTour].map(async ([tourId, shipments]) => {
        const adapter = await this.carriers.forTour(tourId);
        if (!adapter.track) return;
        const gap = 1000 / o.ratePerSecond;
        for (const s of shipments) {
          const started = Date.now();
          round.requests += 1;
          let events: CarrierTrackingEvent[];
          try {
            events = await adapter.track(s);
          } catch (e) {
            round.failed += 1;
            this.logger.warn(`${s.carrier_ref} ${s.reference}: tracking not read (${e instanceof Error ? e.message : String(e)})`);
            // A carrier that is down is left alone until the next tick.
            if (e instanceof CarrierOutage && e.code === 'CIRCUIT_OPEN') return;
            continue;
          }
          round.events += await this.handOver(s, events);
          await sleep(Math.max(0, gap - (Date.now() - started)));
        }
      }),
    );
    return round;
  }

  private async claim(o: ConnectorTrackingOptions): Promise<Due[]> {
    return this.db.scoped(systemContext('connector-tracking'), async (em) =>
      rowsOf<Due>(
        await em.query(
          `UPDATE shipments s SET carrier_polled_at = now()
           FROM (
             SELECT s2.uuid, t.id AS tour_id, c.ref AS carrier_ref
             FROM shipments s2
               JOIN tours t ON t.depositor_id = s2.depositor_id AND t.code = s2.tour_code
               JOIN carriers c ON c.id = t.carrier_id
               JOIN carrier_accounts a ON a.tour_id = t.id AND a.connector <> 'demo'
             WHERE s2.voucher IS NOT NULL AND s2.status = ANY($1::smallint[])
               AND (s2.carrier_polled_at IS NULL OR s2.carrier_polled_at < now() - make_interval(secs => $2))
             ORDER BY s2.carrier_polled_at NULLS FIRST, s2.labels_at
             LIMIT $3
             FOR UPDATE OF s2 SKIP LOCKED
           ) d
           WHERE s.uuid = d.uuid
           RETURNING s.uuid, s.depositor_id, s.reference, s.voucher, s.tracking_numbers, d.tour_id, d.carrier_ref,
             to_char(s.carrier_last_event_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_event_at`,
          [FOLLOWED, o.everyMs / 1000, o.batch],
        ),
      ),
    );
  }

  /** The events newer than the last one handed over, to the tracking service through the outbox. */
  private async handOver(s: Due, events: CarrierTrackingEvent[]): Promise<number> {
    const fresh = events.filter((e) => !s.last_event_at || e.at > s.last_event_at);
    if (!fresh.length) return 0;
    const last = fresh.reduce((max, e) => (e.at > max ? e.at : max), fresh[0].at);
    await this.db.scoped(systemContext('connector-tracking'), async (em) => {
      await addToOutbox<CarrierEventsPulledMessage>(em, 'huby', HubyEvents.carrierEventsPulled, {
        carrier: s.carrier_ref,
        depositorId: s.depositor_id,
        reference: s.reference,
        events: fresh,
      });
      await em.query(`UPDATE shipments SET carrier_last_event_at = $2 WHERE uuid = $1`, [s.uuid, last]);
    });
    this.outbox.kick();
    return fresh.length;
  }
}
