import { enableNarrowingRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9: the scope's platforms and stores (not only depositors) in row-level security. Stock
 * lines get the store code the warehouse system gives (movements already had it).
 */
export class NarrowByPlatformAndStore1764400000000 implements MigrationInterface {
  name = 'NarrowByPlatformAndStore1764400000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "stock_lines" ADD COLUMN IF NOT EXISTS "store_code" character varying(50)`);
    await enableNarrowingRls(qr, 'stock_lines', { platform: 'platform_id', store: 'store_code' });
    await enableNarrowingRls(qr, 'movements', { platform: 'platform_id', store: 'store_code' });
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of ['stock_lines', 'movements'])
      for (const dim of ['platform', 'store']) await qr.query(`DROP POLICY IF EXISTS "${table}_${dim}_scope" ON "${table}"`);
    await qr.query(`ALTER TABLE "stock_lines" DROP COLUMN IF EXISTS "store_code"`);
  }
}
