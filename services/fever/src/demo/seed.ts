import type { INestApplicationContext } from '@nestjs/common';
import type { Db } from '@portal/db';
import { seedFeverReadings } from './readings';
import { seedFeverSetup } from './setup';

/** Demo probes on two plans and a year of readings (issue 16 item 6); see fixtures.ts. */
export async function seedFeverDemo(db: Db, options: { scale: number; now: Date }, _app: INestApplicationContext): Promise<void> {
  await seedFeverSetup(db);
  await seedFeverReadings(db, options);
}
