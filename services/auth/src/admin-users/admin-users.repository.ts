import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_USERS_LIST,
  AppError,
  Role,
  type AdminUserDto,
  type CallerContext,
  type ListPage,
  type ListQuery,
  type Scope,
} from '@portal/contracts';
import { countedPage, Db, likeLiteral, orderBy, rowsOf, ScopedWhere } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { uniquenessError } from '../users/users.repository';
import { managerOf, reachScope, type Manager } from './manager';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const GROUPS_OF = `FROM user_role_groups ug JOIN role_groups g ON g.id = ug.group_id WHERE ug.user_id = u.id`;

/** The columns of AdminUserDto, read from `users u`. */
export const ADMIN_USER_COLUMNS = `u.uuid AS id, u.uuid, u.login, u.email, u.firstname, u.lastname, u.avatar_url AS "avatarURL",
  u.timezone, u.phone, u.language, u.theme, u.etiquette_format, u.uid_zpl_printer, u.printer_url AS "printerUrl",
  u.printer_port AS "printerPort", u.auto_print AS "autoPrint", u.export_format AS "exportFormat", u.logo,
  u.contact_mail AS "contactMail", u.roles,
  coalesce((SELECT array_agg(g.code ORDER BY g.code) ${GROUPS_OF}), '{}') AS groups,
  coalesce((SELECT array_agg(DISTINCT r ORDER BY r) FROM (SELECT unnest(u.roles) AS r
     UNION SELECT unnest(g.roles) ${GROUPS_OF}) er), '{}') AS "effectiveRoles",
  u.depositor_ids AS depositors, u.activity_ids AS activities, u.store_ids AS stores, NOT u.disabled AS active,
  to_char(u.created_at AT TIME ZONE 'UTC', ${ISO}) AS "createdAt", to_char(u.updated_at AT TIME ZONE 'UTC', ${ISO}) AS "updatedAt"`;

const SORTS: Record<string, string> = {
  id: 'u.id',
  // The unique indexes are on lower(login) and lower(email): the first page is read in their order.
  login: 'lower(u.login)',
  lastname: 'u.lastname',
  email: 'lower(u.email)',
  createdAt: 'u.created_at',
};
const NOT_NULL = new Set(Object.values(SORTS));

/** A user row as the service works on it: the DTO plus the internal id. */
export type AdminUserRow = AdminUserDto & { internalId: number };

/**
 * Users as their administrators reach them: every statement runs under the manager's reach
 * (Db.scoped, row-level security on `users`) and repeats it in its WHERE (ScopedWhere).
 */
@Injectable()
export class AdminUsersRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  /** The manager behind a caller, from the depositors an administrator gave them. */
  async managerFor(ctx: CallerContext): Promise<Manager> {
    if (!ctx.user) return managerOf(ctx, []);
    const [row] = await this.db.system.query<{ depositor_ids: number[] }>(`SELECT depositor_ids FROM users WHERE id = $1`, [ctx.user.id]);
    return managerOf(ctx, row?.depositor_ids ?? []);
  }

  /** The reach's conditions on `users u`: its depositors (all of a user's among them), never an ADMIN for a depositor's administrator. */
  reachWhere(ctx: CallerContext, manager: Manager): ScopedWhere {
    const scope = reachScope(manager);
    const w = ScopedWhere.of({ ...ctx, scope }, { depositor: 'u.depositor_ids', depositorArray: true });
    if (!scope.all)
      w.and(`cardinality(u.depositor_ids) > 0 AND NOT (${w.param(Role.ADMIN)} = ANY(u.roles))
        AND NOT EXISTS (SELECT 1 ${GROUPS_OF} AND ${w.param(Role.ADMIN)} = ANY(g.roles))`);
    return w;
  }

  list(ctx: CallerContext, manager: Manager, query: ListQuery<typeof ADMIN_USERS_LIST>): Promise<ListPage<AdminUserDto>> {
    const f = query.filter;
    const w = this.reachWhere(ctx, manager);
    if (f.login) w.and(`u.login ILIKE ${w.param(`${likeLiteral(f.login)}%`)}`);
    if (f.email) w.and(`u.email ILIKE ${w.param(`${likeLiteral(f.email)}%`)}`);
    if (f.name) w.and(`(u.firstname || ' ' || u.lastname || ' ' || u.firstname) ILIKE ${w.param(`%${likeLiteral(f.name)}%`)}`);
    if (f.depositor !== undefined) w.and(`${w.param(f.depositor)}::int = ANY(u.depositor_ids)`);
    if (f.group) w.and(`EXISTS (SELECT 1 ${GROUPS_OF} AND g.code = ${w.param(f.group.toUpperCase())})`);
    if (f.active !== undefined) w.and(`u.disabled = ${w.param(!f.active)}`);
    return countedPage<AdminUserDto>(
      (sql, params) => this.db.scopedQuery(reachScope(manager), sql, params),
      w,
      {
        countRows: `SELECT 1 FROM users u WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${ADMIN_USER_COLUMNS} FROM users u WHERE ${w}
           ORDER BY ${orderBy(SORTS[query.sort], query.order, 'u.id', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: query.offset, limit: query.limit, maxExactCount: 10_000 },
    );
  }

  /** A user within the manager's reach, or 404 userNotFound (outside the reach as much as unknown). */
  async get(ctx: CallerContext, manager: Manager, uuid: unknown, em?: EntityManager): Promise<AdminUserRow> {
    if (typeof uuid !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid))
      throw new AppError('userNotFound', 'user not found');
    const w = this.reachWhere(ctx, manager);
    w.and(`u.uuid = ${w.param(uuid)}::uuid`);
    const sql = `SELECT u.id AS "internalId", ${ADMIN_USER_COLUMNS} FROM users u WHERE ${w}${em ? ' FOR UPDATE OF u' : ''}`;
    const [row] = em
      ? rowsOf<AdminUserRow>(await em.query(sql, w.params))
      : await this.db.scopedQuery<AdminUserRow>(reachScope(manager), sql, w.params);
    if (!row) throw new AppError('userNotFound', 'user not found');
    return row;
  }

  /** A transaction under the manager's reach (row-level security on `users`). */
  transaction<T>(manager: Manager, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.scoped(reachScope(manager), fn);
  }

  async insert(em: EntityManager, columns: Record<string, unknown>): Promise<number> {
    const names = Object.keys(columns);
    try {
      const [row] = rowsOf<{ id: number }>(
        await em.query(
          `INSERT INTO users (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
          Object.values(columns),
        ),
      );
      return row.id;
    } catch (e) {
      throw uniquenessError(e) ?? e;
    }
  }

  async update(em: EntityManager, id: number, columns: Record<string, unknown>): Promise<void> {
    const names = Object.keys(columns);
    if (!names.length) return;
    try {
      await em.query(`UPDATE users SET ${names.map((n, i) => `"${n}" = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [
        id,
        ...Object.values(columns),
      ]);
    } catch (e) {
      throw uniquenessError(e) ?? e;
    }
  }

  async setGroups(em: EntityManager, userId: number, groupIds: number[]): Promise<void> {
    await em.query(`DELETE FROM user_role_groups WHERE user_id = $1`, [userId]);
    if (groupIds.length)
      await em.query(`INSERT INTO user_role_groups (user_id, group_id) SELECT $1, unnest($2::int[])`, [userId, groupIds]);
  }

  /** Every role group (the provider's), by code. */
  async groups(em?: EntityManager): Promise<{ id: number; code: string; label: string; roles: string[] }[]> {
    const sql = `SELECT id, code, label, roles FROM role_groups ORDER BY code`;
    return em ? rowsOf(await em.query(sql)) : this.db.system.query(sql);
  }

  scopeOf(manager: Manager): Scope {
    return reachScope(manager);
  }
}
