import { Inject, Injectable } from '@nestjs/common';
import { addToOutbox, OutboxRelay } from '@portal/bus';
import {
  AppError,
  canPinTile,
  DASHBOARD_MASTER_ROLES,
  DASHBOARD_PROFILE_NAME_MAX,
  DASHBOARD_PROFILES_MAX,
  hasAnyRole,
  type CallerContext,
  type CreateDashboardProfileInput,
  type DashboardProfileDto,
  type DashboardProfilesDto,
  type UpdateDashboardProfileInput,
  EventTypes,
  type DomainEvent,
} from '@portal/contracts';
import { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';

/** A query runner: the system handle or the entity manager of a transaction. */
export interface Runner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}
/**
 * In the transaction of a change of the user's tiles or current profile: every gateway forgets the
 * tiles it remembers for them (gateway dashboard/tiles-cache). Give the event to
 * `OutboxRelay.publishCommitted` after the commit, before answering: the user's next read may reach
 * another gateway.
 */
export function dashboardChanged(em: EntityManager, userId: number): Promise<DomainEvent> {
  return addToOutbox(em, 'auth', EventTypes.dashboardChanged, { userId });
}

/** The rows of a query on either runner. */
const rows = <T>(runner: Runner, sql: string, params: unknown[]) => runner.query(sql, params) as Promise<T[]>;

const PROFILE_COLUMNS = `p.id, p.number, p.name, p.parent_id, p.master, p.current,
  (SELECT count(*)::int FROM dashboard_tiles t WHERE t.profile_id = p.id) AS tiles`;

/**
 * The caller's dashboard profiles (spec §3, rules in libs/contracts dashboard-profiles): always the
 * caller's own rows (user_id), plus the masters of others, read-only, to copy. Dashboard tiles are
 * the user's own, not a depositor's: like the tiles, profiles are keyed by user, never scoped rows.
 */
@Injectable()
export class DashboardProfilesService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  /** The caller's current profile id, made on first use (number 1, or the next one). */
  current(ctx: CallerContext, runner: Runner = this.db.system): Promise<number> {
    return currentProfileId(runner, ctx.user!.id);
  }

  async list(ctx: CallerContext): Promise<DashboardProfilesDto> {
    await this.current(ctx);
    const profiles = await rows<DashboardProfileDto>(
      this.db.system,
      `SELECT ${PROFILE_COLUMNS} FROM dashboard_profiles p WHERE p.user_id = $1 ORDER BY p.number`,
      [ctx.user!.id],
    );
    const masters = await rows<DashboardProfileDto>(
      this.db.system,
      `SELECT ${PROFILE_COLUMNS} FROM dashboard_profiles p WHERE p.master AND p.user_id <> $1 ORDER BY p.name, p.id`,
      [ctx.user!.id],
    );
    return { profiles, masters: masters.map((m) => ({ ...m, current: false })) };
  }

  /** A new profile, empty or a copy of one of the caller's or of a master, made current. */
  async create(ctx: CallerContext, input: CreateDashboardProfileInput): Promise<DashboardProfileDto> {
    const name = profileName(input?.name);
    const copyOf = input?.copyOf === undefined || input.copyOf === null ? undefined : profileId(input.copyOf);
    const userId = ctx.user!.id;
    const { id, changed } = await this.db.system.transaction(async (em) => {
      await this.current(ctx, em);
      // One new profile at a time per user: the number and the limit hold under parallel calls.
      await em.query(`SELECT id FROM dashboard_profiles WHERE user_id = $1 FOR UPDATE`, [userId]);
      const source = copyOf === undefined ? undefined : await readable(em, userId, copyOf);
      const [{ count, next }] = await rows<{ count: number; next: number }>(
        em,
        `SELECT count(*)::int AS count, COALESCE(max(number) + 1, 1) AS next FROM dashboard_profiles WHERE user_id = $1`,
        [userId],
      );
      if (count >= DASHBOARD_PROFILES_MAX)
        throw new AppError('unableToCreate', `at most ${DASHBOARD_PROFILES_MAX} profiles`, { max: DASHBOARD_PROFILES_MAX });
      await em.query(`UPDATE dashboard_profiles SET current = false WHERE user_id = $1 AND current`, [userId]);
      const [created] = await rows<{ id: number }>(
        em,
        `INSERT INTO dashboard_profiles (user_id, number, name, parent_id, current) VALUES ($1, $2, $3, $4, true) RETURNING id`,
        [userId, next, name ?? source?.name ?? '', source?.id ?? null],
      );
      if (source) await copyTiles(em, ctx, source.id, created.id);
      return { id: created.id, changed: await dashboardChanged(em, userId) };
    });
    await this.outbox.publishCommitted([changed]);
    return this.one(ctx, id);
  }

  /** Renames a profile of the caller's, or publishes it as a master (administrators of users only). */
  async update(ctx: CallerContext, idValue: unknown, input: UpdateDashboardProfileInput): Promise<DashboardProfileDto> {
    const id = profileId(idValue);
    const name = profileName(input?.name);
    if (input?.master !== undefined && typeof input.master !== 'boolean')
      throw new AppError('validationFailed', 'master is true or false', undefined, { master: 'invalidFormat' });
    // Another's profile is "not found" before any right is checked.
    await this.own(ctx, id);
    if (input?.master !== undefined && !hasAnyRole(ctx.roles, DASHBOARD_MASTER_ROLES))
      throw new AppError('permissionDenied', 'only administrators of users publish master profiles');
    await this.db.system.query(
      `UPDATE dashboard_profiles SET name = COALESCE($3, name), master = COALESCE($4, master) WHERE id = $1 AND user_id = $2`,
      [id, ctx.user!.id, name ?? null, input?.master ?? null],
    );
    return this.one(ctx, id);
  }

  async switchTo(ctx: CallerContext, idValue: unknown): Promise<DashboardProfilesDto> {
    const id = profileId(idValue);
    const changed = await this.db.system.transaction(async (em) => {
      await this.own(ctx, id, em);
      await em.query(`UPDATE dashboard_profiles SET current = false WHERE user_id = $1 AND current AND id <> $2`, [ctx.user!.id, id]);
      await em.query(`UPDATE dashboard_profiles SET current = true WHERE user_id = $1 AND id = $2`, [ctx.user!.id, id]);
      return dashboardChanged(em, ctx.user!.id);
    });
    await this.outbox.publishCommitted([changed]);
    return this.list(ctx);
  }

  /** Deletes a profile of the caller's with its tiles; the last one stays (409), the first left becomes current. */
  async remove(ctx: CallerContext, idValue: unknown): Promise<DashboardProfilesDto> {
    const id = profileId(idValue);
    const userId = ctx.user!.id;
    const changed = await this.db.system.transaction(async (em) => {
      await em.query(`SELECT id FROM dashboard_profiles WHERE user_id = $1 FOR UPDATE`, [userId]);
      await this.own(ctx, id, em);
      const [{ count }] = await rows<{ count: number }>(em, `SELECT count(*)::int AS count FROM dashboard_profiles WHERE user_id = $1`, [
        userId,
      ]);
      if (count <= 1) throw new AppError('lastDashboardProfile', 'a user keeps at least one dashboard profile');
      await em.query(`DELETE FROM dashboard_profiles WHERE id = $1 AND user_id = $2`, [id, userId]);
      await em.query(
        `UPDATE dashboard_profiles SET current = true
         WHERE id = (SELECT id FROM dashboard_profiles WHERE user_id = $1 ORDER BY number LIMIT 1)
           AND NOT EXISTS (SELECT 1 FROM dashboard_profiles WHERE user_id = $1 AND current)`,
        [userId],
      );
      return dashboardChanged(em, userId);
    });
    await this.outbox.publishCommitted([changed]);
    return this.list(ctx);
  }

  private async one(ctx: CallerContext, id: number): Promise<DashboardProfileDto> {
    const [row] = await rows<DashboardProfileDto>(
      this.db.system,
      `SELECT ${PROFILE_COLUMNS} FROM dashboard_profiles p WHERE p.id = $1 AND p.user_id = $2`,
      [id, ctx.user!.id],
    );
    if (!row) throw new AppError('objectNotFound', 'dashboard profile not found', { id });
    return row;
  }

  /** 404 unless the profile is the caller's own. */
  private async own(ctx: CallerContext, id: number, runner: Runner = this.db.system): Promise<void> {
    const found = await rows<unknown>(runner, `SELECT 1 FROM dashboard_profiles WHERE id = $1 AND user_id = $2`, [id, ctx.user!.id]);
    if (!found.length) throw new AppError('objectNotFound', 'dashboard profile not found', { id });
  }
}

/**
 * A user's current dashboard profile id, made when they have none (number 1, or the next one). The
 * demo seed puts its tiles there too: every tile is in a profile (migration DashboardTilesInProfiles).
 */
export async function currentProfileId(runner: Runner, userId: number): Promise<number> {
  const current = () => rows<{ id: number }>(runner, `SELECT id FROM dashboard_profiles WHERE user_id = $1 AND current`, [userId]);
  let [row] = await current();
  if (!row) {
    // Two first requests at once: the unique indexes let one insert win, the other reads it.
    [row] = await rows<{ id: number }>(
      runner,
      `INSERT INTO dashboard_profiles (user_id, number, current)
       SELECT $1, COALESCE(max(number) + 1, 1), true FROM dashboard_profiles WHERE user_id = $1
       ON CONFLICT DO NOTHING RETURNING id`,
      [userId],
    );
    if (!row) [row] = await current();
    if (!row) throw new AppError('unableToCreate', 'no current dashboard profile');
  }
  return row.id;
}

/** A profile the caller may copy: their own or a master; another's is "not found". */
async function readable(em: Runner, userId: number, id: number): Promise<{ id: number; name: string }> {
  const [row] = await rows<{ id: number; name: string }>(
    em,
    `SELECT id, name FROM dashboard_profiles WHERE id = $1 AND (user_id = $2 OR master)`,
    [id, userId],
  );
  if (!row) throw new AppError('objectNotFound', 'dashboard profile not found', { id });
  return row;
}

/** Copies the tiles of a profile the copier may pin (same rule as pinning one), in their order. */
async function copyTiles(em: Runner, ctx: CallerContext, from: number, to: number): Promise<void> {
  const tiles = await rows<{ id_object: string; type: string; width: number; height: number; config: Record<string, unknown> }>(
    em,
    `SELECT id_object, type, width, height, config FROM dashboard_tiles WHERE profile_id = $1 ORDER BY x, created_at`,
    [from],
  );
  const pinnable = tiles.filter((t) => canPinTile(ctx.roles, t));
  for (const [x, t] of pinnable.entries()) {
    await em.query(
      `INSERT INTO dashboard_tiles (uuid, user_id, profile_id, id_object, type, width, height, x, config)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8)`,
      [ctx.user!.id, to, t.id_object, t.type, t.width, t.height, x, t.config],
    );
  }
}

function profileId(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647)
    throw new AppError('objectNotFound', 'dashboard profile not found', { id: String(value).slice(0, 40) });
  return id as number;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The typed name, trimmed; undefined when none was given. */
function profileName(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || CONTROL.test(value))
    throw new AppError('validationFailed', 'name is text', undefined, { name: 'invalidFormat' });
  const name = value.trim();
  if (name.length > DASHBOARD_PROFILE_NAME_MAX)
    throw new AppError(
      'validationFailed',
      `name: at most ${DASHBOARD_PROFILE_NAME_MAX} characters`,
      { max: DASHBOARD_PROFILE_NAME_MAX },
      {
        name: 'maxLength',
      },
    );
  return name;
}
