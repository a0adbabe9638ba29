import { ADMIN_IMPORT_ROLES, AdminImportSubjects } from '@portal/contracts';
import { importController } from '@portal/files';
import { UsersImport } from './users-import';

/** The back office's users import (ADMIN_USERS, within the importer's reach as in the users' form): simulate, read, import. */
export const UsersImportController = importController({
  name: 'UsersImportController',
  subjects: AdminImportSubjects.users,
  roles: ADMIN_IMPORT_ROLES.users,
  runs: UsersImport,
});
