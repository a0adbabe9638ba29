import { adminReachOf, findLocale, LOCALES, UI_PREFERENCE_DEFAULTS, type UserDto } from '@portal/contracts';
import type { User } from './user.entity';

/** Exactly the §3 User fields that leave the service; never the hash or the lockout state. */
export function presentUser(user: User, roleGroups: { code: string; roles: string[] }[] = []): UserDto {
  const locale = findLocale(user.language) ?? LOCALES[0];
  const roles = effectiveRoles(user.roles, roleGroups);
  return {
    uuid: user.uuid,
    login: user.login,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    avatarURL: user.avatarUrl,
    timezone: user.timezone,
    phone: user.phone,
    language: { id: locale.id, code: locale.code, short: locale.short },
    theme: user.theme as UserDto['theme'],
    etiquette_format: user.etiquetteFormat as UserDto['etiquette_format'],
    uid_zpl_printer: user.uidZplPrinter,
    printer: { url: user.printerUrl, port: user.printerPort },
    autoPrint: user.autoPrint,
    exportFormat: user.exportFormat as UserDto['exportFormat'],
    roles,
    roleGroups: roleGroups.map((g) => g.code),
    fullAdminReach: adminReachOf(roles, user.depositorIds).all,
    logo: user.logo,
    contactMail: user.contactMail,
    filters: {
      depositors: user.filterDepositorIds,
      activities: user.filterActivityIds,
      stores: user.filterStoreIds,
      platforms: user.filterPlatformIds,
    },
    preferences: { ...UI_PREFERENCE_DEFAULTS, ...user.preferences },
  };
}

/** A user's own roles plus those of their role groups, once each. */
export function effectiveRoles(own: string[], groups: { roles: string[] }[]): string[] {
  return [...new Set([...own, ...groups.flatMap((g) => g.roles)])].sort();
}
