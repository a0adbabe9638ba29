import { Logger, type INestApplicationContext } from '@nestjs/common';
import type { Db } from '@portal/db';
import { ProjectionCatchUp } from '../projection/catch-up';

/**
 * The reporting projection of the demo data. Tracking's orders and stock's movements and lines are
 * written by their demo seeds without events: the projection reads them over the bus once they are
 * in (this seed runs after the other background seeds). Claims, Huby shipments and alert mails come
 * through their events as their services' demo flows publish them.
 */
export async function seedReportsDemo(_db: Db, options: { scale: number; now: Date }, app: INestApplicationContext): Promise<void> {
  const counts = await app.get(ProjectionCatchUp).run(options.now);
  new Logger('demo').log(`reports projection: ${counts.orders} orders, ${counts.movements} movements, ${counts.stockLines} stock lines`);
}
