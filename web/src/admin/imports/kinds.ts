import { ADMIN_IMPORT_KINDS, ADMIN_IMPORT_ROLES, hasAnyRole, type AdminImportKind } from '@portal/contracts';

/** The kinds of data the user may import (each kind's roles, ADMIN all of them), in the screen's order. */
export const importKindsFor = (roles: readonly string[]): AdminImportKind[] =>
  ADMIN_IMPORT_KINDS.filter((kind) => hasAnyRole(roles, ADMIN_IMPORT_ROLES[kind]));
