import { Logger, type INestApplicationContext } from '@nestjs/common';
import type { Db } from '@portal/db';
import { ProjectionCatchUp } from '../projection/catch-up';
import { seedUsageDemo } from './usage';

/**
 * The reporting projection of the demo data. Tracking's orders and stock's movements and lines are
 * written by their demo seeds without events: the projection reads them over the bus once they are
 * in (this seed runs after the other background seeds). Claims, Huby shipments and alert mails come
 * through their events as their services' demo flows publish them. The portal's use (the back office's
 * statistics) by the demo's users over the last months.
 */
export async function seedReportsDemo(db: Db, options: { scale: number; now: Date }, app: INestApplicationContext): Promise<void> {
  const usage = await seedUsageDemo(db, options.now);
  const counts = await app.get(ProjectionCatchUp).run(options.now);
  new Logger('demo').log(
    `reports projection: ${counts.orders} orders, ${counts.movements} movements, ${counts.stockLines} stock lines, ${usage} days of use`,
  );
}
