import type { Db } from '@portal/db';

/** The demo's zones, plans (with their images) and probes from fixtures.ts: filled in by the fever screens work. */
export async function seedFeverSetup(_db: Db): Promise<void> {}
