import { ADMIN_IMPORT_ROLES, AdminImportSubjects } from '@portal/contracts';
import { importController } from '@portal/files';
import { DepositorsImport } from './depositors-import';

/** The back office's depositor import (ADMIN_DEPOSITOR, as the depositors' form): simulate, read, import. */
export const DataImportController = importController({
  name: 'DataImportController',
  subjects: AdminImportSubjects.depositors,
  roles: ADMIN_IMPORT_ROLES.depositors,
  runs: DepositorsImport,
});
