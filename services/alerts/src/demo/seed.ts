import type { Db } from '@portal/db';

/** Demo alerts of alice and bob (filled by the alerts CRUD work). */
export async function seedAlertsDemo(_db: Db): Promise<void> {}
