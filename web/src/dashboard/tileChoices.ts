import {
  canPinTile,
  pinnableChartSources,
  pinnableReports,
  TILE_TYPES,
  type ReportDefinitionDto,
  type TileTarget,
  type TileType,
} from '@portal/contracts';
import { compareNumbers } from '../reports/search';

/** What the new-tile dialog offers: only what the server would let this user pin (one rule, libs/contracts tiles). */
export interface TileChoices {
  types: TileType[];
  /** The user's applications, as the server lists them (GET /dashboard/personnal/apps). */
  appIds: string[];
  reports: string[];
  sources: string[];
}

/**
 * `catalogue`: the reports the server lets the user open (GET /api/reports), when known: only those
 * are offered, by display number; unknown (not loaded, or failed), the pinning rule alone decides.
 */
export function tileChoices(
  roles: readonly string[],
  appIds: readonly string[],
  catalogue?: readonly ReportDefinitionDto[] | null,
): TileChoices {
  const apps = appIds.filter((id) => canPinTile(roles, { type: 'link', id_object: id }));
  const pinnable = pinnableReports(roles);
  const reports = catalogue?.length
    ? [...catalogue]
        .filter((r) => pinnable.includes(r.id))
        .sort((a, b) => compareNumbers(a.displayNumber, b.displayNumber))
        .map((r) => r.id)
    : pinnable;
  const sources = pinnableChartSources(roles);
  const offered: Record<TileType, boolean> = { link: apps.length > 0, report: reports.length > 0, chart: sources.length > 0 };
  return { types: TILE_TYPES.filter((t) => offered[t]), appIds: apps, reports, sources };
}

/** Whether the dialog may send this tile (the server checks again). */
export const canAdd = (roles: readonly string[], tile: TileTarget): boolean => canPinTile(roles, tile);
