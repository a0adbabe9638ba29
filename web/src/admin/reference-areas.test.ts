import { describe, expect, it } from 'vitest';
import { Role } from '@portal/contracts';
import { adminAreasFor } from './areas';
import { REFERENCE_AREAS } from './reference-areas';
import { fr } from '../i18n/fr';
import { en } from '../i18n/en';
import { es } from '../i18n/es';
import { it as itMessages } from '../i18n/it';
import { de } from '../i18n/de';

const lookup = (messages: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);

describe('the reference areas of /admin', () => {
  it('guards each area by its own ADMIN_* role', () => {
    expect(Object.fromEntries(REFERENCE_AREAS.map((a) => [a.path, a.roles]))).toEqual({
      depositors: [Role.ADMIN_DEPOSITOR],
      reference: [Role.ADMIN_LIST],
      templates: [Role.ADMIN_TEMPLATE],
      logos: [Role.ADMIN_DEPOSITOR],
      logs: [Role.ADMIN_LOGS],
      // Whoever may import one of its kinds (users, depositors, addresses).
      imports: [Role.ADMIN_USERS, Role.ADMIN_DEPOSITOR, Role.ADMIN_DASHTOWER_USER, Role.USER_IMPORT_ALL],
      transport: [Role.ADMIN_CARRIER, Role.ADMIN_TOUR],
      announcements: [Role.ADMIN_ANNOUNCEMENT],
    });
  });

  it('shows a user only the areas of their roles, every one to ADMIN', () => {
    const paths = (roles: string[]) =>
      adminAreasFor(roles)
        .map((a) => a.path)
        .filter((p) => REFERENCE_AREAS.some((r) => r.path === p));
    expect(paths([Role.ADMIN_LOGS])).toEqual(['logs']);
    expect(paths([Role.ADMIN_DEPOSITOR, Role.ADMIN_ANNOUNCEMENT])).toEqual(['depositors', 'logos', 'imports', 'announcements']);
    expect(paths([Role.USER_CHANGE_OWN_LOGO, Role.PGT_USER])).toEqual([]);
    expect(paths([Role.ADMIN])).toEqual(REFERENCE_AREAS.map((a) => a.path));
  });

  it('has distinct paths and a title and a description in the five languages', () => {
    expect(new Set(REFERENCE_AREAS.map((a) => a.path)).size).toBe(REFERENCE_AREAS.length);
    for (const messages of [fr, en, es, itMessages, de]) {
      for (const area of REFERENCE_AREAS) {
        expect(typeof lookup(messages, area.labelKey), area.labelKey).toBe('string');
        expect(typeof lookup(messages, area.descriptionKey), area.descriptionKey).toBe('string');
      }
    }
  });
});
