import { Role } from './roles';

/**
 * Dashboard profiles (spec §3 Dashboard profile: profile id, number, parent_id, master flag, issue 17):
 * a user keeps several tile sets and switches between them; the tiles of GET /dashboard/list are those
 * of the current profile. Rules:
 * - every user has at least one profile (the first is made on first use, holding the tiles they had);
 * - `number` counts a user's profiles from 1, in the order they were made;
 * - a master profile is published by an administrator of users (ADMIN, ADMIN_USERS) from one of
 *   their own profiles; every user sees the masters and may copy one into a profile of their own
 *   (`parent_id` names the master copied). Only the tiles the copier may pin are copied: a tile
 *   names an application, a report or a chart source, and its figures are always read in the
 *   copier's own scope, so a master shares a layout, never data;
 * - another user's profile that is not a master is invisible (404 objectNotFound).
 *
 * HTTP (gateway): GET /api/dashboard/profiles → DashboardProfilesDto;
 * POST /api/dashboard/profiles { name?, copyOf? } → DashboardProfileDto (new, made current);
 * PUT /api/dashboard/profiles/:id { name?, master? } → DashboardProfileDto;
 * POST /api/dashboard/profiles/:id/current → DashboardProfilesDto (switched);
 * DELETE /api/dashboard/profiles/:id → DashboardProfilesDto (409 lastDashboardProfile for the last one).
 */
export interface DashboardProfileDto {
  id: number;
  number: number;
  /** As the user typed it; empty for the first profile made on first use (the web names it by number). */
  name: string;
  parent_id: number | null;
  master: boolean;
  /** The profile whose tiles the dashboard shows (the caller's own profiles only). */
  current: boolean;
  tiles: number;
}

export interface DashboardProfilesDto {
  /** The caller's own profiles, by number. */
  profiles: DashboardProfileDto[];
  /** Master profiles of others the caller may copy. */
  masters: DashboardProfileDto[];
}

export interface CreateDashboardProfileInput {
  name?: string;
  /** A profile of the caller's or a master to copy the tiles of. */
  copyOf?: number;
}

export interface UpdateDashboardProfileInput {
  name?: string;
  master?: boolean;
}

export const DASHBOARD_PROFILE_NAME_MAX = 60;
export const DASHBOARD_PROFILES_MAX = 20;
/** Who may publish one of their profiles as a master (ADMIN always may). */
export const DASHBOARD_MASTER_ROLES: readonly string[] = [Role.ADMIN_USERS];

export const DashboardProfileSubjects = {
  list: 'auth.dashboard-profile.list',
  create: 'auth.dashboard-profile.create',
  update: 'auth.dashboard-profile.update',
  switch: 'auth.dashboard-profile.switch',
  delete: 'auth.dashboard-profile.delete',
} as const;
