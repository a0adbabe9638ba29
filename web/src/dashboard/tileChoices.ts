import { canPinTile, pinnableChartSources, pinnableReports, TILE_TYPES, type TileTarget, type TileType } from '@portal/contracts';

/** What the new-tile dialog offers: only what the server would let this user pin (one rule, libs/contracts tiles). */
export interface TileChoices {
  types: TileType[];
  /** The user's applications, as the server lists them (GET /dashboard/personnal/apps). */
  appIds: string[];
  reports: string[];
  sources: string[];
}

export function tileChoices(roles: readonly string[], appIds: readonly string[]): TileChoices {
  const apps = appIds.filter((id) => canPinTile(roles, { type: 'link', id_object: id }));
  const reports = pinnableReports(roles);
  const sources = pinnableChartSources(roles);
  const offered: Record<TileType, boolean> = { link: apps.length > 0, report: reports.length > 0, chart: sources.length > 0 };
  return { types: TILE_TYPES.filter((t) => offered[t]), appIds: apps, reports, sources };
}

/** Whether the dialog may send this tile (the server checks again). */
export const canAdd = (roles: readonly string[], tile: TileTarget): boolean => canPinTile(roles, tile);
