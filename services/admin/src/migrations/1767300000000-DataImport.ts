import { createImportTables, dropImportTables } from '@portal/files';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The back office's data import with simulation (depositors): the shared import tables; a simulation is its uploader's. */
export class DataImport1767300000000 implements MigrationInterface {
  name = 'DataImport1767300000000';

  up(qr: QueryRunner): Promise<void> {
    return createImportTables(qr);
  }

  down(qr: QueryRunner): Promise<void> {
    return dropImportTables(qr);
  }
}
