import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { hasAnyRole, Role, type RoleName } from '@portal/contracts';
import type { AdminAreaPath } from '../routes';
import { REFERENCE_AREAS } from './reference-areas';
import { USER_AREAS } from './user-areas';

/**
 * The sub-areas of /admin (spec §2, §6 ADMIN_* family): each guarded by its own role (ADMIN grants
 * all); /admin lists only those the user may open. Each part of the back office adds its areas to
 * its own list (user-areas.ts: users, role groups; reference-areas.ts: depositors, platforms,
 * activities, stores, templates, logos, logs, announcements…).
 */
export interface AdminArea {
  /** Path under /admin, e.g. `users` → /admin/users/*; its pages are listed in ADMIN_ROUTES (routes.ts). */
  path: AdminAreaPath;
  /** Any of these roles opens it (ADMIN always does). */
  roles: readonly RoleName[];
  /** i18n key of its title on /admin and in the menu. */
  labelKey: string;
  /** i18n key of one line saying what it is for. */
  descriptionKey: string;
  component: LazyExoticComponent<ComponentType>;
}

/** The audit trail: every change by any user in any service (the back office's logs role). */
const AUDIT_AREA: AdminArea = {
  path: 'audit',
  roles: [Role.ADMIN_LOGS],
  labelKey: 'audit.title',
  descriptionKey: 'audit.description',
  component: lazy(() => import('../audit/AuditList')),
};

/** The provider's words for statuses and carrier events (issue 36 item 6). */
const TRACKING_TRANSLATIONS_AREA: AdminArea = {
  path: 'translations',
  roles: [Role.ADMIN_TRACKING_TRANSLATION],
  labelKey: 'adminTrackingWords.title',
  descriptionKey: 'adminTrackingWords.description',
  component: lazy(() => import('./translations/TrackingTranslationsArea')),
};

/** The portal's use per depositor over time (spec §6 "plus statistics", issue 36 item 6). */
const STATISTICS_AREA: AdminArea = {
  path: 'statistics',
  roles: [Role.ADMIN_STATISTICS],
  labelKey: 'adminStatistics.title',
  descriptionKey: 'adminStatistics.description',
  component: lazy(() => import('./statistics/StatisticsArea')),
};

export const ADMIN_AREAS: readonly AdminArea[] = [
  ...USER_AREAS,
  ...REFERENCE_AREAS,
  TRACKING_TRANSLATIONS_AREA,
  STATISTICS_AREA,
  AUDIT_AREA,
];

export const adminAreasFor = (roles: readonly string[]): AdminArea[] => ADMIN_AREAS.filter((a) => hasAnyRole(roles, a.roles));
