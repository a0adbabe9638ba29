import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { systemContext } from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';

const HOUR_MS = 3_600_000;

/**
 * The delete-after-shipping / after-delivery action of recipient addresses (spec §3 Address action):
 * once the depositor's `action_delay_on_address` days have passed since the address was last used on
 * a shipment taken in charge (or delivered), the address leaves the book (shipments keep their copy).
 * Runs every HUBY_RETENTION_INTERVAL_MS (default an hour); each run slot is claimed by inserting a
 * `job_runs` row, so with several copies of the service one does the work and the others skip.
 */
@Injectable()
export class AddressRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('AddressRetention');
  private timer?: NodeJS.Timeout;

  constructor(@Inject(Db) private readonly db: Db) {}

  onApplicationBootstrap(): void {
    const every = Number(process.env.HUBY_RETENTION_INTERVAL_MS ?? HOUR_MS);
    if (!Number.isFinite(every) || every <= 0) return;
    this.timer = setInterval(() => {
      this.run(new Date(), every).catch((e: Error) => this.logger.error(`address retention failed: ${e.message}`));
    }, every);
    this.timer.unref();
  }

  beforeApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * One run for the slot `now` falls in (slots of `slotMs`): answers how many addresses it deleted,
   * or null when another copy had claimed the slot.
   */
  async run(now: Date, slotMs = HOUR_MS): Promise<number | null> {
    const slot = new Date(Math.floor(now.getTime() / slotMs) * slotMs);
    // Scoped as the system (scope all): row-level security holds for the table owner too.
    return this.db.scoped(systemContext('address-retention'), async (em) => {
      const claimed = await em.query<{ job: string }[]>(
        `INSERT INTO job_runs (job, slot) VALUES ('address-retention', $1) ON CONFLICT DO NOTHING RETURNING job`,
        [slot],
      );
      if (!claimed.length) return null;
      // TypeORM answers UPDATE ... RETURNING as [rows, count]: rowsOf gives the rows.
      const deleted = rowsOf<{ uuid: string }>(
        await em.query(
          `UPDATE addresses a SET deleted_at = $1, updated_at = $1
         FROM depositors d
         WHERE d.id = a.depositor_id AND a.deleted_at IS NULL AND a.book = 'recipient'
           AND ((a.action = 'deleteAfterShipping' AND a.used_at + make_interval(days => coalesce(d.action_delay_on_address, 0)) <= $1)
             OR (a.action = 'deleteAfterDelivery' AND a.delivered_at + make_interval(days => coalesce(d.action_delay_on_address, 0)) <= $1))
         RETURNING a.uuid`,
          [now],
        ),
      );
      await em.query(`UPDATE job_runs SET finished_at = now(), affected = $2 WHERE job = 'address-retention' AND slot = $1`, [
        slot,
        deleted.length,
      ]);
      if (deleted.length) this.logger.log(`${deleted.length} address(es) deleted after their retention delay`);
      return deleted.length;
    });
  }
}
