import { describe, expect, it } from 'vitest';
import { Role } from '@portal/contracts';
import { importKindsFor } from './kinds';

describe('the data import area', () => {
  it('offers each kind to the roles that may import it, every kind to ADMIN', () => {
    expect(importKindsFor([Role.ADMIN])).toEqual(['users', 'depositors', 'addresses']);
    expect(importKindsFor([Role.ADMIN_USERS])).toEqual(['users']);
    expect(importKindsFor([Role.ADMIN_DEPOSITOR])).toEqual(['depositors']);
    expect(importKindsFor([Role.USER_IMPORT_ALL])).toEqual(['addresses']);
    expect(importKindsFor([Role.ADMIN_DASHTOWER_USER, Role.ADMIN_USERS])).toEqual(['users', 'addresses']);
    expect(importKindsFor([Role.USER_IMPORT_HUBY, Role.DASHTOWER_USER])).toEqual([]);
  });
});
