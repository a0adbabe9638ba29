import type { INestApplicationContext } from '@nestjs/common';
import type { Db } from '@portal/db';

/** The reporting projection of the demo data (issue 17): filled in by the reports work. */
export async function seedReportsDemo(_db: Db, _options: { scale: number; now: Date }, _app: INestApplicationContext): Promise<void> {}
