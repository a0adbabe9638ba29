import { ADMIN_FAMILY, Role, RoleName } from './roles';

/** An application tile of spec §2: the route it opens and the roles any of which allow it. */
export interface PortalApp {
  id: string;
  route: string;
  roles: readonly RoleName[];
  /** i18n key of its title in the web app. */
  labelKey: string;
}

export const PORTAL_APPS: readonly PortalApp[] = [
  { id: 'pgt', route: '/pgt', roles: [Role.PGT_USER], labelKey: 'apps.pgt' },
  { id: 'stock', route: '/stock', roles: [Role.STOCK_USER], labelKey: 'apps.stock' },
  { id: 'vip', route: '/vip', roles: [Role.ALERT_USER], labelKey: 'apps.vip' },
  { id: 'doc', route: '/doc', roles: [Role.ALERT_USER], labelKey: 'apps.doc' },
  { id: 'item', route: '/item', roles: [Role.ITEM_USER], labelKey: 'apps.item' },
  { id: 'dashtower', route: '/dashtower', roles: [Role.DASHTOWER_USER], labelKey: 'apps.dashtower' },
  { id: 'geo-order', route: '/geo-order', roles: [Role.GEO_ORDER_USER], labelKey: 'apps.geoOrder' },
  { id: 'serialtracker', route: '/serialtracker', roles: [Role.SERIAL_USER], labelKey: 'apps.serialtracker' },
  { id: 'tracerroute', route: '/tracerroute', roles: [Role.TRACERROUTE_USER], labelKey: 'apps.tracerroute' },
  { id: 'claim', route: '/claim', roles: [Role.CLAIM_USER, Role.USER_CLAIM_READ], labelKey: 'apps.claim' },
  { id: 'fever', route: '/fever', roles: [Role.ADMIN_SONDE, Role.FEVER_USER], labelKey: 'apps.fever' },
  { id: 'admin', route: '/admin', roles: ADMIN_FAMILY, labelKey: 'apps.admin' },
];

/** The applications a user with these roles may open (ADMIN: all of them). */
export function appsForRoles(roles: readonly string[]): PortalApp[] {
  return PORTAL_APPS.filter((app) => roles.includes(Role.ADMIN) || app.roles.some((r) => roles.includes(r)));
}

/** The application that owns a browser path, if any (used to gate deep links). */
export function appForPath(path: string): PortalApp | undefined {
  return PORTAL_APPS.find((app) => path === app.route || path.startsWith(`${app.route}/`));
}
