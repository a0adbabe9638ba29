import type { INestApplicationContext } from '@nestjs/common';
import type { Db } from '@portal/db';

/** Demo probes, plans and a year of readings (issue 16 item 6): filled in by the fever work. */
export async function seedFeverDemo(_db: Db, _options: { scale: number; now: Date }, _app: INestApplicationContext): Promise<void> {}
