import { describe, expect, it } from 'vitest';
import { Role } from '@portal/contracts';
import { adminAreasFor } from './areas';
import { USER_AREAS } from './user-areas';

describe('/admin areas of users and role groups', () => {
  const paths = (roles: string[]) =>
    adminAreasFor(roles)
      .map((a) => a.path)
      .filter((p) => USER_AREAS.some((u) => u.path === p));

  it('opens users to ADMIN_USERS, role groups to ADMIN_GROUP, both to ADMIN', () => {
    expect(paths([Role.ADMIN_USERS, Role.ADMIN_DEPOSITOR])).toEqual(['users']);
    expect(paths([Role.ADMIN_GROUP])).toEqual(['groups']);
    expect(paths([Role.ADMIN])).toEqual(['users', 'groups']);
    expect(paths([Role.PGT_USER, Role.ADMIN_LOGS])).toEqual([]);
  });

  it('names each area in the translations', async () => {
    const { fr } = await import('../i18n/fr');
    const messages = fr as unknown as { adminUsers: { areas: Record<string, string> } };
    for (const area of USER_AREAS)
      for (const key of [area.labelKey, area.descriptionKey]) expect(messages.adminUsers.areas[key.split('.').pop()!]).toBeTruthy();
  });
});
