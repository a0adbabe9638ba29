import { appForPath, appsForRoles } from './apps';
import { ADMIN_FAMILY, hasAnyRole, Role } from './roles';
import { checkPasswordRules, findLocale, isPasswordValid } from './settings';

describe('roles and application tiles (spec §2, §6)', () => {
  it('lets ADMIN do everything and others any role of the list', () => {
    expect(hasAnyRole([Role.ADMIN], [Role.ADMIN_LOGS])).toBe(true);
    expect(hasAnyRole([Role.PGT_USER], [Role.STOCK_USER, Role.PGT_USER])).toBe(true);
    expect(hasAnyRole([Role.PGT_USER], [Role.STOCK_USER])).toBe(false);
    expect(hasAnyRole([], [])).toBe(true);
  });

  it('opens /fever to ADMIN_SONDE or FEVER_USER and /admin to any ADMIN_* role', () => {
    expect(appsForRoles([Role.ADMIN_SONDE]).map((a) => a.route)).toEqual(['/fever', '/admin']);
    expect(appsForRoles([Role.FEVER_USER]).map((a) => a.route)).toEqual(['/fever']);
    expect(appsForRoles([Role.ADMIN_LOGS]).map((a) => a.route)).toEqual(['/admin']);
    expect(appsForRoles([Role.ALERT_USER]).map((a) => a.route)).toEqual(['/vip', '/doc']);
    expect(ADMIN_FAMILY).toContain(Role.ADMIN_TRACKING_TRANSLATION);
    expect(ADMIN_FAMILY).not.toContain(Role.ADMIN);
  });

  it('finds the application of a deep link', () => {
    expect(appForPath('/pgt/orders/12')?.id).toBe('pgt');
    expect(appForPath('/pgtx')).toBeUndefined();
  });

  it('checks the §5 password rule and finds locales by code, short code or id', () => {
    expect(isPasswordValid('Portal2026')).toBe(true);
    expect(checkPasswordRules('portal2026')).toEqual({ minLength: true, upper: false, lower: true, digit: true });
    expect(isPasswordValid('Po2026')).toBe(false);
    expect(findLocale('6')?.code).toBe('de_DE');
    expect(findLocale('it')?.id).toBe(4);
    expect(findLocale('pt_PT')).toBeUndefined();
  });
});
