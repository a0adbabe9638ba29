import { lazy } from 'react';
import { ADMIN_IMPORT_ROLES, Role } from '@portal/contracts';
import type { AdminArea } from './areas';

/**
 * Depositors, platforms, activities, stores, email templates, logos, logs, announcements (issue 18
 * item 2), each behind its spec §6 role: ADMIN_DEPOSITOR the depositors and their logos, ADMIN_LIST
 * the provider's lists (platforms, activities, stores), ADMIN_TEMPLATE the templates, ADMIN_LOGS the
 * logs, ADMIN_ANNOUNCEMENT the announcements. A depositor's own logo is changed from the header
 * (USER_CHANGE_OWN_LOGO), not here. The data import opens for whoever may import one of its kinds.
 */
export const REFERENCE_AREAS: AdminArea[] = [
  {
    path: 'depositors',
    roles: [Role.ADMIN_DEPOSITOR],
    labelKey: 'adminRef.areas.depositors.title',
    descriptionKey: 'adminRef.areas.depositors.description',
    component: lazy(() => import('./depositors/DepositorsArea')),
  },
  {
    path: 'reference',
    roles: [Role.ADMIN_LIST],
    labelKey: 'adminRef.areas.reference.title',
    descriptionKey: 'adminRef.areas.reference.description',
    component: lazy(() => import('./reference/ReferenceArea')),
  },
  {
    path: 'templates',
    roles: [Role.ADMIN_TEMPLATE],
    labelKey: 'adminRef.areas.templates.title',
    descriptionKey: 'adminRef.areas.templates.description',
    component: lazy(() => import('./templates/TemplatesArea')),
  },
  {
    path: 'logos',
    roles: [Role.ADMIN_DEPOSITOR],
    labelKey: 'adminRef.areas.logos.title',
    descriptionKey: 'adminRef.areas.logos.description',
    component: lazy(() => import('./logos/LogosArea')),
  },
  {
    path: 'logs',
    roles: [Role.ADMIN_LOGS],
    labelKey: 'adminRef.areas.logs.title',
    descriptionKey: 'adminRef.areas.logs.description',
    component: lazy(() => import('./logs/LogsArea')),
  },
  {
    path: 'imports',
    roles: [...new Set(Object.values(ADMIN_IMPORT_ROLES).flat())],
    labelKey: 'adminImport.title',
    descriptionKey: 'adminImport.description',
    component: lazy(() => import('./imports/DataImportArea')),
  },
  {
    path: 'transport',
    roles: [Role.ADMIN_CARRIER, Role.ADMIN_TOUR],
    labelKey: 'adminTransport.title',
    descriptionKey: 'adminTransport.description',
    component: lazy(() => import('./transport/TransportArea')),
  },
  {
    path: 'announcements',
    roles: [Role.ADMIN_ANNOUNCEMENT],
    labelKey: 'adminRef.areas.announcements.title',
    descriptionKey: 'adminRef.areas.announcements.description',
    component: lazy(() => import('./announcements/AnnouncementsArea')),
  },
];
