import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  appsForRoles,
  canPinTile,
  TILE_TYPES,
  type CallerContext,
  type DashboardTileDto,
  type TileTarget,
} from '@portal/contracts';
import { OutboxRelay } from '@portal/bus';
import { Db } from '@portal/db';
import { DashboardTile } from './dashboard-tile.entity';
import { dashboardChanged, DashboardProfilesService } from './dashboard-profiles.service';

const MAX_WIDTH = 4;
const MAX_HEIGHT = 3;
/** Per dashboard profile. */
const MAX_TILES = 60;

export interface TileInput {
  id_object?: string;
  type?: string;
  width?: number;
  height?: number;
  x?: number;
  config?: Record<string, unknown>;
}

/**
 * The user's pinned tiles (spec §3 Dashboard tile, §7 dashboard calls). Always the caller's own, and
 * only for what the caller may open (`canPinTile`): an application of their roles, a report they
 * have the right of, a chart source they may read. A tile the caller can no longer open (a role
 * taken away) is kept but not listed, and comes back with the role. The list and new tiles are those
 * of the caller's current dashboard profile (dashboard-profiles.service).
 */
@Injectable()
export class DashboardService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(DashboardProfilesService) private readonly profiles: DashboardProfilesService,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  private get repo() {
    return this.db.system.dataSource.getRepository(DashboardTile);
  }

  /** The tiles of the caller's current profile, in one read: none before their first profile is made. */
  async list(ctx: CallerContext): Promise<DashboardTileDto[]> {
    const rows = await this.db.system.query<DashboardTileDto>(
      `SELECT t.uuid, t.id_object, t.type, t.width, t.height, t.x, t.config
       FROM dashboard_profiles p JOIN dashboard_tiles t ON t.profile_id = p.id AND t.user_id = p.user_id
       WHERE p.user_id = $1 AND p.current ORDER BY t.x, t.created_at`,
      [ctx.user!.id],
    );
    return rows.filter((tile) => canPinTile(ctx.roles, tile));
  }

  async create(ctx: CallerContext, input: TileInput): Promise<DashboardTileDto> {
    const idObject = String(input?.id_object ?? '').trim();
    if (!idObject || idObject.length > 100)
      throw new AppError('missingParameter', 'id_object is required', undefined, { id_object: 'required' });
    const type = input.type ?? 'link';
    if (!(TILE_TYPES as readonly string[]).includes(type))
      throw new AppError('invalidTileType', `unknown tile type ${type}`, { value: type });
    const { width, height } = size(input.width ?? 1, input.height ?? 1);
    const config = plainConfig(input.config);
    checkPinnable(ctx, { type, id_object: idObject, config });
    const profileId = await this.profiles.current(ctx);
    const [{ count, next }] = await this.db.system.query<{ count: string; next: number }>(
      `SELECT count(*) AS count, COALESCE(max(x) + 1, 0) AS next FROM dashboard_tiles WHERE user_id = $1 AND profile_id = $2`,
      [ctx.user!.id, profileId],
    );
    if (Number(count) >= MAX_TILES) throw new AppError('unableToCreate', `at most ${MAX_TILES} tiles`, { max: MAX_TILES });
    const tile = this.repo.create({
      uuid: randomUUID(),
      userId: ctx.user!.id,
      profileId,
      idObject,
      type,
      width,
      height,
      x: Number.isInteger(input.x) && input.x! >= 0 ? input.x! : next,
      config,
    });
    const changed = await this.db.system.transaction(async (em) => {
      await em.getRepository(DashboardTile).insert(tile);
      return dashboardChanged(em, ctx.user!.id);
    });
    await this.outbox.publishCommitted([changed]);
    return present(tile);
  }

  /**
   * Saves order, size and configuration of the given tiles in one transaction (drag and drop): all
   * of them or, when one is not the caller's or would show what they may not open, none.
   */
  async save(ctx: CallerContext, items: (TileInput & { uuid: string })[]): Promise<DashboardTileDto[]> {
    if (!Array.isArray(items)) throw new AppError('missingParameter', 'items is required', undefined, { items: 'required' });
    const changed = await this.db.system.transaction(async (em) => {
      const tiles = em.getRepository(DashboardTile);
      for (const item of items) {
        const { width, height } = size(item.width ?? 1, item.height ?? 1);
        const x = Number.isInteger(item.x) && item.x! >= 0 ? item.x! : 0;
        const changes: Partial<DashboardTile> = { width, height, x };
        if (item.config !== undefined) changes.config = plainConfig(item.config);
        const tile = await tiles.findOneBy({ uuid: validUuid(item.uuid), userId: ctx.user!.id });
        if (!tile) throw new AppError('objectNotFound', 'tile not found', { uuid: item.uuid });
        checkPinnable(ctx, { type: tile.type, id_object: tile.idObject, config: changes.config ?? tile.config });
        await tiles.update({ uuid: tile.uuid, userId: ctx.user!.id }, changes);
      }
      return dashboardChanged(em, ctx.user!.id);
    });
    await this.outbox.publishCommitted([changed]);
    return this.list(ctx);
  }

  async remove(ctx: CallerContext, uuid: string): Promise<{ ok: true }> {
    const id = validUuid(uuid);
    const changed = await this.db.system.transaction(async (em) => {
      const result = await em.getRepository(DashboardTile).delete({ uuid: id, userId: ctx.user!.id });
      if (!result.affected) throw new AppError('objectNotFound', 'tile not found', { uuid });
      return dashboardChanged(em, ctx.user!.id);
    });
    await this.outbox.publishCommitted([changed]);
    return { ok: true };
  }

  apps(ctx: CallerContext): { id: string; route: string; labelKey: string }[] {
    return appsForRoles(ctx.roles).map(({ id, route, labelKey }) => ({ id, route, labelKey }));
  }
}

/** 403 permissionDenied for a tile of an application, report or chart source the caller may not open. */
function checkPinnable(ctx: CallerContext, tile: TileTarget): void {
  if (!canPinTile(ctx.roles, tile)) {
    throw new AppError('permissionDenied', `no right to open ${tile.type ?? 'link'} ${tile.id_object}`, {
      type: tile.type ?? 'link',
      id_object: tile.id_object,
    });
  }
}

function size(width: unknown, height: unknown): { width: number; height: number } {
  const ok = (v: unknown, max: number) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max;
  if (!ok(width, MAX_WIDTH) || !ok(height, MAX_HEIGHT)) {
    throw new AppError('invalidTileSize', `width 1-${MAX_WIDTH}, height 1-${MAX_HEIGHT}`, { width, height });
  }
  return { width: width as number, height: height as number };
}

function validUuid(uuid: string): string {
  if (typeof uuid !== 'string' || !/^[0-9a-f-]{36}$/i.test(uuid)) throw new AppError('objectNotFound', 'tile not found', { uuid });
  return uuid;
}

function plainConfig(config: unknown): DashboardTile['config'] {
  if (config === undefined || config === null) return {};
  if (typeof config !== 'object' || Array.isArray(config) || JSON.stringify(config).length > 2000) {
    throw new AppError('validationFailed', 'config must be a small object', undefined, { config: 'invalidFormat' });
  }
  return config as DashboardTile['config'];
}

function present(tile: DashboardTile): DashboardTileDto {
  return {
    uuid: tile.uuid,
    id_object: tile.idObject,
    type: tile.type,
    width: tile.width,
    height: tile.height,
    x: tile.x,
    config: tile.config,
  };
}
