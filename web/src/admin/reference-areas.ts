import type { AdminArea } from './areas';

/** Depositors, platforms, activities, stores, email templates, logos, logs, announcements (issue 18 item 2). */
export const REFERENCE_AREAS: AdminArea[] = [];
