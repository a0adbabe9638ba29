import { addImportLeases, dropImportLeases } from '@portal/files';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An import's run outlives the copy of the service that started it: its context, file and lease (another copy takes it over). */
export class ImportLeases1769150000000 implements MigrationInterface {
  name = 'ImportLeases1769150000000';

  up(qr: QueryRunner): Promise<void> {
    return addImportLeases(qr);
  }

  down(qr: QueryRunner): Promise<void> {
    return dropImportLeases(qr);
  }
}
