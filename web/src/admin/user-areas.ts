import { lazy } from 'react';
import { Role } from '@portal/contracts';
import type { AdminArea } from './areas';

/** Users and role groups (issue 18 items 1–2). */
export const USER_AREAS: AdminArea[] = [
  {
    path: 'users',
    roles: [Role.ADMIN_USERS],
    labelKey: 'adminUsers.areas.users',
    descriptionKey: 'adminUsers.areas.usersHint',
    component: lazy(() => import('./users/UsersArea')),
  },
  {
    path: 'groups',
    roles: [Role.ADMIN_GROUP],
    labelKey: 'adminUsers.areas.groups',
    descriptionKey: 'adminUsers.areas.groupsHint',
    component: lazy(() => import('./groups/GroupsArea')),
  },
];
