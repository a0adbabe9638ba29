import { DEMO_CARRIERS, demoCarrierSecret } from '@portal/demo';
import type { Db } from '@portal/db';

/** Demo HMAC secrets of the carriers of the demo orders (libs/demo), seeded with the demo data. */
export const DEMO_CARRIER_SECRETS: Record<string, string> = Object.fromEntries(
  DEMO_CARRIERS.map((c) => [c.code, demoCarrierSecret(c.code)]),
);

/** Stores a carrier's webhook secret (replaces the previous one). */
export async function setCarrierSecret(db: Db, carrier: string, secret: string): Promise<void> {
  await db.system.query(
    `INSERT INTO carrier_secrets (carrier_code, secret) VALUES ($1, $2) ON CONFLICT (carrier_code) DO UPDATE SET secret = EXCLUDED.secret`,
    [carrier.toUpperCase(), secret],
  );
}
