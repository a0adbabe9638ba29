import { TILE_SIZES, type ChartKind, type DashboardTileDto, type DateRange } from '@portal/contracts';
import { api } from '../core/api';

/** A chart source of GET /dashboard/figures/{source} (CHART_SOURCES in libs/contracts). */
export type FigureSource = string;
export type SizeName = keyof typeof TILE_SIZES;
export const SIZE_NAMES = Object.keys(TILE_SIZES) as SizeName[];

export interface TileConfig {
  chart?: ChartKind;
  source?: FigureSource;
  title?: string;
  /** A report tile's §9 range; none: the report's default range. */
  range?: DateRange;
}
export type Tile = Omit<DashboardTileDto, 'config'> & { config: TileConfig };

export interface Figures {
  source: string;
  series: { label: string; value: number }[];
}

export interface NewTile {
  id_object: string;
  type: 'link' | 'report' | 'chart';
  width: number;
  height: number;
  config?: TileConfig;
}

export const listTiles = () => api<Tile[]>('/dashboard/list');
export const createTile = (tile: NewTile) => api<Tile>('/dashboard/create', { method: 'POST', body: tile });
export const deleteTile = (uuid: string) => api(`/dashboard/${encodeURIComponent(uuid)}`, { method: 'DELETE' });
export const figures = (source: string) => api<Figures>(`/dashboard/figures/${encodeURIComponent(source)}`);

/** Saves order (x), sizes and configuration of every tile in one call; answers the saved list. */
export function saveTiles(tiles: Tile[]): Promise<Tile[]> {
  const items = tiles.map((t, index) => ({ uuid: t.uuid, width: t.width, height: t.height, x: index, config: t.config }));
  return api<Tile[]>('/dashboard/list', { method: 'POST', body: { items } });
}

export function sizeOf(tile: { width: number; height: number }): SizeName {
  return SIZE_NAMES.find((n) => TILE_SIZES[n].width === tile.width && TILE_SIZES[n].height === tile.height) ?? 'normal';
}

/** Moves the tile at `from` to `to`, keeping the others in order. */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
