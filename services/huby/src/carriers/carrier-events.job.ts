import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import { AppError, FULL_SCOPE, systemContext, TrackingSubjects, type CallerContext, type CarrierDto } from '@portal/contracts';
import { Db } from '@portal/db';
import { CARRIER_COLUMNS } from '../tours/tours.service';
import { CarrierAdapters, type FollowedShipment } from './carrier-adapter';

const MINUTE_MS = 60_000;
/** Shipments followed per run (the oldest labels first); the next run takes the rest. */
const BATCH = 200;

type Followed = FollowedShipment & { carrier: CarrierDto };

/**
 * Carriers that do not call the tracking webhook themselves (the built-in demo carrier) report
 * through this job: every HUBY_CARRIER_EVENTS_INTERVAL_MS (default a minute) it asks each followed
 * shipment's carrier adapter for its new events and posts them, signed with the carrier's secret, to
 * the tracking service's carrier webhook, as a carrier's API key would. Rows are locked while they
 * are reported (SKIP LOCKED): with two copies of the service each event goes once. An event the
 * webhook refuses (its order not tracked yet: unknownTrackingNumber) is posted again next run.
 */
@Injectable()
export class CarrierEventsJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('CarrierEvents');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(CarrierAdapters) private readonly carriers: CarrierAdapters,
  ) {}

  onApplicationBootstrap(): void {
    const every = Number(process.env.HUBY_CARRIER_EVENTS_INTERVAL_MS ?? MINUTE_MS);
    if (!Number.isFinite(every) || every <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.run(new Date())
        .catch((e: Error) => this.logger.error(`carrier events failed: ${e.message}`))
        .finally(() => (this.running = undefined));
    }, every);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One run: answers how many events the webhook took. */
  async run(now: Date): Promise<number> {
    return this.db.scoped(systemContext('carrier-events'), async (em) => {
      const rows = await em.query<Followed[]>(
        `SELECT s.uuid, s.reference, s.voucher, s.tracking_numbers, s.carrier_events_sent AS sent,
           to_char(s.date_shipment_desired, 'YYYY-MM-DD') AS date_shipment_desired,
           to_char(s.labels_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS labels_at,
           (SELECT to_json(x) FROM (SELECT ${CARRIER_COLUMNS}) x) AS carrier
         FROM shipments s JOIN tours t ON t.depositor_id = s.depositor_id AND t.code = s.tour_code JOIN carriers c ON c.id = t.carrier_id
           LEFT JOIN carrier_accounts a ON a.tour_id = t.id
         WHERE coalesce(a.connector, 'demo') = 'demo' AND s.voucher IS NOT NULL AND s.status IN (25, 28, 90, 95, 97) AND s.labels_at <= $1
         ORDER BY s.labels_at LIMIT ${BATCH} FOR UPDATE OF s SKIP LOCKED`,
        [now],
      );
      let taken = 0;
      for (const s of rows) {
        const adapter = this.carriers.of(s.carrier.ref);
        const events = adapter.trackingEvents?.(s, s.carrier, now) ?? [];
        if (!events.length || !adapter.signingSecret || !s.tracking_numbers.length) continue;
        const body = JSON.stringify({ events });
        const signature = `sha256=${createHmac('sha256', adapter.signingSecret(s.carrier)).update(body).digest('hex')}`;
        try {
          await this.bus.request(TrackingSubjects.carrierWebhook, carrierContext(s.carrier), { carrier: s.carrier.ref, signature, body });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          if (e.key !== 'unknownTrackingNumber') this.logger.warn(`${s.carrier.ref} ${s.reference}: webhook refused (${e.key})`);
          continue;
        }
        await em.query(`UPDATE shipments SET carrier_events_sent = carrier_events_sent + $2 WHERE uuid = $1`, [s.uuid, events.length]);
        taken += events.length;
      }
      return taken;
    });
  }
}

/** The carrier as the tracking service sees a webhook call: an API key of kind carrier. */
function carrierContext(carrier: CarrierDto): CallerContext {
  return {
    ...systemContext(`carrier-webhook:${carrier.ref}`),
    roles: [],
    scope: FULL_SCOPE,
    client: { id: 0, name: `${carrier.name} (Huby)`, kind: 'carrier', platformIds: [] },
  };
}
