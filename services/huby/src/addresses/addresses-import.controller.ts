import { ADMIN_IMPORT_ROLES, AdminImportSubjects } from '@portal/contracts';
import { importController } from '@portal/files';
import { AddressesImport } from './addresses-import';

/** The back office's address import (ADMIN_DASHTOWER_USER or "import all"): simulate, read, import. */
export const AddressesImportController = importController({
  name: 'AddressesImportController',
  subjects: AdminImportSubjects.addresses,
  roles: ADMIN_IMPORT_ROLES.addresses,
  runs: AddressesImport,
});
