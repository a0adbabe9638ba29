import type { AdminArea } from './areas';

/** Users and role groups (issue 18 items 1–2). */
export const USER_AREAS: AdminArea[] = [];
