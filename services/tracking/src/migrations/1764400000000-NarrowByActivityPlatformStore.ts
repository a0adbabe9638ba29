import { enableNarrowingRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9: the scope's activities, stores and platforms (not only depositors) in row-level
 * security on orders. Orders get the store code the warehouse system prepares them from. The
 * order's lines, parcels, documents and history are read only through their order.
 */
export class NarrowByActivityPlatformStore1764400000000 implements MigrationInterface {
  name = 'NarrowByActivityPlatformStore1764400000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "store_code" varchar(50)`);
    await enableNarrowingRls(qr, 'orders', { platform: 'platform_id', activity: 'activity_code', store: 'store_code' });
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const dim of ['platform', 'activity', 'store']) await qr.query(`DROP POLICY IF EXISTS "orders_${dim}_scope" ON "orders"`);
    await qr.query(`ALTER TABLE "orders" DROP COLUMN IF EXISTS "store_code"`);
  }
}
