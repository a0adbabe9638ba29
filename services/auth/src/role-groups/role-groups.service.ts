import { Inject, Injectable } from '@nestjs/common';
import { addToOutbox, OutboxRelay, recordAuditChange } from '@portal/bus';
import {
  AdminUsersEvents,
  AppError,
  EventTypes,
  parseBody,
  parseListRequest,
  RIGHTS,
  ROLE_GROUPS_LIST,
  roleGroupInput,
  type AdminChangeEvent,
  type CallerContext,
  type ListPage,
  type RightDto,
  type RoleGroupDto,
} from '@portal/contracts';
import { countedPage, Db, likeLiteral, orderBy, rowsOf } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { AdminUsersRepository } from '../admin-users/admin-users.repository';
import { requireGrantable, type Manager } from '../admin-users/manager';

const SORTS: Record<string, string> = { id: 'g.id', code: 'g.code', label: 'g.label' };
const NOT_NULL = new Set(Object.values(SORTS));

/**
 * Role groups (spec §3, §6 ADMIN_GROUP, "remove role groups"): named sets of roles given at once,
 * the provider's own (changed by ADMIN_GROUP users without depositors, or ADMIN); and the rights
 * catalogue. A user's effective roles are their own plus their groups' (sessions read them fresh).
 */
@Injectable()
export class RoleGroupsService {
  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly users: AdminUsersRepository,
    private readonly outbox: OutboxRelay,
  ) {}

  rights(): readonly RightDto[] {
    return RIGHTS;
  }

  /** The groups, each with how many users the caller reaches have it. */
  async list(ctx: CallerContext, data: unknown): Promise<ListPage<RoleGroupDto>> {
    const query = parseListRequest(ROLE_GROUPS_LIST, data);
    const manager = await this.users.managerFor(ctx);
    const w = this.users.reachWhere(ctx, manager);
    const conditions: string[] = [];
    if (query.filter.q) {
      const like = w.param(`%${likeLiteral(query.filter.q)}%`);
      conditions.push(`(g.code ILIKE ${like} OR g.label ILIKE ${like})`);
    }
    if (query.filter.role) conditions.push(`${w.param(query.filter.role)} = ANY(g.roles)`);
    const where = conditions.length ? conditions.join(' AND ') : 'TRUE';
    const columns = `g.id, g.code, g.label, g.roles,
      (SELECT count(*)::int FROM user_role_groups ug JOIN users u ON u.id = ug.user_id WHERE ug.group_id = g.id AND ${w}) AS "userCount"`;
    const page = { offset: query.offset, limit: query.limit, maxExactCount: 10_000 };
    return countedPage<RoleGroupDto>(
      (sql, params) => this.db.scopedQuery(this.users.scopeOf(manager), sql, params),
      w,
      {
        countRows: `SELECT 1 FROM role_groups g WHERE ${where}`,
        rows: (limit, offset) =>
          `SELECT ${columns} FROM role_groups g WHERE ${where}
         ORDER BY ${orderBy(SORTS[query.sort], query.order, 'g.id', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      page,
    );
  }

  async get(ctx: CallerContext, data: unknown): Promise<RoleGroupDto> {
    const id = idOf(data);
    const manager = await this.users.managerFor(ctx);
    const w = this.users.reachWhere(ctx, manager);
    const [row] = await this.db.scopedQuery<RoleGroupDto>(
      this.users.scopeOf(manager),
      `SELECT g.id, g.code, g.label, g.roles,
         (SELECT count(*)::int FROM user_role_groups ug JOIN users u ON u.id = ug.user_id WHERE ug.group_id = g.id AND ${w}) AS "userCount"
       FROM role_groups g WHERE g.id = ${w.param(id)}`,
      w.params,
    );
    if (!row) throw groupNotFound();
    return row;
  }

  async create(ctx: CallerContext, data: unknown): Promise<RoleGroupDto> {
    const input = parseBody(roleGroupInput, data);
    const manager = await this.writer(ctx);
    requireGrantable(manager, { roles: [[], input.roles], groups: [[], []] });
    const id = await this.db.system.transaction(async (em) => {
      const [row] = await this.write(em, () =>
        em.query(`INSERT INTO role_groups (code, label, roles) VALUES ($1, $2, $3) RETURNING id, code, label, roles`, [
          input.code,
          input.label,
          unique(input.roles),
        ]),
      );
      await this.record(em, ctx, manager, AdminUsersEvents.roleGroupCreated, null, row);
      return row.id;
    });
    this.outbox.kick();
    return this.get(ctx, { id });
  }

  /** Code, label and roles; the members' sessions see the new roles at once. */
  async update(ctx: CallerContext, data: unknown): Promise<RoleGroupDto> {
    const { id, group } = (data ?? {}) as { id?: unknown; group?: unknown };
    const input = parseBody(roleGroupInput, group);
    const manager = await this.writer(ctx);
    await this.db.system.transaction(async (em) => {
      const before = await this.lock(em, idOf({ id }));
      requireGrantable(manager, { roles: [before.roles, unique(input.roles)], groups: [[], []] });
      const [after] = await this.write(em, () =>
        em.query(`UPDATE role_groups SET code = $2, label = $3, roles = $4 WHERE id = $1 RETURNING id, code, label, roles`, [
          before.id,
          input.code,
          input.label,
          unique(input.roles),
        ]),
      );
      await this.record(em, ctx, manager, AdminUsersEvents.roleGroupUpdated, before, after);
    });
    this.outbox.kick();
    return this.get(ctx, { id });
  }

  /** Spec §6 "remove role groups": its members lose its roles (those they hold otherwise stay). */
  async remove(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const manager = await this.writer(ctx);
    await this.db.system.transaction(async (em) => {
      const before = await this.lock(em, idOf(data));
      requireGrantable(manager, { roles: [before.roles, []], groups: [[], []] });
      await this.record(em, ctx, manager, AdminUsersEvents.roleGroupDeleted, before, null);
      await em.query(`DELETE FROM role_groups WHERE id = $1`, [before.id]);
    });
    this.outbox.kick();
    return { ok: true };
  }

  /** Role groups are the provider's: a depositor's administrator reads them, never changes them. */
  private async writer(ctx: CallerContext): Promise<Manager> {
    const manager = await this.users.managerFor(ctx);
    if (manager.kind === 'depositor') throw new AppError('permissionDenied', 'role groups are changed by the provider');
    return manager;
  }

  private async lock(em: EntityManager, id: number): Promise<GroupRow> {
    const [row] = rowsOf<GroupRow>(await em.query(`SELECT id, code, label, roles FROM role_groups WHERE id = $1 FOR UPDATE`, [id]));
    if (!row) throw groupNotFound();
    return row;
  }

  private async write(em: EntityManager, statement: () => Promise<unknown>): Promise<GroupRow[]> {
    try {
      return rowsOf<GroupRow>(await statement());
    } catch (e) {
      const constraint = (e as { driverError?: { constraint?: string } }).driverError?.constraint;
      if (constraint === 'role_groups_code_key') throw new AppError('roleGroupCodeAlreadyExists', 'role group code already used');
      throw e;
    }
  }

  /** Who, when, before and after on the outbox, and a context change for each member (their roles change). */
  private async record(
    em: EntityManager,
    ctx: CallerContext,
    manager: Manager,
    type: string,
    before: GroupRow | null,
    after: GroupRow | null,
  ) {
    const group = (after ?? before)!;
    const payload: AdminChangeEvent<GroupRow> = {
      subject: group.code,
      by: { uuid: manager.uuid, login: manager.login },
      at: new Date().toISOString(),
      before,
      after,
      depositorIds: [],
    };
    await addToOutbox(em, 'auth', type, payload);
    await recordAuditChange(em, ctx, 'auth', {
      entity: 'roleGroup',
      id: group.id,
      label: group.code,
      action: !before ? 'created' : !after ? 'deleted' : 'updated',
      before: before && { ...before },
      after: after && { ...after },
    });
    if (JSON.stringify(before?.roles ?? []) === JSON.stringify(after?.roles ?? [])) return;
    const members = rowsOf<{ uuid: string }>(
      await em.query(`SELECT u.uuid FROM user_role_groups ug JOIN users u ON u.id = ug.user_id WHERE ug.group_id = $1`, [group.id]),
    );
    for (const m of members) await addToOutbox(em, 'auth', EventTypes.userContextChanged, { userUuid: m.uuid });
  }
}

interface GroupRow {
  id: number;
  code: string;
  label: string;
  roles: string[];
}

const groupNotFound = () => new AppError('roleGroupNotFound', 'role group not found');
const unique = <T>(list: readonly T[]): T[] => [...new Set(list)];

function idOf(data: unknown): number {
  const raw = (data as { id?: unknown } | null)?.id;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw groupNotFound();
  return id;
}
