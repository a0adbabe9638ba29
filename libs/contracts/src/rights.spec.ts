import { ADMIN_USERS_LIST, isAdminPasswordValid, parseListRequest } from './index';
import { RIGHTS, RIGHT_GROUPS } from './rights';
import { ALL_ROLES } from './roles';

describe('rights catalogue and user administration rules', () => {
  it('names and describes every role once, in five languages, in a known group', () => {
    expect(RIGHTS.map((r) => r.id).sort()).toEqual([...ALL_ROLES].sort());
    for (const right of RIGHTS) {
      expect(RIGHT_GROUPS).toContain(right.group);
      for (const text of [right.name, right.description]) expect(Object.values(text).every((t) => t.trim().length > 0)).toBe(true);
      expect(Object.keys(right.name).sort()).toEqual(['de', 'en', 'es', 'fr', 'it']);
    }
  });

  it('holds a password set by an administrator to §5 second rule', () => {
    for (const ok of ['Abcde1', 'Abcde!', 'aB&aaa', 'Portal2026']) expect(isAdminPasswordValid(ok)).toBe(true);
    for (const bad of ['Abcd1', 'abcdef1', 'ABCDEF1', 'Abcdefg', 'Abcdef-', '']) expect(isAdminPasswordValid(bad)).toBe(false);
  });

  it('reads the users list filter and refuses what it does not know', () => {
    expect(parseListRequest(ADMIN_USERS_LIST, { filter: { active: 'false', depositor: '2', login: ' al ' } }).filter).toEqual({
      active: false,
      depositor: 2,
      login: 'al',
    });
    expect(() => parseListRequest(ADMIN_USERS_LIST, { filter: { depositor: 'x\u0000' } })).toThrow();
    expect(() => parseListRequest(ADMIN_USERS_LIST, { sort: ['password_hash', 'ASC'] })).toThrow();
  });
});
