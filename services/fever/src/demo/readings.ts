import type { Db } from '@portal/db';

/** A year of readings every 10 minutes for the demo probes, with silences and excursions: filled in by the fever ingestion work. */
export async function seedFeverReadings(_db: Db, _options: { scale: number; now: Date }): Promise<void> {}
