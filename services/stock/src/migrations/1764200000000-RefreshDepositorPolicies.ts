import { refreshDepositorRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Row-level security read its settings per row; the refreshed policies read them once per query. */
export class RefreshDepositorPolicies1764200000000 implements MigrationInterface {
  name = 'RefreshDepositorPolicies1764200000000';

  async up(qr: QueryRunner): Promise<void> {
    await refreshDepositorRls(qr, 'depositors', 'id');
    for (const table of ['items', 'item_variants', 'stock_lines', 'stock_snapshots', 'movements']) await refreshDepositorRls(qr, table);
  }

  async down(): Promise<void> {
    // The condition is equivalent; nothing to undo.
  }
}
