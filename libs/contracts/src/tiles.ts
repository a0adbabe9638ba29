import { PORTAL_APPS } from './apps';
import { REPORT_CATALOGUE, reportSpec } from './reports/catalogue';
import { hasAnyRole, Role, type RoleName } from './roles';
import { AppError } from './errors';
import type { TileType } from './settings';

/**
 * What a user may pin on the dashboard (spec §2 tiles, §6 rights), one rule for the auth service
 * that stores tiles and the web that offers them: a tile only for what the user may open.
 */

/** The reports of spec §2 (/report/{id}) with the preset profiles of 1005 and 1010, in id order (the catalogue's). */
export const REPORT_IDS: readonly string[] = REPORT_CATALOGUE.map((r) => r.id).sort((a, b) => Number(a) - Number(b));

/**
 * The roles any of which open a report (ADMIN always does), as the catalogue says: its numbered
 * right (REPORT_USER_{id}) where it has one, the family role (MESSAGERIE, TRANSIT, LAMAT, INTERNAL,
 * STOCK_MVT_DETAILS) for those families, REPORT_USER otherwise. Undefined: no such report.
 */
export function reportRoles(reportId: string): readonly string[] | undefined {
  return reportSpec(reportId)?.roles;
}

/** The service that computes a chart source from the data it owns (answering on `<service>.figures.get`). */
export type ChartSourceService = 'admin' | 'tracking' | 'stock';

export interface ChartSource {
  id: string;
  service: ChartSourceService;
  /** The roles any of which read it (none: any signed-in user); ADMIN always does. */
  roles: readonly RoleName[];
}

const TRACKING_READERS: readonly RoleName[] = [Role.PGT_USER, Role.TRACERROUTE_USER];

/** The chart sources of GET /dashboard/figures/{source}: operational figures first, then reference-data counts. */
export const CHART_SOURCES: readonly ChartSource[] = [
  // Deliveries of the caller's depositors (tracking service): what the tracker and Tracer Route users watch.
  { id: 'late-deliveries', service: 'tracking', roles: TRACKING_READERS },
  { id: 'anomalies-by-carrier', service: 'tracking', roles: TRACKING_READERS },
  { id: 'week-deliveries-by-status', service: 'tracking', roles: TRACKING_READERS },
  // Blocked quantities of the caller's stock (stock service).
  { id: 'blocked-stock-by-code', service: 'stock', roles: [Role.STOCK_USER] },
  // Counts of the caller's own depositors, activities and stores: reference data every user reads, scoped.
  { id: 'depositor-activities', service: 'admin', roles: [] },
  { id: 'depositor-stores', service: 'admin', roles: [] },
  { id: 'platform-stores', service: 'admin', roles: [] },
  // Live announcements: shown to every user.
  { id: 'announcements-by-type', service: 'admin', roles: [] },
];

/** The chart source of this id, undefined when there is none. */
export const chartSource = (id: string): ChartSource | undefined => CHART_SOURCES.find((s) => s.id === id);

/** The sources one service computes (its figures DTO validates against them). */
export const chartSourcesOf = (service: ChartSourceService): string[] =>
  CHART_SOURCES.filter((s) => s.service === service).map((s) => s.id);

/**
 * The chart source a figures request asks for, checked: validationFailed when there is no such
 * source (or, for `service`, none of that service's), permissionDenied when the caller's roles do
 * not read it. The gateway checks it to route the request; the service computing it checks again
 * (the server never trusts its caller).
 */
export function readableChartSource(roles: readonly string[], data: unknown, service?: ChartSourceService): ChartSource {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).source : undefined;
  if (value === undefined || value === null || value === '')
    throw new AppError('validationFailed', 'source is required', undefined, { source: 'required' });
  const source = typeof value === 'string' ? chartSource(value) : undefined;
  if (!source || (service && source.service !== service))
    throw new AppError('validationFailed', 'unknown chart source', undefined, { source: 'invalidFormat' });
  if (!hasAnyRole(roles, source.roles)) throw new AppError('permissionDenied', `no right to read ${source.id}`, { source: source.id });
  return source;
}

/** The source a figures request of this service asks for (readableChartSource), by id. */
export const requestedChartSource = (service: ChartSourceService, roles: readonly string[], data: unknown): string =>
  readableChartSource(roles, data, service).id;

/** One point of a chart: a label (a carrier, a status code, a blocking code…) and its count. */
export interface FigurePoint {
  label: string;
  value: number;
}

/** The answer of GET /dashboard/figures/{source}. */
export interface FiguresResponse {
  source: string;
  series: FigurePoint[];
}

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
