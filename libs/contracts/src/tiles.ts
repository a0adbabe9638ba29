import { PORTAL_APPS } from './apps';
import { hasAnyRole, reportRole, Role, type RoleName } from './roles';
import type { TileType } from './settings';

/**
 * What a user may pin on the dashboard (spec §2 tiles, §6 rights), one rule for the auth service
 * that stores tiles and the web that offers them: a tile only for what the user may open.
 */

/**
 * The reports of spec §2 (/report/{id}), with the preset profiles of 1005 and 1010 that show as
 * reports of their own. Until the reports library owns a catalogue, this list is it.
 */
export const REPORT_IDS: readonly string[] = [
  ...[1002, 1003, 1005, 1008, 1010, 1011, 1018, 1042, 1047, 1050, 1052, 1057, 10075, 100001, 10110, 101053],
  ...range(1027, 1035),
  ...range(1059, 1073),
  ...[10, 59, 159, 161, 189, 197, 240],
]
  .sort((a, b) => a - b)
  .map(String);

/** Reports with a right of their own, REPORT_USER_{id} (spec §6 numbered report rights). */
const NUMBERED_REPORT_RIGHTS: ReadonlySet<string> = new Set(
  Object.values(Role)
    .map((role) => /^REPORT_USER_(\d+)$/.exec(role)?.[1])
    .filter((id): id is string => !!id),
);

/**
 * The roles any of which open a report (ADMIN always does): a report with a numbered right needs
 * that right, REPORT_USER alone does not open it; any other report of the catalogue needs
 * REPORT_USER. The family roles (MESSAGERIE, TRANSIT, LAMAT, INTERNAL…) open no report tile until
 * the catalogue says which reports are theirs. Undefined: no such report.
 */
export function reportRoles(reportId: string): readonly string[] | undefined {
  if (!REPORT_IDS.includes(reportId)) return undefined;
  return NUMBERED_REPORT_RIGHTS.has(reportId) ? [reportRole(reportId)] : [Role.REPORT_USER];
}

/** The chart sources of GET /dashboard/figures/{source}, each with the roles that may read it (none: any signed-in user). */
export const CHART_SOURCES: readonly { id: string; roles: readonly RoleName[] }[] = [
  // Counts of the caller's own depositors, activities and stores: reference data every user reads, scoped.
  { id: 'depositor-activities', roles: [] },
  { id: 'depositor-stores', roles: [] },
  { id: 'platform-stores', roles: [] },
  // Live announcements: shown to every user.
  { id: 'announcements-by-type', roles: [] },
];

/** The tile as far as rights go: what it points to. */
export interface TileTarget {
  type?: TileType | string;
  id_object: string;
  config?: { source?: unknown } | Record<string, unknown> | null;
}

/** The report ids these roles may pin, in catalogue order. */
export function pinnableReports(roles: readonly string[]): string[] {
  return REPORT_IDS.filter((id) => hasAnyRole(roles, reportRoles(id)!));
}

/** The chart sources these roles may pin. */
export function pinnableChartSources(roles: readonly string[]): string[] {
  return CHART_SOURCES.filter((s) => hasAnyRole(roles, s.roles)).map((s) => s.id);
}

/**
 * Whether these roles may pin this tile: an application they may open (spec §2 roles), a report
 * of the catalogue they have the right of, or a chart whose source they may read. Unknown targets
 * are never pinnable.
 */
export function canPinTile(roles: readonly string[], tile: TileTarget): boolean {
  switch (tile.type ?? 'link') {
    case 'link': {
      const app = PORTAL_APPS.find((a) => a.id === tile.id_object);
      return !!app && hasAnyRole(roles, app.roles);
    }
    case 'report': {
      const needed = reportRoles(tile.id_object);
      return !!needed && hasAnyRole(roles, needed);
    }
    case 'chart': {
      const source = tile.config && 'source' in tile.config ? tile.config.source : undefined;
      const sources = pinnableChartSources(roles);
      return sources.includes(tile.id_object) && (source === undefined || source === null || sources.includes(String(source)));
    }
    default:
      return false;
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
